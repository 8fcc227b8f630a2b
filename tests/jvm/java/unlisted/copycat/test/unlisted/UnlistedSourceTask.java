package copycat.test.unlisted;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.source.SourceRecord;
import org.apache.kafka.connect.source.SourceTask;

/** Emits the string values "unlisted 0" .. "unlisted count-1" to "topic" in one batch, then nothing. */
public class UnlistedSourceTask extends SourceTask {
    private Map<String, String> props;
    private int next;

    @Override public String version() { return "0.9.1"; }
    @Override public void start(Map<String, String> props) { this.props = props; }

    @Override public List<SourceRecord> poll() throws InterruptedException {
        int count = Integer.parseInt(props.getOrDefault("count", "3"));
        if (next >= count) {
            Thread.sleep(50);
            return null;
        }
        List<SourceRecord> batch = new ArrayList<>();
        for (; next < count; next++)
            batch.add(new SourceRecord(Map.of("source", "unlisted"), Map.of("position", next), props.get("topic"),
                Schema.STRING_SCHEMA, "unlisted " + next));
        return batch;
    }

    @Override public void stop() {}
}
