package copycat.bridge;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.kafka.connect.source.SourceRecord;
import org.apache.kafka.connect.source.TransactionContext;

/**
 * A Java source task's TransactionContext (transaction.boundary=connector; docs/jvm-bridge.md
 * "Exactly-once source"). The task asks from any thread; the requests are kept here and Copycat
 * takes them on the task's thread after each poll() (take()), passing them to the task's
 * transaction context in Copycat, so Java never calls into Copycat on a thread it does not own.
 */
final class TransactionRequests implements TransactionContext {
    private static final int COMMIT_BATCH = 1, ABORT_BATCH = 2;
    private static final String NULL_RECORD = "Source record used to define transaction boundaries may not be null";

    private boolean commitBatch;
    private boolean abortBatch;
    private final List<SourceRecord> committable = new ArrayList<>();
    private final List<SourceRecord> abortable = new ArrayList<>();

    @Override
    public synchronized void commitTransaction() {
        commitBatch = true;
    }

    @Override
    public synchronized void commitTransaction(SourceRecord record) {
        committable.add(Objects.requireNonNull(record, NULL_RECORD));
    }

    @Override
    public synchronized void abortTransaction() {
        abortBatch = true;
    }

    @Override
    public synchronized void abortTransaction(SourceRecord record) {
        abortable.add(Objects.requireNonNull(record, NULL_RECORD));
    }

    /**
     * The requests since the last take(), null when there were none: a byte of flags (1 commit
     * the batch, 2 abort it), the number of records to commit after (4 bytes, big-endian), then
     * one batch of BinaryRecords: the records to commit after, then those to abort after.
     */
    synchronized byte[] take() {
        if (!commitBatch && !abortBatch && committable.isEmpty() && abortable.isEmpty()) return null;
        List<SourceRecord> records = new ArrayList<>(committable);
        records.addAll(abortable);
        byte[] batch = PluginCalls.RECORDS.get().encodeAll(records);
        ByteBuffer out = ByteBuffer.allocate(5 + batch.length);
        out.put((byte) ((commitBatch ? COMMIT_BATCH : 0) | (abortBatch ? ABORT_BATCH : 0)));
        out.putInt(committable.size());
        out.put(batch);
        commitBatch = abortBatch = false;
        committable.clear();
        abortable.clear();
        return out.array();
    }
}
