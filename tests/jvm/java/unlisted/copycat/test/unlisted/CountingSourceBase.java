package copycat.test.unlisted;

import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.source.SourceConnector;

/**
 * The abstract base of UnlistedSourceConnector: the reflective scan must follow the class
 * hierarchy through the jar to SourceConnector, and must not list this abstract class itself.
 */
public abstract class CountingSourceBase extends SourceConnector {
    private Map<String, String> props;

    @Override public void start(Map<String, String> props) { this.props = props; }
    @Override public List<Map<String, String>> taskConfigs(int maxTasks) { return List.of(props); }
    @Override public void stop() {}
    @Override public ConfigDef config() {
        return new ConfigDef()
            .define("topic", ConfigDef.Type.STRING, ConfigDef.Importance.HIGH, "Where the lines go.")
            .define("count", ConfigDef.Type.INT, 3, ConfigDef.Importance.LOW, "How many lines.");
    }
}
