package copycat.test.good;

import java.util.Locale;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.ConnectRecord;
import org.apache.kafka.connect.transforms.Transformation;

/**
 * Upper-cases string values and drops the value "drop": a transformation only Java has, so a test
 * that sees its effect knows the record went through the JVM. No version: listed as "undefined".
 */
public class UpperCase<R extends ConnectRecord<R>> implements Transformation<R> {
    @Override public R apply(R record) {
        if (!(record.value() instanceof String)) return record;
        String value = (String) record.value();
        if (value.equals("drop")) return null;
        return record.newRecord(record.topic(), record.kafkaPartition(), record.keySchema(), record.key(),
            record.valueSchema(), value.toUpperCase(Locale.ROOT), record.timestamp(), record.headers());
    }
    @Override public ConfigDef config() { return new ConfigDef(); }
    @Override public void close() {}
    @Override public void configure(Map<String, ?> configs) {}
}
