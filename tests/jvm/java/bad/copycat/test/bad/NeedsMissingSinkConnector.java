package copycat.test.bad;

import copycat.test.missing.MissingBase;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.Task;

/** A sink connector whose base class lives in a jar the plugin directory does not hold. */
public class NeedsMissingSinkConnector extends MissingBase {
    @Override public String version() { return "0.1"; }
    @Override public void start(Map<String, String> props) {}
    @Override public Class<? extends Task> taskClass() { return null; }
    @Override public List<Map<String, String>> taskConfigs(int maxTasks) { return List.of(); }
    @Override public void stop() {}
    @Override public ConfigDef config() { return new ConfigDef(); }
}
