package copycat.test.good;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.source.SourceRecord;
import org.apache.kafka.connect.source.SourceTask;
import org.apache.kafka.connect.source.TransactionContext;

/**
 * Emits records n = 0..count-1 (default 40) in batches of "batch.size" (default 5), resuming after
 * the stored offset {"position": n}: the value is "n" when the task has a TransactionContext and
 * "n no-context" when it has none. Through the TransactionContext it asks to
 * commit or abort right after record n ("commit.record", "abort.record": lists of n) or after the
 * batch holding record n ("commit.batch", "abort.batch").
 */
public class TransactionalSourceTask extends SourceTask {
    private static final Map<String, String> PARTITION = Map.of("source", "transactional");
    private String topic;
    private long next;
    private long count;
    private int batchSize;
    private TransactionContext transactions;
    private Set<Long> commitRecord, abortRecord, commitBatch, abortBatch;

    @Override public String version() { return "1.2.3"; }

    @Override public void start(Map<String, String> props) {
        topic = props.get("topic");
        count = Long.parseLong(props.getOrDefault("count", "40"));
        batchSize = Integer.parseInt(props.getOrDefault("batch.size", "5"));
        commitRecord = numbers(props.get("commit.record"));
        abortRecord = numbers(props.get("abort.record"));
        commitBatch = numbers(props.get("commit.batch"));
        abortBatch = numbers(props.get("abort.batch"));
        transactions = context.transactionContext();
        Map<String, Object> offset = context.offsetStorageReader().offset(PARTITION);
        next = offset == null ? 0 : (Long) offset.get("position") + 1;
    }

    @Override public List<SourceRecord> poll() throws InterruptedException {
        if (next >= count) {
            Thread.sleep(50);
            return null;
        }
        List<SourceRecord> batch = new ArrayList<>();
        for (int i = 0; i < batchSize && next < count; i++, next++) {
            SourceRecord record = new SourceRecord(PARTITION, Map.of("position", next), topic, 0,
                Schema.STRING_SCHEMA, next + (transactions == null ? " no-context" : ""));
            batch.add(record);
            if (transactions == null) continue;
            if (commitRecord.contains(next)) transactions.commitTransaction(record);
            if (abortRecord.contains(next)) transactions.abortTransaction(record);
            if (commitBatch.contains(next)) transactions.commitTransaction();
            if (abortBatch.contains(next)) transactions.abortTransaction();
        }
        return batch;
    }

    @Override public void stop() {}

    private static Set<Long> numbers(String list) {
        Set<Long> out = new HashSet<>();
        if (list == null || list.isBlank()) return out;
        Arrays.stream(list.split(",")).map(String::trim).map(Long::valueOf).forEach(out::add);
        return out;
    }
}
