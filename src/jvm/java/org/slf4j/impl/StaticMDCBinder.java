package org.slf4j.impl;

import org.slf4j.helpers.BasicMDCAdapter;
import org.slf4j.spi.MDCAdapter;

/** SLF4J 1.7's MDC for Java plugins (Debezium sets its context there); PluginLogger does not print it. */
public final class StaticMDCBinder {
    public static final StaticMDCBinder SINGLETON = new StaticMDCBinder();

    private StaticMDCBinder() {}

    public static StaticMDCBinder getSingleton() { return SINGLETON; }

    public MDCAdapter getMDCA() { return new BasicMDCAdapter(); }

    public String getMDCAdapterClassStr() { return BasicMDCAdapter.class.getName(); }
}
