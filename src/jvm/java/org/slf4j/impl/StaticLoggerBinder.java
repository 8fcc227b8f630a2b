package org.slf4j.impl;

import copycat.bridge.PluginLoggers;
import org.slf4j.ILoggerFactory;
import org.slf4j.spi.LoggerFactoryBinder;

/**
 * The SLF4J 1.7 binding of Copycat's JVM bridge: Java plugins' loggers are copycat.bridge.PluginLogger,
 * the worker's loggers (docs/jvm-bridge.md "Java plugins' logging"). SLF4J finds this class by its
 * name on the JVM's class path.
 */
public final class StaticLoggerBinder implements LoggerFactoryBinder {
    /** The SLF4J API version this binding is compiled for (read by SLF4J through reflection). */
    public static String REQUESTED_API_VERSION = "1.6.99";

    private static final StaticLoggerBinder SINGLETON = new StaticLoggerBinder();
    private final ILoggerFactory factory = new PluginLoggers();

    private StaticLoggerBinder() {}

    public static StaticLoggerBinder getSingleton() { return SINGLETON; }

    @Override public ILoggerFactory getLoggerFactory() { return factory; }

    @Override public String getLoggerFactoryClassStr() { return PluginLoggers.class.getName(); }
}
