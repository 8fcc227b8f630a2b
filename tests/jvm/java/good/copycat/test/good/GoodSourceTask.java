package copycat.test.good;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.header.ConnectHeaders;
import org.apache.kafka.connect.source.SourceRecord;
import org.apache.kafka.connect.source.SourceTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Emits records n = start..count-1 (Struct values with a schema, string keys, a header, offset
 * {"position": n}), in batches of "batch.size" (default two), resuming after the offset Copycat stored; "fail.at" throws
 * when it reaches that n. Logs through SLF4J where it starts.
 */
public class GoodSourceTask extends SourceTask {
    private static final Logger LOG = LoggerFactory.getLogger(GoodSourceTask.class);
    private static final Map<String, String> PARTITION = Map.of("source", "good");
    private static final Schema VALUE = SchemaBuilder.struct().name("good.Value")
        .field("n", Schema.INT64_SCHEMA).field("text", Schema.STRING_SCHEMA).build();
    private String topic;
    private long next;
    private long count;
    private long failAt;
    private int batchSize;

    @Override public String version() { return "1.2.3"; }

    @Override public void start(Map<String, String> props) {
        topic = props.get("topic");
        count = Long.parseLong(props.getOrDefault("count", "5"));
        failAt = Long.parseLong(props.getOrDefault("fail.at", "-1"));
        batchSize = Integer.parseInt(props.getOrDefault("batch.size", "2"));
        Map<String, Object> offset = context.offsetStorageReader().offset(PARTITION);
        next = offset == null ? 0 : (Long) offset.get("position") + 1;
        LOG.info("GoodSourceTask starts at {} of {}", next, count);
        if (LOG.isDebugEnabled()) LOG.debug("GoodSourceTask writes to topic {}", topic);
    }

    @Override public List<SourceRecord> poll() throws InterruptedException {
        if (next >= count) {
            Thread.sleep(50);
            return null;
        }
        List<SourceRecord> batch = new ArrayList<>();
        for (int i = 0; i < batchSize && next < count; i++, next++) {
            if (next == failAt) throw new ConnectException("GoodSourceTask fails at " + next);
            ConnectHeaders headers = new ConnectHeaders();
            headers.addLong("n", next);
            Struct value = new Struct(VALUE).put("n", next).put("text", "record " + next);
            batch.add(new SourceRecord(PARTITION, Map.of("position", next), topic, null, Schema.STRING_SCHEMA,
                "key-" + next, VALUE, value, null, headers));
        }
        return batch;
    }

    @Override public void stop() {}
}
