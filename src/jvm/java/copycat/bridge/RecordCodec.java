package copycat.bridge;

import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.json.JsonConverter;

/**
 * Connect data as the JSON text Copycat's jvm/record_codec.hpp reads and writes, where it crosses
 * one key, value or header at a time (docs/jvm-bridge.md "Crossing records and configs"): a Java
 * converter's Connect data is Kafka's JsonConverter envelope (schemas enabled), an
 * OffsetStorageReader's partitions and offsets schemaless JSON, as Kafka stores them. Records
 * cross as BinaryRecords. Not thread-safe: one codec per thread.
 */
final class RecordCodec {
    private final JsonConverter data = new JsonConverter();
    private final JsonConverter offsets = new JsonConverter();

    RecordCodec() {
        data.configure(Map.of("schemas.enable", "true"), false);
        offsets.configure(Map.of("schemas.enable", "false"), false);
    }

    /** A key, value or header as a JsonConverter envelope (null for Kafka's null). */
    byte[] envelope(String topic, SchemaAndValue data) {
        return data == null ? null : this.data.fromConnectData(topic, data.schema(), data.value());
    }

    SchemaAndValue fromEnvelope(String topic, byte[] envelope) {
        return envelope == null ? SchemaAndValue.NULL : data.toConnectData(topic, envelope);
    }

    /** Any value as schemaless JSON, as Kafka stores offsets. */
    byte[] schemaless(Object value) {
        return offsets.fromConnectData("", null, value);
    }

    /** A schemaless JSON array of maps (or nulls), numbers as Kafka's offset reader gives them. */
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> offsetMaps(byte[] json) {
        return (List<Map<String, Object>>) offsets.toConnectData("", json).value();
    }
}
