package copycat.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.apache.kafka.common.config.provider.ConfigProvider;
import org.apache.kafka.connect.connector.Connector;
import org.apache.kafka.connect.components.Versioned;
import org.apache.kafka.connect.sink.SinkConnector;
import org.apache.kafka.connect.source.SourceConnector;
import org.apache.kafka.connect.storage.Converter;
import org.apache.kafka.connect.storage.HeaderConverter;
import org.apache.kafka.connect.transforms.Transformation;
import org.apache.kafka.connect.transforms.predicates.Predicate;

/**
 * Finds the plugin classes of one plugin location as Kafka's plugin.discovery does (docs/jvm-bridge.md
 * "Discovery and isolation"): through the ServiceLoader manifests (META-INF/services), through a
 * reflective scan of the location's classes (ReflectivePluginScan), or both. Called from Copycat's
 * threads only; the answer crosses to C++ as one JSON text.
 */
public final class PluginDiscovery {
    private static final ObjectMapper JSON = new ObjectMapper();
    // Kafka Connect's plugin type names, in the order Copycat's plugin_kind has them.
    private static final Object[][] SERVICES = {
        {SourceConnector.class, "source"},
        {SinkConnector.class, "sink"},
        {Converter.class, "converter"},
        {HeaderConverter.class, "header_converter"},
        {Transformation.class, "transformation"},
        {Predicate.class, "predicate"},
    };
    private static final Map<String, PluginClassLoader> LOADERS = new ConcurrentHashMap<>();
    // Every location's loader, in discovery (plugin.path) order: where ConfigProviders are looked up by name.
    private static final List<PluginClassLoader> ALL_LOADERS = new CopyOnWriteArrayList<>();

    private PluginDiscovery() {}

    /**
     * The plugins of `location` (a directory of jars, searched recursively, or one jar) as
     * plugin.discovery `mode` finds them (only_scan, hybrid_warn, hybrid_fail, service_load; the
     * two hybrid modes differ only in what Copycat does with the answer):
     * {"location":..., "plugins":[{"class":..., "types":[...], "version":..., "without_manifest":[types]}],
     * "not_loadable":[{"class":..., "type":...}], "config_providers":[class...], "errors":[...],
     * "skipped":[...], "scan":{...}}. "without_manifest" are the types the reflective scan found
     * the class as that no META-INF/services manifest of the location names it for;
     * "not_loadable" are manifest entries no usable class answers. A class that cannot be
     * instantiated is an entry of "errors" with its cause; one the scan found but that cannot be
     * loaded at all is an entry of "skipped" (Kafka's scanner passes over those silently).
     * ConfigProviders are listed from their manifest only, in every mode, as Kafka service-loads
     * them in every mode: ConfigProviderCalls creates them by name, with or without one.
     * `cacheDir` holds the reflective scan's cache (PluginScanCache); empty for none.
     */
    public static String discover(String location, String mode, String cacheDir) throws IOException {
        boolean serviceLoad = !mode.equals("only_scan");
        boolean reflectivelyScan = !mode.equals("service_load");
        ObjectNode answer = JSON.createObjectNode();
        answer.put("location", location);
        ArrayNode plugins = answer.putArray("plugins");
        ArrayNode errors = answer.putArray("errors");
        List<Path> jars = jarsOf(Path.of(location));
        URL[] urls = new URL[jars.size()];
        for (int i = 0; i < urls.length; i++) urls[i] = jars.get(i).toUri().toURL();
        PluginClassLoader loader = new PluginClassLoader(location, urls, PluginDiscovery.class.getClassLoader());
        Map<String, java.util.Set<String>> manifests = manifestsOf(loader, errors);
        Map<String, ObjectNode> byClass = new java.util.TreeMap<>();
        java.util.Set<String> failed = new java.util.HashSet<>();
        if (serviceLoad) serviceLoad(loader, byClass, failed, errors);
        if (reflectivelyScan) {
            scan(location, cacheDir, jars, loader, manifests, byClass, failed, answer, errors);
        }
        byClass.values().forEach(plugins::add);
        ArrayNode notLoadable = answer.putArray("not_loadable");
        for (Object[] service : SERVICES) {
            for (String named : manifests.get((String) service[1])) {
                ObjectNode plugin = byClass.get(named);
                if (plugin != null && contains(plugin.get("types"), (String) service[1])) continue;
                notLoadable.addObject().put("class", named).put("type", (String) service[1]);
            }
        }
        if (!byClass.isEmpty()) LOADERS.put(location, loader);
        ArrayNode providers = answer.putArray("config_providers");
        try {
            for (ServiceLoader.Provider<ConfigProvider> provider : (Iterable<ServiceLoader.Provider<ConfigProvider>>)
                     ServiceLoader.load(ConfigProvider.class, loader).stream()::iterator) {
                if (provider.type().getClassLoader() == loader) providers.add(provider.type().getName());
            }
        } catch (ServiceConfigurationError | LinkageError e) {
            errors.add(describe(e));
        }
        ALL_LOADERS.add(loader);
        return JSON.writeValueAsString(answer);
    }

