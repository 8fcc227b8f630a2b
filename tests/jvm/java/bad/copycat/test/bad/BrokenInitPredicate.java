package copycat.test.bad;

import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.ConnectRecord;
import org.apache.kafka.connect.transforms.predicates.Predicate;

/** A predicate whose static initializer fails, like a class built against another Kafka. */
public class BrokenInitPredicate<R extends ConnectRecord<R>> implements Predicate<R> {
    private static final int BROKEN = Integer.parseInt("not a number");
    @Override public ConfigDef config() { return new ConfigDef(); }
    @Override public boolean test(R record) { return BROKEN == 0; }
    @Override public void close() {}
    @Override public void configure(Map<String, ?> configs) {}
}
