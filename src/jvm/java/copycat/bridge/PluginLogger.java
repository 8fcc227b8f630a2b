package copycat.bridge;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.util.Arrays;
import org.slf4j.Marker;
import org.slf4j.helpers.FormattingTuple;
import org.slf4j.helpers.MessageFormatter;

/**
 * The SLF4J logger of Java plugins in a Copycat worker (docs/jvm-bridge.md "Java plugins' logging"):
 * each logger is the worker's logger of the same name, so GET/PUT /admin/loggers lists it and sets
 * its level (io.debezium, org.apache.kafka.connect.mirror), and each line is written by the worker
 * in its format, "<UTC time> <LEVEL> [<logger>] <message>", a logged exception's stack trace after
 * it, with the worker's secrets hidden. The native methods are the worker's (registered when the
 * JVM starts, src/jvm/plugin_logging.cpp); plugins call them from any thread, their own included.
 *
 * <p>The handler of a java.lang.reflect.Proxy implementing org.slf4j.Logger (PluginLoggers makes
 * them): SLF4J's Logger has some sixty methods, five levels times the same overloads, which all
 * come down to a level, an optional Marker (ignored), a format and its arguments.
 */
public final class PluginLogger implements InvocationHandler {
    private static final String[] LEVELS = {"TRACE", "DEBUG", "INFO", "WARN", "ERROR"};

    private final String name;
    private final long logger;  // the worker's named_logger

    PluginLogger(String name) {
        this.name = name;
        this.logger = handle(name.getBytes(StandardCharsets.UTF_8));
    }

    /** The index of a level name in LEVELS, any case; INFO's for an unknown name. */
    static int level(String name) {
        for (int i = 0; i < LEVELS.length; i++) if (LEVELS[i].equalsIgnoreCase(name)) return i;
        return 2;
    }

    @Override public Object invoke(Object proxy, Method method, Object[] args) {
        String m = method.getName();
        switch (m) {
            case "getName": return name;
            case "toString": return "PluginLogger[" + name + "]";
            case "hashCode": return System.identityHashCode(proxy);
            case "equals": return proxy == args[0];
            default: break;
        }
        if (m.startsWith("is") && m.endsWith("Enabled")) return enabled(logger, level(m.substring(2, m.length() - 7)));
        int level = level(m);
        if (!enabled(logger, level)) return null;
        int first = method.getParameterTypes()[0] == Marker.class ? 1 : 0;
        Object[] rest = Arrays.copyOfRange(args, first + 1, args.length);
        if (rest.length == 1 && rest[0] instanceof Object[]) rest = (Object[]) rest[0];
        FormattingTuple tuple = MessageFormatter.arrayFormat((String) args[first], rest);
        StringBuilder line = new StringBuilder(String.valueOf(tuple.getMessage()));
        if (tuple.getThrowable() != null) {
            StringWriter trace = new StringWriter();
            tuple.getThrowable().printStackTrace(new PrintWriter(trace));
            line.append('\n').append(trace.toString().stripTrailing());
        }
        write(logger, level, line.toString().getBytes(StandardCharsets.UTF_8));
        return null;
    }

    /** The worker's logger of this name (the UTF-8 bytes), created when it has none. */
    private static native long handle(byte[] name);

    /** Whether the logger writes lines at the level (an index of LEVELS). */
    private static native boolean enabled(long logger, int level);

    /** Writes one line (UTF-8) when the logger is enabled at the level. */
    private static native void write(long logger, int level, byte[] message);
}
