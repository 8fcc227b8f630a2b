package copycat.bridge;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.metrics.PluginMetrics;
import org.apache.kafka.connect.source.SourceRecord;
import org.apache.kafka.connect.source.SourceTask;
import org.apache.kafka.connect.source.SourceTaskContext;
import org.apache.kafka.connect.source.TransactionContext;
import org.apache.kafka.connect.storage.OffsetStorageReader;

/**
 * The calls Copycat's source task loop makes on a Java SourceTask (docs/jvm-bridge.md "Crossing
 * records and configs"): one call per poll() batch, records in the binary format of BinaryRecords.
 */
public final class SourceTaskCalls {
    // Polled records waiting for commitRecord, per task that overrides it, by Identity.
    private static final Map<Object, Map<Identity, ArrayDeque<SourceRecord>>> PENDING =
        Collections.synchronizedMap(new IdentityHashMap<>());

    private SourceTaskCalls() {}

    public static String version(Object task) throws Exception {
        return PluginCalls.withLoaderOf(task, () -> ((SourceTask) task).version());
    }

    /**
     * SourceTask.initialize with a context whose OffsetStorageReader reads Copycat's offset store
     * and, when `transactional` (transaction.boundary=connector), whose TransactionContext keeps the
     * task's requests for takeTransactionRequests. Returns that TransactionContext; null without.
     */
    public static Object initialize(Object task, byte[] configs, long offsetReader, boolean transactional)
        throws Exception {
        Map<String, String> props = PluginCalls.JSON.readValue(configs, PluginCalls.STRING_MAP);
        OffsetStorageReader reader = new NativeOffsets(offsetReader);
        TransactionRequests transactions = transactional ? new TransactionRequests() : null;
        PluginCalls.withLoaderOf(task, () -> {
            ((SourceTask) task).initialize(new SourceTaskContext() {
                @Override public Map<String, String> configs() { return props; }
                @Override public OffsetStorageReader offsetStorageReader() { return reader; }
                @Override public TransactionContext transactionContext() { return transactions; }
                @Override public PluginMetrics pluginMetrics() {
                    throw new UnsupportedOperationException("pluginMetrics() is not bridged to Copycat yet");
                }
            });
            return null;
        });
        return transactions;
    }

    /** The transaction requests the task made since the last call (TransactionRequests.take). */
    public static byte[] takeTransactionRequests(Object transactions) {
        return ((TransactionRequests) transactions).take();
    }

    public static void start(Object task, byte[] props) throws Exception {
        Map<String, String> config = PluginCalls.JSON.readValue(props, PluginCalls.STRING_MAP);
        PluginCalls.withLoaderOf(task, () -> {
            ((SourceTask) task).start(config);
            return null;
        });
    }

    /**
     * SourceTask.poll as a batch of records; null when it returned null (no data now). When
     * the task overrides commitRecord, the polled records are kept until Copycat acknowledges
     * them, so that commitRecord gets the task's own record objects, as in Kafka Connect (their
     * offsets keep their Java types: Integer stays Integer).
     */
    public static byte[] poll(Object task) throws Exception {
        List<SourceRecord> records = PluginCalls.withLoaderOf(task, () -> ((SourceTask) task).poll());
        if (records == null) return null;
        Map<Identity, ArrayDeque<SourceRecord>> pending = PENDING.get(task);
        if (pending != null) {
            synchronized (pending) {
                for (SourceRecord r : records)
                    pending.computeIfAbsent(Identity.of(r), k -> new ArrayDeque<>()).add(r);
            }
        }
        return PluginCalls.RECORDS.get().encodeAll(records);
    }

    public static void commit(Object task) throws Exception {
        PluginCalls.withLoaderOf(task, () -> {
            ((SourceTask) task).commit();
            return null;
        });
    }

    /**
     * Whether the task overrides commitRecord: only then is each acknowledged record passed on,
     * and are polled records kept for it.
     */
    public static boolean overridesCommitRecord(Object task) throws Exception {
        boolean overrides = task.getClass().getMethod("commitRecord", SourceRecord.class, RecordMetadata.class)
            .getDeclaringClass() != SourceTask.class;
        if (overrides) PENDING.put(task, new HashMap<>());
        return overrides;
    }

    /**
     * Commits the record Copycat identifies by `reference` (a record of BinaryRecords with only its
     * topic, partition, source partition and offset) when this task's poll() kept it; false, and
     * nothing done, when it did not. `partition` < 0 means no metadata (the record was filtered out).
     */
    public static boolean commitKeptRecord(Object task, byte[] reference, String topic, int partition, long offset,
                                           long timestamp) throws Exception {
        SourceRecord kept = takeKept(task, (SourceRecord) PluginCalls.RECORDS.get().decode(reference));
        if (kept == null) return false;
        commit(task, kept, topic, partition, offset, timestamp);
        return true;
    }

    public static void commitRecord(Object task, byte[] record, String topic, int partition, long offset,
                                    long timestamp) throws Exception {
        SourceRecord decoded = (SourceRecord) PluginCalls.RECORDS.get().decode(record);
        SourceRecord kept = takeKept(task, decoded);
        commit(task, kept != null ? kept : decoded, topic, partition, offset, timestamp);
    }

    /** The record poll() returned with the identity of `record`, taken from the kept ones; null when none. */
    private static SourceRecord takeKept(Object task, SourceRecord record) {
        Map<Identity, ArrayDeque<SourceRecord>> pending = PENDING.get(task);
        if (pending == null) return null;
        synchronized (pending) {
            Identity identity = Identity.of(record);
            ArrayDeque<SourceRecord> same = pending.get(identity);
            if (same == null) return null;
            SourceRecord kept = same.poll();
            if (same.isEmpty()) pending.remove(identity);
            return kept;
        }
    }

    private static void commit(Object task, SourceRecord original, String topic, int partition, long offset,
                               long timestamp) throws Exception {
        RecordMetadata metadata = partition < 0 ? null
            : new RecordMetadata(new TopicPartition(topic, partition), offset, 0, timestamp, 0, 0);
        PluginCalls.withLoaderOf(task, () -> {
            ((SourceTask) task).commitRecord(original, metadata);
            return null;
        });
    }

    /**
     * What identifies a source record across the crossing: topic, partition, source partition and
     * offset, their numbers widened as Copycat reads them back (an Integer offset comes back a Long).
     */
    private record Identity(String topic, Integer partition, Object sourcePartition, Object sourceOffset) {
        static Identity of(SourceRecord r) {
            return new Identity(r.topic(), r.kafkaPartition(), widened(r.sourcePartition()), widened(r.sourceOffset()));
        }

        private static Object widened(Object v) {
            if (v instanceof Byte || v instanceof Short || v instanceof Integer) return ((Number) v).longValue();
            if (v instanceof Float) return ((Float) v).doubleValue();
            if (v instanceof byte[]) return ByteBuffer.wrap((byte[]) v);
            if (v instanceof Map) {
                Map<Object, Object> out = new HashMap<>();
                ((Map<?, ?>) v).forEach((k, e) -> out.put(widened(k), widened(e)));
                return out;
            }
            if (v instanceof List) {
                List<Object> out = new ArrayList<>();
                for (Object e : (List<?>) v) out.add(widened(e));
                return out;
            }
            return v;
        }
    }

    public static void stop(Object task) throws Exception {
        PENDING.remove(task);
        PluginCalls.withLoaderOf(task, () -> {
            ((SourceTask) task).stop();
            return null;
        });
    }
}
