package copycat.bridge;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
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
 * Finds the plugin classes of one plugin location through Kafka's ServiceLoader manifests
 * (META-INF/services), as plugin.discovery=service_load does (docs/jvm-bridge.md "Discovery and
 * isolation"). Called from Copycat's threads only; the answer crosses to C++ as one JSON text.
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
     * The plugins of `location` (a directory of jars, searched recursively, or one jar):
     * {"location":..., "plugins":[{"class":..., "types":[...], "version":...}],
     * "config_providers":[class...], "errors":[...]}. A class that cannot be loaded or instantiated
     * is an entry of "errors" with its cause. ConfigProviders are listed from their manifest only:
     * ConfigProviderCalls creates them by name, with or without one.
     */
    public static String discover(String location) throws IOException {
        ObjectNode answer = JSON.createObjectNode();
        answer.put("location", location);
        ArrayNode plugins = answer.putArray("plugins");
        ArrayNode errors = answer.putArray("errors");
        PluginClassLoader loader = new PluginClassLoader(location, jarsOf(Path.of(location)),
            PluginDiscovery.class.getClassLoader());
        Map<String, ObjectNode> byClass = new java.util.TreeMap<>();
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
                String className;
                Object instance;
                try {
                    Class<?> klass = provider.type();
                    if (klass.getClassLoader() != loader) continue;  // the worker's own, not this location's
                    className = klass.getName();
                    instance = provider.get();
                } catch (ServiceConfigurationError | LinkageError | RuntimeException e) {
                    errors.add(describe(e));
                    continue;
                }
                ObjectNode plugin = byClass.computeIfAbsent(className, name -> {
                    ObjectNode made = JSON.createObjectNode();
                    made.put("class", name);
                    made.putArray("types");
                    made.put("version", versionOf(instance));
                    return made;
                });
                ((ArrayNode) plugin.get("types")).add((String) service[1]);
            }
        }
        byClass.values().forEach(plugins::add);
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

    private static URL[] jarsOf(Path location) throws IOException {
        List<URL> urls = new ArrayList<>();
        if (Files.isDirectory(location)) {
            try (Stream<Path> files = Files.walk(location)) {
                for (Path p : (Iterable<Path>) files.sorted()::iterator) {
                    if (Files.isRegularFile(p) && p.toString().endsWith(".jar")) urls.add(toUrl(p));
                }
            }
        } else {
            urls.add(toUrl(location));
        }
        return urls.toArray(new URL[0]);
    }

    private static URL toUrl(Path p) throws MalformedURLException {
        return p.toUri().toURL();
    }
}
