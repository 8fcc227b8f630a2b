package copycat.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.metrics.PluginMetrics;
import org.apache.kafka.connect.connector.ConnectRecord;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.sink.ErrantRecordReporter;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTask;
import org.apache.kafka.connect.sink.SinkTaskContext;

/**
 * The calls Copycat's sink task loop makes on a Java SinkTask (docs/jvm-bridge.md "Crossing
 * records and configs"): one call per put() batch, records in the binary format of BinaryRecords, partitions and
 * offsets as JSON arrays of {"topic","partition","offset","metadata"}. The task's context calls
 * back into Copycat's sink_task_context through native methods, on Copycat's threads only.
 */
public final class SinkTaskCalls {
    private SinkTaskCalls() {}

    public static String version(Object task) throws Exception {
        return PluginCalls.withLoaderOf(task, () -> ((SinkTask) task).version());
    }

    public static void initialize(Object task, byte[] configs, long context) throws Exception {
        Map<String, String> props = PluginCalls.JSON.readValue(configs, PluginCalls.STRING_MAP);
        PluginCalls.withLoaderOf(task, () -> {
            ((SinkTask) task).initialize(new Context(props, context));
            return null;
        });
    }

    public static void start(Object task, byte[] props) throws Exception {
        Map<String, String> config = PluginCalls.JSON.readValue(props, PluginCalls.STRING_MAP);
        PluginCalls.withLoaderOf(task, () -> {
            ((SinkTask) task).start(config);
            return null;
        });
    }

    public static void put(Object task, byte[] records) throws Exception {
        List<SinkRecord> batch = new ArrayList<>();
        for (ConnectRecord<?> r : PluginCalls.RECORDS.get().decodeAll(records)) batch.add((SinkRecord) r);
        PluginCalls.withLoaderOf(task, () -> {
            ((SinkTask) task).put(batch);
            return null;
        });
    }

    public static void flush(Object task, byte[] offsets) throws Exception {
        Map<TopicPartition, OffsetAndMetadata> current = offsetsOf(offsets);
        PluginCalls.withLoaderOf(task, () -> {
            ((SinkTask) task).flush(current);
            return null;
        });
    }

    public static byte[] preCommit(Object task, byte[] offsets) throws Exception {
        Map<TopicPartition, OffsetAndMetadata> current = offsetsOf(offsets);
        Map<TopicPartition, OffsetAndMetadata> committable =
            PluginCalls.withLoaderOf(task, () -> ((SinkTask) task).preCommit(current));
        ArrayNode out = PluginCalls.JSON.createArrayNode();
        if (committable != null) {
            committable.forEach((tp, om) -> out.addObject().put("topic", tp.topic()).put("partition", tp.partition())
                .put("offset", om.offset()).put("metadata", om.metadata()));
        }
        return PluginCalls.JSON.writeValueAsBytes(out);
    }

    public static void open(Object task, byte[] partitions) throws Exception {
        Collection<TopicPartition> opened = partitionsOf(partitions);
        PluginCalls.withLoaderOf(task, () -> {
            ((SinkTask) task).open(opened);
            return null;
        });
    }

    public static void close(Object task, byte[] partitions) throws Exception {
        Collection<TopicPartition> closed = partitionsOf(partitions);
        PluginCalls.withLoaderOf(task, () -> {
            ((SinkTask) task).close(closed);
            return null;
        });
    }

    public static void stop(Object task) throws Exception {
        PluginCalls.withLoaderOf(task, () -> {
            ((SinkTask) task).stop();
            return null;
        });
    }

    static List<TopicPartition> partitionsOf(byte[] json) throws Exception {
        List<TopicPartition> out = new ArrayList<>();
        for (JsonNode p : PluginCalls.JSON.readTree(json))
            out.add(new TopicPartition(p.get("topic").asText(), p.get("partition").asInt()));
        return out;
    }

