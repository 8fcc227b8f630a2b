package copycat.bridge;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.connect.connector.ConnectRecord;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.header.ConnectHeaders;
import org.apache.kafka.connect.header.Header;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.source.SourceRecord;

/**
 * Records in the bridge's binary format, the Java half of Copycat's jvm/binary_records.hpp
 * (docs/jvm-bridge.md "The binary record format"): one buffer per batch, each distinct schema
 * sent once per batch, values written against their schema. Not thread-safe: one per thread.
 */
final class BinaryRecords {
    private static final int FORMAT_VERSION = 1;
    private static final int SOURCE = 0;
    private static final int SINK = 1;
    private static final int NO_SCHEMA = 0;
    private static final int NEW_SCHEMA = 1;
    private static final int OPTIONAL = 1, NAME = 2, VERSION = 4, DOC = 8, PARAMETERS = 16, DEFAULT = 32;
    // Tags of values without a schema: Copycat's value_kind.
    private static final int T_NULL = 0, T_BOOLEAN = 1, T_INT8 = 2, T_INT16 = 3, T_INT32 = 4, T_INT64 = 5,
        T_FLOAT32 = 6, T_FLOAT64 = 7, T_STRING = 8, T_BYTES = 9, T_ARRAY = 10, T_MAP = 11, T_STRUCT = 12,
        T_DECIMAL = 13, T_DATE = 14, T_TIME = 15, T_TIMESTAMP = 16;
    private static final Schema.Type[] TYPES = {Schema.Type.INT8, Schema.Type.INT16, Schema.Type.INT32,
        Schema.Type.INT64, Schema.Type.FLOAT32, Schema.Type.FLOAT64, Schema.Type.BOOLEAN, Schema.Type.STRING,
        Schema.Type.BYTES, Schema.Type.ARRAY, Schema.Type.MAP, Schema.Type.STRUCT};
    private static final int MAX_SCHEMAS = 1024;
    // The largest write buffer kept for the next batch.
    private static final int MAX_KEPT_BUFFER = 16 << 20;

    // Schemas decoded by earlier batches, so that equal schemas are one object across batches.
    private final Map<Schema, Schema> canonical = new HashMap<>();
    // The write buffer of the last batch, reused: a batch is often a megabyte, which G1 allocates
    // outside its regions (a humongous object), and grown by doubling it would be several.
    private byte[] buffer = new byte[64 << 10];

    // ---- Writing ----

    /** Records as one batch. */
    byte[] encodeAll(List<? extends ConnectRecord<?>> records) {
        Writer w = new Writer(buffer);
        w.u8(FORMAT_VERSION);
        w.uvarint(records.size());
        for (ConnectRecord<?> r : records) w.record(r);
        if (w.buf.length <= MAX_KEPT_BUFFER) buffer = w.buf;
        return w.toBytes();
    }

    byte[] encode(ConnectRecord<?> record) {
        return encodeAll(List.of(record));
    }

    private static final class Writer {
        private byte[] buf;
        private int len;
        private final Map<Schema, Integer> ids = new IdentityHashMap<>();

        Writer(byte[] buffer) {
            buf = buffer;
        }

        byte[] toBytes() {
            return Arrays.copyOf(buf, len);
        }

