package copycat.bridge;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.storage.OffsetStorageReader;

/**
 * A source task's OffsetStorageReader over Copycat's offset store: a native call into the C++
 * offset_storage_reader whose address Copycat passed. Only on threads Copycat called in on (the
 * task's own): Java never calls back into Copycat on a thread Copycat does not own.
 */
final class NativeOffsets implements OffsetStorageReader {
    private final long reader;

    NativeOffsets(long reader) {
        this.reader = reader;
    }

    /** Partitions as a schemaless JSON array of maps; the answer: one offset map or null each. */
    private static native byte[] offsets(long reader, byte[] partitions);

    @Override
    public <T> Map<String, Object> offset(Map<String, T> partition) {
        return offsets(List.of(partition)).get(partition);
    }

    @Override
    public <T> Map<Map<String, T>, Map<String, Object>> offsets(Collection<Map<String, T>> partitions) {
        if (!PluginCalls.COPYCAT_THREAD.get())
            throw new ConnectException("OffsetStorageReader used on thread " + Thread.currentThread().getName()
                + ", which Copycat does not own; read offsets in start() or poll()");
        List<Map<String, T>> ordered = new ArrayList<>(partitions);
        RecordCodec codec = PluginCalls.CODECS.get();
        List<Map<String, Object>> answer = codec.offsetMaps(offsets(reader, codec.schemaless(ordered)));
        Map<Map<String, T>, Map<String, Object>> out = new HashMap<>();
        for (int i = 0; i < ordered.size(); i++) if (answer.get(i) != null) out.put(ordered.get(i), answer.get(i));
        return out;
    }
}
