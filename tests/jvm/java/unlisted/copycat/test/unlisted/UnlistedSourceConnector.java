package copycat.test.unlisted;

import org.apache.kafka.connect.connector.Task;

/**
 * A source connector in a jar without META-INF/services manifests, as many connectors on Maven
 * Central ship: only plugin.discovery's reflective scan (only_scan, hybrid_*) finds it.
 */
public class UnlistedSourceConnector extends CountingSourceBase {
    @Override public String version() { return "0.9.1"; }
    @Override public Class<? extends Task> taskClass() { return UnlistedSourceTask.class; }
}
