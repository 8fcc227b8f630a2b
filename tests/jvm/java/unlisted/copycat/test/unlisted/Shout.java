package copycat.test.unlisted;

import java.util.Locale;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.ConnectRecord;
import org.apache.kafka.connect.transforms.Transformation;

/** Upper-cases string values and appends "!": a transformation in a jar without manifests. */
public class Shout<R extends ConnectRecord<R>> implements Transformation<R> {
    @Override public R apply(R record) {
        if (!(record.value() instanceof String)) return record;
        return record.newRecord(record.topic(), record.kafkaPartition(), record.keySchema(), record.key(),
            record.valueSchema(), ((String) record.value()).toUpperCase(Locale.ROOT) + "!", record.timestamp(),
            record.headers());
    }
    @Override public ConfigDef config() { return new ConfigDef(); }
    @Override public void close() {}
    @Override public void configure(Map<String, ?> configs) {}
}
