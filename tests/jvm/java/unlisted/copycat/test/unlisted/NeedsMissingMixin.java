package copycat.test.unlisted;

import copycat.test.missing.MissingMixin;
import org.apache.kafka.connect.connector.ConnectRecord;

/**
 * A transformation by its header that cannot load: its other interface is not in the jar. The
 * reflective scan passes over it (a debug line), as Kafka's does.
 */
public class NeedsMissingMixin<R extends ConnectRecord<R>> extends Shout<R> implements MissingMixin {}
