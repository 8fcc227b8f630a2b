package copycat.bridge;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Java exceptions as text for Copycat: the status "trace" of a failed task is Java's stack trace. */
public final class Throwables {
    private Throwables() {}

    public static String stackTrace(Throwable e) {
        StringWriter text = new StringWriter();
        e.printStackTrace(new PrintWriter(text));
        return text.toString();
    }
}
