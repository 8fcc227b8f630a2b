package copycat.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.connect.connector.ConnectRecord;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.header.ConnectHeaders;
import org.apache.kafka.connect.header.Header;
import org.apache.kafka.connect.json.JsonConverter;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.source.SourceRecord;

/**
 * Records as the JSON text Copycat's jvm/record_codec.hpp reads and writes: keys, values and
 * headers are Kafka's JsonConverter envelopes (schemas enabled), source partitions and offsets
 * schemaless JSON, as Kafka stores them. Not thread-safe: one codec per plugin instance.
 */
final class RecordCodec {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final JsonConverter data = new JsonConverter();
    private final JsonConverter offsets = new JsonConverter();

    RecordCodec() {
        data.configure(Map.of("schemas.enable", "true"), false);
        offsets.configure(Map.of("schemas.enable", "false"), false);
    }

    ConnectRecord<?> decode(byte[] text) throws IOException {
        return decode(JSON.readTree(text));
    }

    ConnectRecord<?> decode(JsonNode r) throws IOException {
        String topic = r.get("topic").asText();
        Integer partition = r.get("partition").isNull() ? null : r.get("partition").asInt();
        Long timestamp = r.get("timestamp").isNull() ? null : r.get("timestamp").asLong();
        SchemaAndValue key = envelope(data, topic, r.get("key"));
        SchemaAndValue value = envelope(data, topic, r.get("value"));
        ConnectHeaders headers = new ConnectHeaders();
        for (JsonNode h : r.get("headers")) headers.add(h.get("key").asText(), envelope(data, topic, h.get("value")));
        if (r.has("source_partition")) {
            return new SourceRecord(map(r.get("source_partition")), map(r.get("source_offset")), topic, partition,
                key.schema(), key.value(), value.schema(), value.value(), timestamp, headers);
        }
        return new SinkRecord(topic, partition == null ? 0 : partition, key.schema(), key.value(), value.schema(),
            value.value(), r.get("kafka_offset").asLong(), timestamp, timestampType(r.get("timestamp_type").asText()),
            headers);
    }

    byte[] encode(ConnectRecord<?> record) {
        String topic = record.topic();
        StringBuilder out = new StringBuilder(256);
        out.append("{\"topic\":").append(quoted(topic))
            .append(",\"partition\":").append(record.kafkaPartition())
            .append(",\"timestamp\":").append(record.timestamp())
            .append(",\"key\":").append(text(data.fromConnectData(topic, record.keySchema(), record.key())))
            .append(",\"value\":").append(text(data.fromConnectData(topic, record.valueSchema(), record.value())))
            .append(",\"headers\":[");
        boolean first = true;
        for (Header h : record.headers()) {
            if (!first) out.append(',');
            first = false;
            out.append("{\"key\":").append(quoted(h.key())).append(",\"value\":")
                .append(text(data.fromConnectData(topic, h.schema(), h.value()))).append('}');
        }
        out.append(']');
        if (record instanceof SourceRecord) {
            SourceRecord source = (SourceRecord) record;
            out.append(",\"source_partition\":").append(text(offsets.fromConnectData(topic, null, source.sourcePartition())))
                .append(",\"source_offset\":").append(text(offsets.fromConnectData(topic, null, source.sourceOffset())));
        } else if (record instanceof SinkRecord) {
            SinkRecord sink = (SinkRecord) record;
            out.append(",\"kafka_offset\":").append(sink.kafkaOffset())
                .append(",\"timestamp_type\":").append(quoted(sink.timestampType().toString()));
        }
        return out.append('}').toString().getBytes(StandardCharsets.UTF_8);
    }

    /** A key, value or header as a JsonConverter envelope (null for Kafka's null). */
    byte[] envelope(String topic, SchemaAndValue data) {
        return data == null ? null : this.data.fromConnectData(topic, data.schema(), data.value());
    }

    SchemaAndValue fromEnvelope(String topic, byte[] envelope) {
        return envelope == null ? SchemaAndValue.NULL : data.toConnectData(topic, envelope);
    }

    /**
     * What identifies a source record across the crossing: topic, partition and the source
     * partition and offset in key order as schemaless JSON (Integer and Long write the same).
     */
    String identity(SourceRecord r) {
        return r.topic() + '\u0000' + r.kafkaPartition() + '\u0000' + text(schemaless(sorted(r.sourcePartition())))
            + '\u0000' + text(schemaless(sorted(r.sourceOffset())));
    }

    private static Map<String, ?> sorted(Map<String, ?> map) {
        return map == null ? null : new TreeMap<>(map);
    }

    /** Records as one JSON array. */
    byte[] encodeAll(List<? extends ConnectRecord<?>> records) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256 * records.size() + 2);
        out.write('[');
        for (int i = 0; i < records.size(); i++) {
            if (i > 0) out.write(',');
            out.writeBytes(encode(records.get(i)));
        }
        out.write(']');
        return out.toByteArray();
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

    private static SchemaAndValue envelope(JsonConverter converter, String topic, JsonNode node) throws IOException {
        if (node == null || node.isNull()) return SchemaAndValue.NULL;
        return converter.toConnectData(topic, JSON.writeValueAsBytes(node));
    }

    @SuppressWarnings("unchecked")
    private Map<String, ?> map(JsonNode node) throws IOException {
        if (node == null || node.isNull()) return null;
        return (Map<String, ?>) offsets.toConnectData("", JSON.writeValueAsBytes(node)).value();
    }

    private static TimestampType timestampType(String name) {
        for (TimestampType t : TimestampType.values())
            if (t.toString().equals(name)) return t;
        return TimestampType.NO_TIMESTAMP_TYPE;
    }

    private static String text(byte[] json) {
        return json == null ? "null" : new String(json, StandardCharsets.UTF_8);
    }

    private static String quoted(String text) {
        try {
            return JSON.writeValueAsString(text);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