    // The plugins the location's manifests name, through ServiceLoader (Kafka's ServiceLoaderScanner).
    private static void serviceLoad(PluginClassLoader loader, Map<String, ObjectNode> byClass,
                                    java.util.Set<String> failed, ArrayNode errors) {
        for (Object[] service : SERVICES) {
            Class<?> type = (Class<?>) service[0];
            ServiceLoader<?> services = ServiceLoader.load(type, loader);
            var providers = services.stream().iterator();
            while (true) {
                ServiceLoader.Provider<?> provider;
                try {
                    if (!providers.hasNext()) break;
                    provider = providers.next();
                } catch (ServiceConfigurationError | LinkageError e) {
                    errors.add(describe(e));
                    continue;
                }
                String className = null;
                Object instance;
                try {
                    Class<?> klass = provider.type();
                    if (klass.getClassLoader() != loader) continue;  // the worker's own, not this location's
                    className = klass.getName();
                    instance = provider.get();
                } catch (ServiceConfigurationError | LinkageError | RuntimeException e) {
                    if (className != null) failed.add(className);
                    errors.add(describe(e));
                    continue;
                }
                addType(byClass, className, instance, (String) service[1]);
            }
        }
    }

    // The plugins the reflective scan finds (Kafka's ReflectionScanner), beside the service-loaded ones.
    private static void scan(String location, String cacheDir, List<Path> jars, PluginClassLoader loader,
                             Map<String, java.util.Set<String>> manifests, Map<String, ObjectNode> byClass,
                             java.util.Set<String> failed, ObjectNode answer, ArrayNode errors) {
        long start = System.nanoTime();
        PluginScanCache cache = new PluginScanCache(cacheDir, location, jars);
        ReflectivePluginScan.Result scan = cache.read();
        boolean cached = scan != null;
        boolean written = false;
        if (!cached) {
            scan = ReflectivePluginScan.scan(jars, loader, SERVICES);
            written = cache.write(scan);
        }
        ArrayNode skipped = answer.putArray("skipped");
        scan.unreadable().forEach(skipped::add);
        for (ReflectivePluginScan.Candidate candidate : scan.candidates()) {
            String name = candidate.className();
            ObjectNode known = byClass.get(name);
            List<String> missing = new ArrayList<>();
            for (String type : candidate.types())
                if (known == null || !contains(known.get("types"), type)) missing.add(type);
            if (missing.isEmpty() || failed.contains(name)) continue;  // service-loaded, or its error is reported
            Class<?> klass;
            try {
                klass = Class.forName(name, false, loader);
            } catch (ClassNotFoundException | LinkageError e) {
                skipped.add(name + ": " + describe(e));
                continue;
            }
            int modifiers = klass.getModifiers();
            if (klass.getClassLoader() != loader || !Modifier.isPublic(modifiers) || Modifier.isAbstract(modifiers)
                || Modifier.isInterface(modifiers)) continue;  // e.g. a non-public nested class
            Object instance;
            ClassLoader saved = Thread.currentThread().getContextClassLoader();
            Thread.currentThread().setContextClassLoader(loader);
            try {
                instance = klass.getDeclaredConstructor().newInstance();
            } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
                errors.add("Unable to instantiate " + name + reflectiveErrorDescription(e) + ": " + describe(e));
                continue;
            } finally {
                Thread.currentThread().setContextClassLoader(saved);
            }
            for (String type : missing) {
                ObjectNode plugin = addType(byClass, name, instance, type);
                if (!manifests.get(type).contains(name)) ((ArrayNode) plugin.get("without_manifest")).add(type);
            }
        }
        ObjectNode summary = answer.putObject("scan");
        summary.put("classes", scan.classes());
        summary.put("candidates", scan.candidates().size());
        summary.put("cached", cached);
        summary.put("cache_written", written);
        summary.put("millis", (System.nanoTime() - start) / 1_000_000);
    }

    private static ObjectNode addType(Map<String, ObjectNode> byClass, String className, Object instance,
                                      String type) {
        ObjectNode plugin = byClass.computeIfAbsent(className, name -> {
            ObjectNode made = JSON.createObjectNode();
            made.put("class", name);
            made.putArray("types");
            made.put("version", versionOf(instance));
            made.putArray("without_manifest");
            return made;
        });
        ((ArrayNode) plugin.get("types")).add(type);
        return plugin;
    }

    private static boolean contains(JsonNode array, String text) {
        for (JsonNode element : array)
            if (element.asText().equals(text)) return true;
        return false;
    }

    // Per plugin type name, the classes the location's own META-INF/services manifests name.
    private static Map<String, java.util.Set<String>> manifestsOf(PluginClassLoader loader, ArrayNode errors) {
        Map<String, java.util.Set<String>> out = new java.util.HashMap<>();
        for (Object[] service : SERVICES) {
            java.util.Set<String> named = new java.util.TreeSet<>();
            out.put((String) service[1], named);
            try {
                var resources = loader.findResources("META-INF/services/" + ((Class<?>) service[0]).getName());
                while (resources.hasMoreElements()) {
                    try (var in = resources.nextElement().openStream()) {
                        for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\\R")) {
                            int comment = line.indexOf('#');
                            String name = (comment >= 0 ? line.substring(0, comment) : line).trim();
                            if (!name.isEmpty()) named.add(name);
                        }
                    }
                }
            } catch (IOException e) {
                errors.add(describe(e));
            }
        }
        return out;
    }

    // Kafka's PluginScanner.reflectiveErrorDescription.
    private static String reflectiveErrorDescription(Throwable e) {
        if (e instanceof NoSuchMethodException)
            return ": Plugin class must have a no-args constructor, and cannot be a non-static inner class";
        if (e instanceof IllegalAccessException) return ": Plugin class default constructor must be public";
        if (e instanceof ExceptionInInitializerError) return ": Failed to statically initialize plugin class";
        if (e instanceof InvocationTargetException) return ": Failed to invoke plugin constructor";
        if (e instanceof LinkageError) return ": Plugin class has a dependency which is missing or invalid";
        return "";
    }

    /** The class loader of a location discover() found plugins in; null otherwise. */
    static PluginClassLoader loaderOf(String location) {
        return LOADERS.get(location);
    }

    /** The loaders of every location discover() was called on, in that order. */
    static List<PluginClassLoader> allLoaders() {
        return ALL_LOADERS;
    }

    private static String versionOf(Object plugin) {
        try {
            String version = null;
            if (plugin instanceof Connector) version = ((Connector) plugin).version();
            else if (plugin instanceof Versioned) version = ((Versioned) plugin).version();
            return version != null ? version : "undefined";
        } catch (RuntimeException | LinkageError e) {
            return "undefined";
        }
    }

    private static String describe(Throwable e) {
        StringBuilder text = new StringBuilder(e.toString());
        for (Throwable cause = e.getCause(); cause != null && cause != cause.getCause(); cause = cause.getCause())
            text.append(" caused by ").append(cause);
        return text.toString();
    }

    private static List<Path> jarsOf(Path location) throws IOException {
        List<Path> jars = new ArrayList<>();
        if (Files.isDirectory(location)) {
            try (Stream<Path> files = Files.walk(location)) {
                for (Path p : (Iterable<Path>) files.sorted()::iterator) {
                    if (Files.isRegularFile(p) && p.toString().endsWith(".jar")) jars.add(p);
                }
            }
        } else {
            jars.add(location);
        }
        return jars;
    }
}
