package copycat.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.reflect.InvocationTargetException;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.config.ConfigData;
import org.apache.kafka.common.config.provider.ConfigProvider;

/**
 * The calls Copycat makes on Java ConfigProviders from plugin.path (docs/jvm-bridge.md "Config
 * providers"), as Kafka Connect's Plugins.newConfigProvider and ConfigTransformer make them. Each
 * runs with the provider's class loader as the thread's context class loader; a provider's own
 * exception reaches Copycat as the pending Java exception of the call.
 */
public final class ConfigProviderCalls {
    private ConfigProviderCalls() {}

    /**
     * A new instance of `className` (its public no-arg constructor) from the first plugin location,
     * in plugin.path order, whose own jars define it; null when none does.
     */
    public static Object newProvider(String className) throws Exception {
        for (PluginClassLoader loader : PluginDiscovery.allLoaders()) {
            Class<?> klass;
            try {
                klass = Class.forName(className, false, loader);
            } catch (ClassNotFoundException notHere) {
                continue;
            }
            if (klass.getClassLoader() != loader) continue;  // the worker's class path, not this location
            if (!ConfigProvider.class.isAssignableFrom(klass))
                throw new ClassCastException(className + " in " + loader.location() + " does not implement "
                    + ConfigProvider.class.getName());
            return PluginCalls.withLoader(loader, () -> {
                try {
                    return klass.getDeclaredConstructor().newInstance();
                } catch (InvocationTargetException e) {
                    throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
                }
            });
        }
        return null;
    }

    /** ConfigProvider.configure with the config.providers.<name>.param.* settings, prefix stripped. */
    public static void configure(Object provider, byte[] paramsJson) throws Exception {
        Map<String, String> params = PluginCalls.JSON.readValue(paramsJson, PluginCalls.STRING_MAP);
        PluginCalls.withLoaderOf(provider, () -> {
            ((ConfigProvider) provider).configure(params);
            return null;
        });
    }

    /**
     * ConfigProvider.get(path, keys) for {"path":..., "keys":[...]}: {"data":{key:value|null},
     * "ttl":milliseconds|null}.
     */
    public static byte[] get(Object provider, byte[] requestJson) throws Exception {
        JsonNode request = PluginCalls.JSON.readTree(requestJson);
        String path = request.get("path").asText();
        Set<String> keys = new LinkedHashSet<>();
        request.get("keys").forEach(key -> keys.add(key.asText()));
        ConfigData answer = PluginCalls.withLoaderOf(provider, () -> ((ConfigProvider) provider).get(path, keys));
        ObjectNode out = PluginCalls.JSON.createObjectNode();
        ObjectNode data = out.putObject("data");
        if (answer != null && answer.data() != null) answer.data().forEach(data::put);
        out.put("ttl", answer == null ? null : answer.ttl());
        return PluginCalls.JSON.writeValueAsBytes(out);
    }
}