        private void room(int n) {
            if (len + n > buf.length) buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + n));
        }

        void u8(int b) {
            room(1);
            buf[len++] = (byte) b;
        }

        void uvarint(long n) {
            room(10);
            while ((n & ~0x7FL) != 0) {
                buf[len++] = (byte) (n | 0x80);
                n >>>= 7;
            }
            buf[len++] = (byte) n;
        }

        void svarint(long n) {
            uvarint((n << 1) ^ (n >> 63));
        }

        void fixed32(int bits) {
            room(4);
            for (int i = 0; i < 4; i++, bits >>>= 8) buf[len++] = (byte) bits;
        }

        void fixed64(long bits) {
            room(8);
            for (int i = 0; i < 8; i++, bits >>>= 8) buf[len++] = (byte) bits;
        }

        void blob(byte[] b) {
            uvarint(b.length);
            room(b.length);
            System.arraycopy(b, 0, buf, len, b.length);
            len += b.length;
        }

        void text(String s) {
            int n = s.length();
            for (int i = 0; i < n; i++) {
                if (s.charAt(i) >= 0x80) {
                    blob(s.getBytes(StandardCharsets.UTF_8));
                    return;
                }
            }
            uvarint(n);  // ASCII: one byte per char
            room(n);
            for (int i = 0; i < n; i++) buf[len++] = (byte) s.charAt(i);
        }

        void record(ConnectRecord<?> r) {
            boolean sink = r instanceof SinkRecord;
            u8(sink ? SINK : SOURCE);
            text(r.topic());
            uvarint(r.kafkaPartition() == null ? 0 : r.kafkaPartition() + 1L);
            if (r.timestamp() == null) {
                u8(0);
            } else {
                u8(1);
                svarint(r.timestamp());
            }
            schemaRef(r.keySchema());
            value(r.keySchema(), r.key());
            schemaRef(r.valueSchema());
            value(r.valueSchema(), r.value());
            uvarint(r.headers().size());
            for (Header h : r.headers()) {
                text(h.key());
                schemaRef(h.schema());
                value(h.schema(), h.value());
            }
            if (sink) {
                SinkRecord s = (SinkRecord) r;
                svarint(s.kafkaOffset());
                u8(s.timestampType() == TimestampType.CREATE_TIME ? 1
                    : s.timestampType() == TimestampType.LOG_APPEND_TIME ? 2 : 0);
                text(s.originalTopic());
                svarint(s.originalKafkaPartition());
                svarint(s.originalKafkaOffset());
            } else if (r instanceof SourceRecord) {
                tagged(((SourceRecord) r).sourcePartition());
                tagged(((SourceRecord) r).sourceOffset());
            } else {
                u8(T_NULL);
                u8(T_NULL);
            }
        }

        void schemaRef(Schema s) {
            if (s == null) {
                uvarint(NO_SCHEMA);
                return;
            }
            Integer id = ids.get(s);
            if (id != null) {
                uvarint(id + 2L);
                return;
            }
            uvarint(NEW_SCHEMA);
            define(s);
            ids.put(s, ids.size());  // numbered when complete, as the reader does
        }

        private void define(Schema s) {
            u8(s.type().ordinal());  // Schema.Type's order is Copycat's schema_type's
            Map<String, String> parameters = s.parameters();
            Object defaultValue = s.defaultValue();
            u8((s.isOptional() ? OPTIONAL : 0) | (s.name() != null ? NAME : 0) | (s.version() != null ? VERSION : 0)
                | (s.doc() != null ? DOC : 0) | (parameters != null ? PARAMETERS : 0)
                | (defaultValue != null ? DEFAULT : 0));
            if (s.name() != null) text(s.name());
            if (s.version() != null) svarint(s.version());
            if (s.doc() != null) text(s.doc());
            if (parameters != null) {
                uvarint(parameters.size());
                for (Map.Entry<String, String> p : parameters.entrySet()) {
                    text(p.getKey());
                    text(p.getValue());
                }
            }
            switch (s.type()) {
                case ARRAY -> schemaRef(s.valueSchema());
                case MAP -> {
                    schemaRef(s.keySchema());
                    schemaRef(s.valueSchema());
                }
                case STRUCT -> {
                    uvarint(s.fields().size());
                    for (Field f : s.fields()) {
                        text(f.name());
                        schemaRef(f.schema());
                    }
                }
                default -> { }
            }
            if (defaultValue != null) body(s, defaultValue);
        }

        void value(Schema s, Object v) {
            if (s == null) {
                tagged(v);
            } else if (v == null) {
                u8(0);
            } else {
                u8(1);
                body(s, v);
            }
        }

        private void body(Schema s, Object v) {
            String name = s.name();
            if (name != null) {
                switch (name) {
                    case Decimal.LOGICAL_NAME -> v = Decimal.fromLogical(s, (BigDecimal) v);
                    case Date.LOGICAL_NAME -> v = Date.fromLogical(s, (java.util.Date) v);
                    case Time.LOGICAL_NAME -> v = Time.fromLogical(s, (java.util.Date) v);
                    case Timestamp.LOGICAL_NAME -> v = Timestamp.fromLogical(s, (java.util.Date) v);
                    default -> { }
                }
            }
            switch (s.type()) {
                case INT8 -> u8(((Number) v).byteValue());
                case INT16, INT32, INT64 -> svarint(((Number) v).longValue());
                case FLOAT32 -> fixed32(Float.floatToRawIntBits(((Number) v).floatValue()));
                case FLOAT64 -> fixed64(Double.doubleToRawLongBits(((Number) v).doubleValue()));
                case BOOLEAN -> u8((Boolean) v ? 1 : 0);
                case STRING -> text((String) v);
                case BYTES -> blob(bytesOf(v));
                case ARRAY -> {
                    List<?> list = (List<?>) v;
                    uvarint(list.size());
                    for (Object e : list) value(s.valueSchema(), e);
                }
                case MAP -> {
                    Map<?, ?> map = (Map<?, ?>) v;
                    uvarint(map.size());
                    for (Map.Entry<?, ?> e : map.entrySet()) {
                        value(s.keySchema(), e.getKey());
                        value(s.valueSchema(), e.getValue());
                    }
                }
                case STRUCT -> {
                    Struct st = (Struct) v;
                    for (Field f : s.fields()) value(f.schema(), st.getWithoutDefault(f.name()));
                }
            }
        }

        void tagged(Object v) {
            if (v == null) {
                u8(T_NULL);
            } else if (v instanceof Boolean) {
                u8(T_BOOLEAN);
                u8((Boolean) v ? 1 : 0);
            } else if (v instanceof Byte) {
                u8(T_INT8);
                u8((Byte) v);
            } else if (v instanceof Short) {
                u8(T_INT16);
                svarint((Short) v);
            } else if (v instanceof Integer) {
                u8(T_INT32);
                svarint((Integer) v);
            } else if (v instanceof Long) {
                u8(T_INT64);
                svarint((Long) v);
            } else if (v instanceof Float) {
                u8(T_FLOAT32);
                fixed32(Float.floatToRawIntBits((Float) v));
            } else if (v instanceof Double) {
                u8(T_FLOAT64);
                fixed64(Double.doubleToRawLongBits((Double) v));
            } else if (v instanceof String) {
                u8(T_STRING);
                text((String) v);
            } else if (v instanceof byte[] || v instanceof ByteBuffer) {
                u8(T_BYTES);
                blob(bytesOf(v));
            } else if (v instanceof List) {
                u8(T_ARRAY);
                List<?> list = (List<?>) v;
                uvarint(list.size());
                for (Object e : list) tagged(e);
            } else if (v instanceof Map) {
                u8(T_MAP);
                Map<?, ?> map = (Map<?, ?>) v;
                uvarint(map.size());
                for (Map.Entry<?, ?> e : map.entrySet()) {
                    tagged(e.getKey());
                    tagged(e.getValue());
                }
            } else if (v instanceof Struct) {
                u8(T_STRUCT);
                Schema s = ((Struct) v).schema();
                schemaRef(s);
                value(s, v);
            } else if (v instanceof BigDecimal) {
                u8(T_DECIMAL);
                svarint(((BigDecimal) v).scale());
                blob(((BigDecimal) v).unscaledValue().toByteArray());
            } else if (v instanceof java.util.Date) {
                u8(T_TIMESTAMP);  // without a schema, Kafka cannot tell a Date or Time from a Timestamp either
                svarint(((java.util.Date) v).getTime());
            } else {
                throw new DataException("Copycat cannot take a value of " + v.getClass().getName() + " without a schema");
            }
        }

        private static byte[] bytesOf(Object v) {
            if (v instanceof byte[]) return (byte[]) v;
            ByteBuffer b = ((ByteBuffer) v).duplicate();
            byte[] out = new byte[b.remaining()];
            b.get(out);
            return out;
        }
    }

    // ---- Reading ----

    List<ConnectRecord<?>> decodeAll(byte[] batch) {
        Reader r = new Reader(batch);
        if (r.u8() != FORMAT_VERSION) throw new DataException("A record batch from Copycat has an unknown format version");
        int n = r.size();
        List<ConnectRecord<?>> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) out.add(r.record());
        if (r.pos != batch.length) throw new DataException("A record batch from Copycat has bytes after its last record");
        return out;
    }

    ConnectRecord<?> decode(byte[] batch) {
        List<ConnectRecord<?>> records = decodeAll(batch);
        if (records.size() != 1) throw new DataException("A record from Copycat is not a batch of one record");
        return records.get(0);
    }

    private Schema canonical(Schema built) {
        Schema known = canonical.get(built);
        if (known != null) return known;
        if (canonical.size() >= MAX_SCHEMAS) canonical.clear();
        canonical.put(built, built);
        return built;
    }

    private final class Reader {
        private final byte[] in;
        private int pos;
        private final List<Schema> schemas = new ArrayList<>();

        Reader(byte[] in) {
            this.in = in;
        }

        private DataException error(String what) {
            return new DataException("A record batch from Copycat is malformed at byte " + pos + ": " + what);
        }

        private void need(int n) {
            if (n < 0 || in.length - pos < n) throw error("it ends early");
        }

        int u8() {
            need(1);
            return in[pos++] & 0xFF;
        }

        long uvarint() {
            long n = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                int b = u8();
                n |= (long) (b & 0x7F) << shift;
                if ((b & 0x80) == 0) return n;
            }
            throw error("a variable-length integer is too long");
        }

        long svarint() {
            long n = uvarint();
            return (n >>> 1) ^ -(n & 1);
        }

        int size() {
            long n = uvarint();
            if (n > in.length - pos) throw error("a count exceeds the batch");
            return (int) n;
        }

        long fixed(int bytes) {
            need(bytes);
            long bits = 0;
            for (int i = 0; i < bytes; i++) bits |= (long) (in[pos + i] & 0xFF) << (8 * i);
            pos += bytes;
            return bits;
        }

        byte[] blob() {
            int n = size();
            byte[] out = Arrays.copyOfRange(in, pos, pos + n);
            pos += n;
            return out;
        }

        String text() {
            int n = size();
            String out = new String(in, pos, n, StandardCharsets.UTF_8);
            pos += n;
            return out;
        }

        ConnectRecord<?> record() {
            int kind = u8();
            if (kind != SOURCE && kind != SINK) throw error("a record of unknown kind");
            String topic = text();
            long partition = uvarint();
            Integer kafkaPartition = partition == 0 ? null : (int) (partition - 1);
            Long timestamp = u8() != 0 ? svarint() : null;
            Schema keySchema = schemaRef();
            Object key = value(keySchema);
            Schema valueSchema = schemaRef();
            Object value = value(valueSchema);
            ConnectHeaders headers = new ConnectHeaders();
            for (int n = size(); n > 0; n--) {
                String name = text();
                Schema s = schemaRef();
                headers.add(name, value(s), s);
            }
            if (kind == SINK) {
                long kafkaOffset = svarint();
                int type = u8();
                TimestampType timestampType = type == 1 ? TimestampType.CREATE_TIME
                    : type == 2 ? TimestampType.LOG_APPEND_TIME : TimestampType.NO_TIMESTAMP_TYPE;
                String originalTopic = text();
                int originalPartition = (int) svarint();
                long originalOffset = svarint();
                int p = kafkaPartition == null ? 0 : kafkaPartition;
                if (originalTopic.isEmpty()) {
                    return new SinkRecord(topic, p, keySchema, key, valueSchema, value, kafkaOffset, timestamp,
                        timestampType, headers);
                }
                return new SinkRecord(topic, p, keySchema, key, valueSchema, value, kafkaOffset, timestamp,
                    timestampType, headers, originalTopic, originalPartition, originalOffset);
            }
            Map<String, ?> sourcePartition = sourceMap(tagged());
            Map<String, ?> sourceOffset = sourceMap(tagged());
            return new SourceRecord(sourcePartition, sourceOffset, topic, kafkaPartition, keySchema, key, valueSchema,
                value, timestamp, headers);
        }

        @SuppressWarnings("unchecked")
        private Map<String, ?> sourceMap(Object v) {
            if (v == null) return null;
            if (!(v instanceof Map)) throw error("a source partition or offset that is not a map");
            return (Map<String, ?>) v;
        }

        Schema schemaRef() {
            long ref = uvarint();
            if (ref == NO_SCHEMA) return null;
            if (ref == NEW_SCHEMA) {
                Schema s = canonical(define());
                schemas.add(s);
                return s;
            }
            if (ref - 2 >= schemas.size()) throw error("a reference to a schema not defined yet");
            return schemas.get((int) (ref - 2));
        }

        private Schema requiredSchema() {
            Schema s = schemaRef();
            if (s == null) throw error("a field, element or map schema is missing");
            return s;
        }

        private Schema define() {
            int type = u8();
            if (type >= TYPES.length) throw error("an unknown schema type");
            int flags = u8();
            String name = (flags & NAME) != 0 ? text() : null;
            Integer version = (flags & VERSION) != 0 ? (int) svarint() : null;
            String doc = (flags & DOC) != 0 ? text() : null;
            Map<String, String> parameters = null;
            if ((flags & PARAMETERS) != 0) {
                parameters = new LinkedHashMap<>();
                for (int n = size(); n > 0; n--) parameters.put(text(), text());
            }
            SchemaBuilder b;
            switch (TYPES[type]) {
                case ARRAY -> b = SchemaBuilder.array(requiredSchema());
                case MAP -> {
                    Schema keySchema = requiredSchema();
                    b = SchemaBuilder.map(keySchema, requiredSchema());
                }
                case STRUCT -> {
                    b = SchemaBuilder.struct();
                    for (int n = size(); n > 0; n--) {
                        String field = text();
                        b.field(field, requiredSchema());
                    }
                }
                default -> b = SchemaBuilder.type(TYPES[type]);
            }
            if ((flags & OPTIONAL) != 0) b.optional();
            if (name != null) b.name(name);
            if (version != null) b.version(version);
            if (doc != null) b.doc(doc);
            if (parameters != null) b.parameters(parameters);
            // Read against the builder itself: Kafka takes a Struct default only when its schema is the builder.
            if ((flags & DEFAULT) != 0) b.defaultValue(body(b));
            return b.build();
        }

        Object value(Schema s) {
            if (s == null) return tagged();
            return u8() == 0 ? null : body(s);
        }

        private Object body(Schema s) {
            Object v = switch (s.type()) {
                case INT8 -> (byte) u8();
                case INT16 -> (short) svarint();
                case INT32 -> (int) svarint();
                case INT64 -> svarint();
                case FLOAT32 -> Float.intBitsToFloat((int) fixed(4));
                case FLOAT64 -> Double.longBitsToDouble(fixed(8));
                case BOOLEAN -> u8() != 0;
                case STRING -> text();
                case BYTES -> blob();
                case ARRAY -> {
                    int n = size();
                    List<Object> list = new ArrayList<>(n);
                    for (int i = 0; i < n; i++) list.add(value(s.valueSchema()));
                    yield list;
                }
                case MAP -> {
                    int n = size();
                    Map<Object, Object> map = new LinkedHashMap<>();
                    for (int i = 0; i < n; i++) map.put(value(s.keySchema()), value(s.valueSchema()));
                    yield map;
                }
                case STRUCT -> {
                    Struct st = new Struct(s);
                    for (Field f : s.fields()) {
                        Object field = value(f.schema());
                        // An unset field stays unset: put(null) is refused for a required field with a default.
                        if (field != null) st.put(f, field);
                    }
                    yield st;
                }
            };
            String name = s.name();
            if (name == null) return v;
            return switch (name) {
                case Decimal.LOGICAL_NAME -> Decimal.toLogical(s, (byte[]) v);
                case Date.LOGICAL_NAME -> Date.toLogical(s, (Integer) v);
                case Time.LOGICAL_NAME -> Time.toLogical(s, (Integer) v);
                case Timestamp.LOGICAL_NAME -> Timestamp.toLogical(s, (Long) v);
                default -> v;
            };
        }

        Object tagged() {
            int tag = u8();
            return switch (tag) {
                case T_NULL -> null;
                case T_BOOLEAN -> u8() != 0;
                case T_INT8 -> (byte) u8();
                case T_INT16 -> (short) svarint();
                case T_INT32 -> (int) svarint();
                case T_INT64 -> svarint();
                case T_FLOAT32 -> Float.intBitsToFloat((int) fixed(4));
                case T_FLOAT64 -> Double.longBitsToDouble(fixed(8));
                case T_STRING -> text();
                case T_BYTES -> blob();
                case T_ARRAY -> {
                    int n = size();
                    List<Object> list = new ArrayList<>(n);
                    for (int i = 0; i < n; i++) list.add(tagged());
                    yield list;
                }
                case T_MAP -> {
                    int n = size();
                    Map<Object, Object> map = new LinkedHashMap<>();
                    for (int i = 0; i < n; i++) map.put(tagged(), tagged());
                    yield map;
                }
                case T_STRUCT -> {
                    Schema s = schemaRef();
                    if (s == null || s.type() != Schema.Type.STRUCT) throw error("a struct without a struct schema");
                    yield value(s);
                }
                case T_DECIMAL -> {
                    int scale = (int) svarint();
                    yield new BigDecimal(new BigInteger(blob()), scale);
                }
                case T_DATE, T_TIME, T_TIMESTAMP -> {
                    long n = svarint();
                    yield tag == T_TIMESTAMP ? new java.util.Date(n) : new java.util.Date(n * (tag == T_DATE ? 86_400_000L : 1));
                }
                default -> throw error("an unknown value tag " + tag);
            };
        }
    }
}
