package copycat.test.good;

import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.ConnectRecord;
import org.apache.kafka.connect.transforms.Transformation;

/** A transformation without a version (listed as "undefined", as Kafka Connect does). */
public class UpperCase<R extends ConnectRecord<R>> implements Transformation<R> {
    @Override public R apply(R record) { return record; }
    @Override public ConfigDef config() { return new ConfigDef(); }
    @Override public void close() {}
    @Override public void configure(Map<String, ?> configs) {}
}
