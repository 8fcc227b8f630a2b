package copycat.bridge;

import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.storage.Converter;
import org.apache.kafka.connect.storage.HeaderConverter;

/**
 * The calls Copycat's converters make on a Java Converter or HeaderConverter: Connect data
 * crosses as a JsonConverter envelope (RecordCodec), serialized bytes as they are.
 */
public final class ConverterCalls {
    private ConverterCalls() {}

    public static void configure(Object converter, byte[] props, boolean isKey) throws Exception {
        Map<String, String> config = PluginCalls.JSON.readValue(props, PluginCalls.STRING_MAP);
        PluginCalls.withLoaderOf(converter, () -> {
            ((Converter) converter).configure(config, isKey);
            return null;
        });
    }

    /** HeaderConverter.configure; with converter.type=header, as Kafka Connect's worker adds it. */
    public static void configureHeaderConverter(Object converter, byte[] props) throws Exception {
        Map<String, String> config = new HashMap<>(PluginCalls.JSON.readValue(props, PluginCalls.STRING_MAP));
        config.putIfAbsent("converter.type", "header");
        PluginCalls.withLoaderOf(converter, () -> {
            ((HeaderConverter) converter).configure(config);
            return null;
        });
    }

    /** Converter.fromConnectData of the data in `envelope`; null for Kafka's null. */
    public static byte[] fromConnectData(Object converter, String topic, byte[] envelope) throws Exception {
        SchemaAndValue data = PluginCalls.CODECS.get().fromEnvelope(topic, envelope);
        return PluginCalls.withLoaderOf(converter,
            () -> ((Converter) converter).fromConnectData(topic, data.schema(), data.value()));
    }

    /** Converter.toConnectData as an envelope. */
    public static byte[] toConnectData(Object converter, String topic, byte[] bytes) throws Exception {
        SchemaAndValue data = PluginCalls.withLoaderOf(converter, () -> ((Converter) converter).toConnectData(topic, bytes));
        return PluginCalls.CODECS.get().envelope(topic, data);
    }

    public static byte[] fromConnectHeader(Object converter, String topic, String key, byte[] envelope)
        throws Exception {
        SchemaAndValue data = PluginCalls.CODECS.get().fromEnvelope(topic, envelope);
        return PluginCalls.withLoaderOf(converter,
            () -> ((HeaderConverter) converter).fromConnectHeader(topic, key, data.schema(), data.value()));
    }

    public static byte[] toConnectHeader(Object converter, String topic, String key, byte[] bytes) throws Exception {
        SchemaAndValue data = PluginCalls.withLoaderOf(converter,
            () -> ((HeaderConverter) converter).toConnectHeader(topic, key, bytes));
        return PluginCalls.CODECS.get().envelope(topic, data);
    }
}
