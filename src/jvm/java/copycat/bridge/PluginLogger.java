package copycat.bridge;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.util.Arrays;
import org.slf4j.Marker;
import org.slf4j.helpers.FormattingTuple;
import org.slf4j.helpers.MessageFormatter;

/**
 * The SLF4J logger of Java plugins in a Copycat worker (docs/jvm-bridge.md "Threads"): each line goes
 * to standard error in the line format of Copycat's own plugins, "<UTC time> <LEVEL> [<logger>]
 * <message>", followed by the stack trace of a logged exception, in one write(2) so that lines of
 * the worker and its plugins never interleave. Java writes them itself rather than calling into
 * Copycat, since plugins log from threads Copycat does not own. The threshold is INFO, or the
 * system property copycat.bridge.log.level (TRACE, DEBUG, INFO, WARN, ERROR; e.g.
 * java.bridge.jvm.options=-Dcopycat.bridge.log.level=DEBUG).
 *
 * <p>The handler of a java.lang.reflect.Proxy implementing org.slf4j.Logger (PluginLoggers makes
 * them): SLF4J's Logger has some sixty methods, five levels times the same overloads, which all
 * come down to a level, an optional Marker (ignored), a format and its arguments.
 */
public final class PluginLogger implements InvocationHandler {
    private static final String[] LEVELS = {"TRACE", "DEBUG", "INFO", "WARN", "ERROR"};
    private static final int THRESHOLD = level(System.getProperty("copycat.bridge.log.level", "INFO"));
    private static final DateTimeFormatter TIME =
        DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);
    private static final FileOutputStream STDERR = new FileOutputStream(FileDescriptor.err);

    private final String name;

    PluginLogger(String name) {
        this.name = name;
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
        if (m.startsWith("is") && m.endsWith("Enabled")) return level(m.substring(2, m.length() - 7)) >= THRESHOLD;
        int level = level(m);
        if (level < THRESHOLD) return null;
        int first = method.getParameterTypes()[0] == Marker.class ? 1 : 0;
        Object[] rest = Arrays.copyOfRange(args, first + 1, args.length);
        if (rest.length == 1 && rest[0] instanceof Object[]) rest = (Object[]) rest[0];
        write(level, MessageFormatter.arrayFormat((String) args[first], rest));
        return null;
    }

    private void write(int level, FormattingTuple tuple) {
        StringBuilder line = new StringBuilder(TIME.format(Instant.now())).append(' ').append(LEVELS[level])
            .append(" [").append(name).append("] ").append(tuple.getMessage()).append('\n');
        if (tuple.getThrowable() != null) {
            StringWriter trace = new StringWriter();
            tuple.getThrowable().printStackTrace(new PrintWriter(trace));
            line.append(trace);
        }
        byte[] bytes = line.toString().getBytes(StandardCharsets.UTF_8);
        synchronized (STDERR) {
            try {
                STDERR.write(bytes);
            } catch (IOException e) {
                // nowhere left to report a failing log write
            }
        }
    }
}
