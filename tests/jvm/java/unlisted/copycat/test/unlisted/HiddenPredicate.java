package copycat.test.unlisted;

import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.ConnectRecord;
import org.apache.kafka.connect.transforms.predicates.Predicate;

/**
 * Not a plugin for the reflective scan, as for Kafka's: the class is not public (passed over
 * silently), and its public nested class has no no-arg constructor (reported, then skipped).
 */
class HiddenPredicate<R extends ConnectRecord<R>> implements Predicate<R> {
    @Override public ConfigDef config() { return new ConfigDef(); }
    @Override public boolean test(R record) { return true; }
    @Override public void close() {}
    @Override public void configure(Map<String, ?> configs) {}

    /** Public, but needs an argument: the scan reports it cannot instantiate it. */
    public static class NeedsArgument<R extends ConnectRecord<R>> extends HiddenPredicate<R> {
        public NeedsArgument(String argument) {}
    }
}
