package copycat.bridge;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.regex.Pattern;

/**
 * The class loader of one plugin location (docs/jvm-bridge.md "Discovery and isolation"): child
 * first over the location's jars, so that two plugins with different versions of a library each
 * see their own, except for the classes every plugin must share with the worker: the JDK's, SLF4J's
 * and Kafka's API. Kafka's own plugins (transforms, converters, the JSON converter, the file and
 * mirror connectors, config providers) are not part of that API and load from the location too,
 * as Kafka Connect's PluginClassLoader does.
 */
public final class PluginClassLoader extends URLClassLoader {
    private static final Pattern SHARED = Pattern.compile("^(?:java|javax|jdk|sun|org\\.slf4j|org\\.apache\\.kafka)\\..*");
    private static final Pattern KAFKA_PLUGINS = Pattern.compile(
        "^org\\.apache\\.kafka\\.(?:connect\\.(?:transforms\\.(?!Transformation$|predicates\\.Predicate$).*"
            + "|json\\..*|file\\..*|mirror\\..*|converters\\..*"
            + "|storage\\.(?:StringConverter|SimpleHeaderConverter))"
            + "|common\\.config\\.provider\\.(?!ConfigProvider$).*)$");

    static {
        ClassLoader.registerAsParallelCapable();
    }

    private final String location;

    public PluginClassLoader(String location, URL[] jars, ClassLoader parent) {
        super(jars, parent);
        this.location = location;
    }

    public String location() {
        return location;
    }

    /** Whether the class loads from the location first (true) or from the worker's class path. */
    static boolean isolated(String name) {
        return !SHARED.matcher(name).matches() || KAFKA_PLUGINS.matcher(name).matches();
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!isolated(name)) return super.loadClass(name, resolve);
        synchronized (getClassLoadingLock(name)) {
            Class<?> klass = findLoadedClass(name);
            if (klass == null) {
                try {
                    klass = findClass(name);
                } catch (ClassNotFoundException notHere) {
                    klass = super.loadClass(name, false);
                }
            }
            if (resolve) resolveClass(klass);
            return klass;
        }
    }

    @Override
    public URL getResource(String name) {
        URL own = findResource(name);
        return own != null ? own : super.getResource(name);
    }

    @Override
    public String toString() {
        return "PluginClassLoader{location=" + location + "}";
    }
}
