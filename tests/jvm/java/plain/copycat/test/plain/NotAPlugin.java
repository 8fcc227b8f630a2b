package copycat.test.plain;

/** A jar without a plugin: no META-INF/services manifest. */
public final class NotAPlugin {
    private NotAPlugin() {}
}
