package copycat.test.good;

import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.source.SourceConnector;

/** A source connector that is a plain, well-formed Java plugin (its tasks are never run). */
public class GoodSourceConnector extends SourceConnector {
    @Override public String version() { return "1.2.3"; }
    @Override public void start(Map<String, String> props) {}
    @Override public Class<? extends Task> taskClass() { return null; }
    @Override public List<Map<String, String>> taskConfigs(int maxTasks) { return List.of(); }
    @Override public void stop() {}
    @Override public ConfigDef config() {
        return new ConfigDef().define("topic", ConfigDef.Type.STRING, ConfigDef.Importance.HIGH, "The topic.");
    }
}
