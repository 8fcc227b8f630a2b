package copycat.bridge;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.reflect.InvocationTargetException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.LinkedBlockingQueue;
import org.apache.kafka.common.config.Config;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigValue;
import org.apache.kafka.common.metrics.PluginMetrics;
import org.apache.kafka.connect.connector.ConnectRecord;
import org.apache.kafka.connect.connector.Connector;
import org.apache.kafka.connect.connector.ConnectorContext;
import org.apache.kafka.connect.source.SourceConnector;
import org.apache.kafka.connect.storage.Converter;
import org.apache.kafka.connect.storage.HeaderConverter;
import org.apache.kafka.connect.transforms.Transformation;
import org.apache.kafka.connect.transforms.predicates.Predicate;

/**
 * The calls Copycat makes on Java plugin instances (docs/jvm-bridge.md "Crossing records and
 * configs"). Each runs with the plugin's class loader as the thread's context class loader, as
 * Kafka Connect's LoaderSwap does; configs and answers cross as JSON text.
 */
public final class PluginCalls {
    static final ObjectMapper JSON = new ObjectMapper();
    static final TypeReference<Map<String, String>> STRING_MAP = new TypeReference<>() {};
    // A codec per calling thread (converters and offsets): its converters cache schemas and are not thread-safe.
    static final ThreadLocal<RecordCodec> CODECS = ThreadLocal.withInitial(RecordCodec::new);
    // Records in the binary format, per calling thread (its decoder keeps the schemas it built).
    static final ThreadLocal<BinaryRecords> RECORDS = ThreadLocal.withInitial(BinaryRecords::new);
    // Set on the threads Copycat calls in on: only those may call back into Copycat.
    static final ThreadLocal<Boolean> COPYCAT_THREAD = ThreadLocal.withInitial(() -> Boolean.FALSE);

    private PluginCalls() {}

    /** A new instance of `className` from the class loader of `location`. */
    public static Object newInstance(String location, String className) throws Exception {
        PluginClassLoader loader = PluginDiscovery.loaderOf(location);
        if (loader == null) throw new IllegalStateException("No plugin location " + location);
        return withLoader(loader, () -> {
            try {
                return Class.forName(className, true, loader).getDeclaredConstructor().newInstance();
            } catch (InvocationTargetException e) {
                throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
            }
        });
    }

    /** A new instance of the connector's taskClass(), from the connector's class loader. */
    public static Object newTask(Object connector) throws Exception {
        return PluginCalls.withLoaderOf(connector, () -> {
            Class<?> taskClass = ((Connector) connector).taskClass();
            if (taskClass == null) throw new IllegalStateException(connector.getClass().getName() + ".taskClass() is null");
            try {
                return taskClass.getDeclaredConstructor().newInstance();
            } catch (InvocationTargetException e) {
                throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
            }
        });
    }

    /** The plugin's ConfigDef: one object per key, in definition order. */
    public static byte[] configDef(Object plugin) throws Exception {
        return withLoaderOf(plugin, () -> {
            ConfigDef def = configOf(plugin);
            ArrayNode keys = JSON.createArrayNode();
            if (def == null) return JSON.writeValueAsBytes(keys);
            for (ConfigDef.ConfigKey key : def.configKeys().values()) {
                ObjectNode k = keys.addObject();
                k.put("name", key.name);
                k.put("type", key.type.name());
                k.put("required", !key.hasDefault());
                k.put("default", key.hasDefault() && key.defaultValue != null
                    ? ConfigDef.convertToString(key.defaultValue, key.type) : null);
                k.put("importance", key.importance == null ? null : key.importance.name());
                k.put("documentation", key.documentation);
                k.put("group", key.group);
                k.put("order_in_group", key.orderInGroup);
                k.put("width", key.width == null ? null : key.width.name());
                k.put("display_name", key.displayName);
                ArrayNode dependents = k.putArray("dependents");
                if (key.dependents != null) key.dependents.forEach(dependents::add);
                k.put("internal", key.internalConfig);
            }
            return JSON.writeValueAsBytes(keys);
        });
    }

