package copycat.test.good;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.sink.SinkConnector;

/** A Java sink connector whose tasks append one line per record to "file". */
public class GoodSinkConnector extends SinkConnector {
    private Map<String, String> props;

    @Override public String version() { return "1.2.3"; }
    @Override public void start(Map<String, String> props) { this.props = props; }
    @Override public Class<? extends Task> taskClass() { return GoodSinkTask.class; }

    @Override public List<Map<String, String>> taskConfigs(int maxTasks) {
        List<Map<String, String>> configs = new ArrayList<>();
        for (int i = 0; i < maxTasks; i++) configs.add(props);
        return configs;
    }

    @Override public void stop() {}

    @Override public ConfigDef config() {
        return new ConfigDef().define("file", ConfigDef.Type.STRING, ConfigDef.Importance.HIGH, "The output file.");
    }
}
