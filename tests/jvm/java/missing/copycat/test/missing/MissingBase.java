package copycat.test.missing;

import org.apache.kafka.connect.sink.SinkConnector;

/** Compiled for the "bad" plugin to build against, then left out of its directory. */
public abstract class MissingBase extends SinkConnector {}