    /** Connector.validate(props): one object per ConfigValue, values in Kafka's string form. */
    public static byte[] validate(Object connector, byte[] propsJson) throws Exception {
        Map<String, String> props = JSON.readValue(propsJson, STRING_MAP);
        return withLoaderOf(connector, () -> {
            Connector c = (Connector) connector;
            Config config = c.validate(props);
            Map<String, ConfigDef.ConfigKey> keys = c.config() == null ? Map.of() : c.config().configKeys();
            ArrayNode values = JSON.createArrayNode();
            for (ConfigValue value : config.configValues()) {
                ConfigDef.ConfigKey key = keys.get(value.name());
                ConfigDef.Type type = key == null ? null : key.type;
                ObjectNode v = values.addObject();
                v.put("name", value.name());
                v.put("value", asString(value.value(), type));
                ArrayNode recommended = v.putArray("recommended_values");
                for (Object r : value.recommendedValues())
                    recommended.add(asString(r, type == ConfigDef.Type.LIST ? null : type));
                ArrayNode errors = v.putArray("errors");
                value.errorMessages().forEach(errors::add);
                v.put("visible", value.visible());
            }
            return JSON.writeValueAsBytes(values);
        });
    }

    public static String version(Object connector) throws Exception {
        return withLoaderOf(connector, () -> ((Connector) connector).version());
    }

    /** Connector.initialize; returns the context, whose requests Copycat takes with nextRequest. */
    public static Object initialize(Object connector) throws Exception {
        Context context = new Context();
        withLoaderOf(connector, () -> {
            ((Connector) connector).initialize(context);
            return null;
        });
        return context;
    }

    /**
     * The connector's next request to Copycat, waiting for one: {"type":"reconfigure"} or
     * {"type":"error","message":...,"trace":...}; {"type":"closed"} once close() was called.
     * Called on a Copycat thread that the connector's adapter owns.
     */
    public static byte[] nextRequest(Object context) throws Exception {
        Object request = ((Context) context).requests.take();
        ObjectNode out = JSON.createObjectNode();
        if (request == Context.RECONFIGURE) {
            out.put("type", "reconfigure");
        } else if (request == Context.CLOSED) {
            out.put("type", "closed");
        } else {
            Throwable error = (Throwable) request;
            out.put("type", "error").put("message", error.toString()).put("trace", Throwables.stackTrace(error));
        }
        return JSON.writeValueAsBytes(out);
    }

    /** Ends the wait of nextRequest: the connector stopped. */
    public static void closeContext(Object context) {
        ((Context) context).requests.add(Context.CLOSED);
    }

    public static void start(Object connector, byte[] propsJson) throws Exception {
        Map<String, String> props = JSON.readValue(propsJson, STRING_MAP);
        withLoaderOf(connector, () -> {
            ((Connector) connector).start(props);
            return null;
        });
    }

    /** Connector.taskConfigs(maxTasks) as a JSON array of string maps. */
    public static byte[] taskConfigs(Object connector, int maxTasks) throws Exception {
        return withLoaderOf(connector, () -> {
            List<Map<String, String>> configs = ((Connector) connector).taskConfigs(maxTasks);
            return JSON.writeValueAsBytes(configs);
        });
    }

    /** SourceConnector.exactlyOnceSupport(props) (KIP-618), as answer(). */
    public static byte[] exactlyOnceSupport(Object connector, byte[] propsJson) throws Exception {
        Map<String, String> props = JSON.readValue(propsJson, STRING_MAP);
        return answer(connector, () -> ((SourceConnector) connector).exactlyOnceSupport(props));
    }

    /** SourceConnector.canDefineTransactionBoundaries(props) (KIP-618), as answer(). */
    public static byte[] canDefineTransactionBoundaries(Object connector, byte[] propsJson) throws Exception {
        Map<String, String> props = JSON.readValue(propsJson, STRING_MAP);
        return answer(connector, () -> ((SourceConnector) connector).canDefineTransactionBoundaries(props));
    }