    static Map<TopicPartition, OffsetAndMetadata> offsetsOf(byte[] json) throws Exception {
        Map<TopicPartition, OffsetAndMetadata> out = new HashMap<>();
        for (JsonNode p : PluginCalls.JSON.readTree(json)) {
            out.put(new TopicPartition(p.get("topic").asText(), p.get("partition").asInt()),
                new OffsetAndMetadata(p.get("offset").asLong(), p.path("metadata").asText("")));
        }
        return out;
    }

    static byte[] partitionsJson(Collection<TopicPartition> partitions) {
        ArrayNode out = PluginCalls.JSON.createArrayNode();
        for (TopicPartition tp : partitions) out.addObject().put("topic", tp.topic()).put("partition", tp.partition());
        try {
            return PluginCalls.JSON.writeValueAsBytes(out);
        } catch (Exception e) {
            throw new ConnectException(e);
        }
    }

    /** The task's SinkTaskContext: each request goes to Copycat's sink_task_context at `context`. */
    private static final class Context implements SinkTaskContext {
        private final Map<String, String> configs;
        private final long context;

        Context(Map<String, String> configs, long context) {
            this.configs = configs;
            this.context = context;
        }

        private static native void offsets(long context, byte[] offsets);
        private static native void timeout(long context, long millis);
        private static native byte[] assignment(long context);
        private static native void pause(long context, byte[] partitions);
        private static native void resume(long context, byte[] partitions);
        private static native void requestCommit(long context);
        private static native boolean hasReporter(long context);
        private static native void report(long context, byte[] record, String error);

        private void onCopycatThread(String what) {
            if (!PluginCalls.COPYCAT_THREAD.get())
                throw new ConnectException("SinkTaskContext." + what + " used on thread "
                    + Thread.currentThread().getName() + ", which Copycat does not own");
        }

        @Override public Map<String, String> configs() { return configs; }

        @Override public void offset(Map<TopicPartition, Long> offsets) {
            onCopycatThread("offset");
            ArrayNode out = PluginCalls.JSON.createArrayNode();
            offsets.forEach((tp, o) -> out.addObject().put("topic", tp.topic()).put("partition", tp.partition())
                .put("offset", o));
            try {
                offsets(context, PluginCalls.JSON.writeValueAsBytes(out));
            } catch (ConnectException e) {
                throw e;
            } catch (Exception e) {
                throw new ConnectException(e);
            }
        }

        @Override public void offset(TopicPartition tp, long offset) { offset(Map.of(tp, offset)); }

        @Override public void timeout(long timeoutMs) {
            onCopycatThread("timeout");
            timeout(context, timeoutMs);
        }

        @Override public Set<TopicPartition> assignment() {
            onCopycatThread("assignment");
            try {
                return new HashSet<>(partitionsOf(assignment(context)));
            } catch (ConnectException e) {
                throw e;
            } catch (Exception e) {
                throw new ConnectException(e);
            }
        }

        @Override public void pause(TopicPartition... partitions) {
            onCopycatThread("pause");
            pause(context, partitionsJson(List.of(partitions)));
        }

        @Override public void resume(TopicPartition... partitions) {
            onCopycatThread("resume");
            resume(context, partitionsJson(List.of(partitions)));
        }

        @Override public void requestCommit() {
            onCopycatThread("requestCommit");
            requestCommit(context);
        }

        /**
         * Copycat's reporter (docs/jvm-bridge.md "Failures"), or null when the connector configures
         * neither a dead-letter queue nor error logging, as in Kafka. The record crosses as a
         * BinaryRecords batch of one and the error as its toString(); the future is complete when report()
         * returns, since Copycat commits no offset before its dead-letter queue writes are done.
         */
        @Override public ErrantRecordReporter errantRecordReporter() {
            onCopycatThread("errantRecordReporter");
            if (!hasReporter(context)) return null;
            return (record, error) -> {
                onCopycatThread("errantRecordReporter().report");
                report(context, PluginCalls.RECORDS.get().encode(record), String.valueOf(error));
                return CompletableFuture.completedFuture(null);
            };
        }

        @Override public PluginMetrics pluginMetrics() {
            throw new UnsupportedOperationException("pluginMetrics() is not bridged to Copycat yet");
        }
    }
}
