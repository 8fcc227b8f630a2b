package copycat.bridge;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The reflective half of plugin.discovery (only_scan, hybrid_warn, hybrid_fail; docs/jvm-bridge.md
 * "Discovery and isolation"), as Kafka's ReflectionScanner: which classes of one location's jars
 * are public, concrete and extend or implement one of the plugin types, read from the class files'
 * headers (ClassFileHeader) without loading them. A superclass or interface that is not in the
 * location (the Kafka API, the JDK) is loaded, uninitialised, from the location's loader to see
 * what it is. Loading, instantiating and reading the version of each candidate is PluginDiscovery's.
 * The answer depends only on the jars and the worker's class path: PluginScanCache keeps it.
 */
final class ReflectivePluginScan {
    /** A class that may be a plugin, with the Kafka type names it is an instance of. */
    record Candidate(String className, List<String> types) {}

    record Result(List<Candidate> candidates, int classes, List<String> unreadable) {}

    private final ClassLoader loader;
    private final String[] typeNames;
    private final Class<?>[] types;
    private final Map<String, ClassFileHeader> headers = new HashMap<>();
    private final Map<String, Integer> masks = new HashMap<>();

    private ReflectivePluginScan(ClassLoader loader, Object[][] pluginTypes) {
        this.loader = loader;
        this.types = new Class<?>[pluginTypes.length];
        this.typeNames = new String[pluginTypes.length];
        for (int i = 0; i < pluginTypes.length; i++) {
            types[i] = (Class<?>) pluginTypes[i][0];
            typeNames[i] = (String) pluginTypes[i][1];
        }
    }

    /**
     * Scans `jars` (in class path order: the first jar holding a class wins, as for the loader).
     * `pluginTypes` pairs each plugin class with its Kafka type name ({SourceConnector.class, "source"}).
     */
    static Result scan(List<Path> jars, ClassLoader loader, Object[][] pluginTypes) {
        ReflectivePluginScan scan = new ReflectivePluginScan(loader, pluginTypes);
        List<String> unreadable = new ArrayList<>();
        for (Path jar : jars) scan.readJar(jar, unreadable);
        Map<String, Candidate> found = new TreeMap<>();
        for (ClassFileHeader header : scan.headers.values()) {
            if (!header.concreteAndPublic() || !PluginClassLoader.isolated(header.name)) continue;
            int mask = scan.maskOf(header.name);
            if (mask == 0) continue;
            List<String> names = new ArrayList<>();
            for (int i = 0; i < scan.types.length; i++)
                if ((mask & (1 << i)) != 0) names.add(scan.typeNames[i]);
            found.put(header.name, new Candidate(header.name, names));
        }
        return new Result(new ArrayList<>(found.values()), scan.headers.size(), unreadable);
    }

    private void readJar(Path jar, List<String> unreadable) {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            var entries = zip.entries();
            while (entries.hasMoreElements()) {
                ZipEntry entry = entries.nextElement();
                String path = entry.getName();
                // META-INF/versions/ holds a multi-release jar's variants of classes it has already.
                if (entry.isDirectory() || !path.endsWith(".class") || path.startsWith("META-INF/")
                    || path.endsWith("module-info.class") || path.endsWith("package-info.class")) continue;
                try (InputStream in = zip.getInputStream(entry)) {
                    ClassFileHeader header = ClassFileHeader.read(in);
                    headers.putIfAbsent(header.name, header);
                } catch (IOException | RuntimeException e) {
                    unreadable.add(jar + "!/" + path + ": " + e);
                }
            }
        } catch (IOException e) {
            unreadable.add(jar + ": " + e);
        }
    }

    /** Bit i set when `name` is, extends or implements types[i]. */
    private int maskOf(String name) {
        Integer known = masks.get(name);
        if (known != null) return known;
        masks.put(name, 0);  // a cycle in broken bytecode ends here
        int mask = 0;
        for (int i = 0; i < typeNames.length; i++)
            if (types[i].getName().equals(name)) mask |= 1 << i;
        ClassFileHeader header = PluginClassLoader.isolated(name) ? headers.get(name) : null;
        if (header != null) {
            if (header.superName != null) mask |= maskOf(header.superName);
            for (String itf : header.interfaces) mask |= maskOf(itf);
        } else if (mask == 0 && !name.equals("java.lang.Object")) {
            mask = externalMask(name);
        }
        masks.put(name, mask);
        return mask;
    }

    // A class the location's loader takes from elsewhere (the worker's class path), or cannot find.
    private int externalMask(String name) {
        Class<?> klass;
        try {
            klass = Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            return 0;  // a missing dependency: whatever extends it cannot load either
        }
        int mask = 0;
        for (int i = 0; i < types.length; i++)
            if (types[i].isAssignableFrom(klass)) mask |= 1 << i;
        return mask;
    }

    /** The candidates as the cache stores them: class name to type names, in class order. */
    static Map<String, List<String>> asMap(List<Candidate> candidates) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (Candidate c : candidates) out.put(c.className(), c.types());
        return out;
    }
}