    /**
     * A connector's answer to a preflight question: {"answer":"SUPPORTED"|"UNSUPPORTED"|null}, or,
     * when it threw an Exception, {"error":getMessage(),"trace":...}: Kafka's validation message
     * carries getMessage(), not the stack trace.
     */
    private static byte[] answer(Object connector, Callable<Enum<?>> question) throws Exception {
        ObjectNode out = JSON.createObjectNode();
        try {
            Enum<?> answer = withLoaderOf(connector, question);
            out.put("answer", answer == null ? null : answer.name());
        } catch (Exception e) {
            out.put("error", e.getMessage()).put("trace", Throwables.stackTrace(e));
        }
        return JSON.writeValueAsBytes(out);
    }

    public static void stop(Object connector) throws Exception {
        withLoaderOf(connector, () -> {
            ((Connector) connector).stop();
            return null;
        });
    }

    /** Transformation.configure / Predicate.configure with the plugin's config. */
    public static void configure(Object plugin, byte[] propsJson) throws Exception {
        Map<String, String> props = JSON.readValue(propsJson, STRING_MAP);
        withLoaderOf(plugin, () -> {
            if (plugin instanceof Transformation) ((Transformation<?>) plugin).configure(props);
            else ((Predicate<?>) plugin).configure(props);
            return null;
        });
    }

    /** Transformation.apply on one record; null when the transformation drops it. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static byte[] apply(Object transformation, byte[] record) throws Exception {
        BinaryRecords records = RECORDS.get();
        ConnectRecord in = records.decode(record);
        return withLoaderOf(transformation, () -> {
            ConnectRecord out = ((Transformation) transformation).apply(in);
            return out == null ? null : records.encode(out);
        });
    }

    /** Predicate.test on one record. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static boolean test(Object predicate, byte[] record) throws Exception {
        ConnectRecord in = RECORDS.get().decode(record);
        return withLoaderOf(predicate, () -> ((Predicate) predicate).test(in));
    }

    /** Closes a transformation, predicate, converter or header converter (all Closeable). */
    public static void close(Object plugin) throws Exception {
        withLoaderOf(plugin, () -> {
            if (plugin instanceof AutoCloseable) ((AutoCloseable) plugin).close();
            return null;
        });
    }

    private static ConfigDef configOf(Object plugin) {
        if (plugin instanceof Connector) return ((Connector) plugin).config();
        if (plugin instanceof Converter) return ((Converter) plugin).config();
        if (plugin instanceof HeaderConverter) return ((HeaderConverter) plugin).config();
        if (plugin instanceof Transformation) return ((Transformation<?>) plugin).config();
        if (plugin instanceof Predicate) return ((Predicate<?>) plugin).config();
        throw new IllegalArgumentException(plugin.getClass().getName() + " is not a Kafka Connect plugin");
    }

    private static String asString(Object value, ConfigDef.Type type) {
        if (value == null) return null;
        return type == null ? value.toString() : ConfigDef.convertToString(value, type);
    }

    static <T> T withLoaderOf(Object plugin, Callable<T> call) throws Exception {
        return withLoader(plugin.getClass().getClassLoader(), call);
    }

    static <T> T withLoader(ClassLoader loader, Callable<T> call) throws Exception {
        COPYCAT_THREAD.set(Boolean.TRUE);
        Thread thread = Thread.currentThread();
        ClassLoader saved = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            return call.call();
        } finally {
            thread.setContextClassLoader(saved);
        }
    }

    /**
     * The connector's context: requests from the connector's own threads are queued for the
     * Copycat thread that waits in nextRequest, so Java never calls into Copycat on its threads.
     */
    private static final class Context implements ConnectorContext {
        static final Object RECONFIGURE = new Object();
        static final Object CLOSED = new Object();
        final LinkedBlockingQueue<Object> requests = new LinkedBlockingQueue<>();

        @Override
        public void requestTaskReconfiguration() {
            requests.add(RECONFIGURE);
        }

        @Override
        public void raiseError(Exception e) {
            requests.add(e);
        }

        @Override
        public PluginMetrics pluginMetrics() {
            throw new UnsupportedOperationException("pluginMetrics() is not bridged to Copycat yet");
        }
    }
}
