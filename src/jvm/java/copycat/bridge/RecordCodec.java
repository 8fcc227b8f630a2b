package copycat.bridge;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.connect.connector.ConnectRecord;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.errors.DataException;
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
        try (JsonParser p = JSON.getFactory().createParser(text)) {
            if (p.nextToken() != JsonToken.START_OBJECT) throw new DataException("A record from Copycat is not a JSON object");
            return decode(p, text);
        }
    }

    /** Records of a JSON array. */
    List<ConnectRecord<?>> decodeAll(byte[] text) throws IOException {
        List<ConnectRecord<?>> out = new ArrayList<>();
        try (JsonParser p = JSON.getFactory().createParser(text)) {
            if (p.nextToken() != JsonToken.START_ARRAY) throw new DataException("Records from Copycat are not a JSON array");
            while (p.nextToken() == JsonToken.START_OBJECT) out.add(decode(p, text));
        }
        return out;
    }

    /**
     * The record whose START_OBJECT `p` is at, read in one pass of the streaming parser: each
     * envelope goes to JsonConverter as the bytes it is in `text`, parsed once there, not as a
     * tree written back to bytes (docs/jvm-bridge.md "Crossing records and configs").
     */
    private ConnectRecord<?> decode(JsonParser p, byte[] text) throws IOException {
        String topic = null;
        Integer partition = null;
        Long timestamp = null;
        byte[] key = null;
        byte[] value = null;
        List<String> headerKeys = new ArrayList<>();
        List<byte[]> headerValues = new ArrayList<>();
        boolean source = false;
        byte[] sourcePartition = null;
        byte[] sourceOffset = null;
        long kafkaOffset = 0;
        String timestampType = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken token = p.nextToken();
            boolean isNull = token == JsonToken.VALUE_NULL;
            switch (name) {
                case "topic" -> topic = p.getValueAsString();
                case "partition" -> partition = isNull ? null : p.getIntValue();
                case "timestamp" -> timestamp = isNull ? null : p.getLongValue();
                case "key" -> key = raw(p, text);
                case "value" -> value = raw(p, text);
                case "headers" -> {
                    while (p.nextToken() == JsonToken.START_OBJECT) {
                        String headerKey = null;
                        byte[] headerValue = null;
                        while (p.nextToken() == JsonToken.FIELD_NAME) {
                            String field = p.currentName();
                            p.nextToken();
                            if (field.equals("key")) headerKey = p.getValueAsString();
                            else if (field.equals("value")) headerValue = raw(p, text);
                            else p.skipChildren();
                        }
                        headerKeys.add(headerKey);
                        headerValues.add(headerValue);
                    }
                }
                case "source_partition" -> {
                    source = true;
                    sourcePartition = raw(p, text);
                }
                case "source_offset" -> sourceOffset = raw(p, text);
                case "kafka_offset" -> kafkaOffset = p.getLongValue();
                case "timestamp_type" -> timestampType = p.getValueAsString();
                default -> p.skipChildren();
            }
        }
        SchemaAndValue k = fromEnvelope(topic, key);
        SchemaAndValue v = fromEnvelope(topic, value);
        ConnectHeaders headers = new ConnectHeaders();
        for (int i = 0; i < headerKeys.size(); i++) headers.add(headerKeys.get(i), fromEnvelope(topic, headerValues.get(i)));
        if (source) {
            return new SourceRecord(map(sourcePartition), map(sourceOffset), topic, partition, k.schema(), k.value(),
                v.schema(), v.value(), timestamp, headers);
        }
        return new SinkRecord(topic, partition == null ? 0 : partition, k.schema(), k.value(), v.schema(), v.value(),
            kafkaOffset, timestamp, timestampType(timestampType), headers);
    }

    /** The bytes of the object `p` is at (null for JSON null), which `p` then skips. */
    private static byte[] raw(JsonParser p, byte[] text) throws IOException {
        if (p.currentToken() == JsonToken.VALUE_NULL) return null;
        if (p.currentToken() != JsonToken.START_OBJECT) throw new DataException("Not a JSON object: " + p.getText());
        int start = (int) p.currentTokenLocation().getByteOffset();
        p.skipChildren();
        return Arrays.copyOfRange(text, start, (int) p.currentLocation().getByteOffset());
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

    @SuppressWarnings("unchecked")
    private Map<String, ?> map(byte[] json) {
        if (json == null) return null;
        return (Map<String, ?>) offsets.toConnectData("", json).value();
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
