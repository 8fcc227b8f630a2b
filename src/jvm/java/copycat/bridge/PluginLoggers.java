package copycat.bridge;

import java.lang.reflect.Proxy;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.slf4j.ILoggerFactory;
import org.slf4j.Logger;

/** The SLF4J logger factory of Java plugins: one PluginLogger proxy per name. */
public final class PluginLoggers implements ILoggerFactory {
    private final ConcurrentMap<String, Logger> loggers = new ConcurrentHashMap<>();

    @Override public Logger getLogger(String name) {
        return loggers.computeIfAbsent(name, n -> (Logger) Proxy.newProxyInstance(
            Logger.class.getClassLoader(), new Class<?>[] {Logger.class}, new PluginLogger(n)));
    }
}
