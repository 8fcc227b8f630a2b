package copycat.test.good;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.source.SourceConnector;

/** A well-formed Java source connector: one task config per task, naming its topic. */
public class GoodSourceConnector extends SourceConnector {
    private String topic;
    private Map<String, String> props;

    @Override public String version() { return "1.2.3"; }

    @Override public void start(Map<String, String> props) {
        this.props = props;
        topic = props.get("topic");
        if ("boom".equals(topic)) throw new IllegalStateException("GoodSourceConnector cannot start on topic boom");
        // Requests from a thread of the connector's own, as real connectors make them.
        if (props.containsKey("request.reconfiguration") || props.containsKey("raise.error")) {
            Thread requester = new Thread(() -> {
                if (props.containsKey("request.reconfiguration")) context.requestTaskReconfiguration();
                if (props.containsKey("raise.error")) context.raiseError(new ConnectException(props.get("raise.error")));
            }, "good-source-monitor");
            requester.start();
        }
    }

    @Override public Class<? extends Task> taskClass() { return GoodSourceTask.class; }

    @Override public List<Map<String, String>> taskConfigs(int maxTasks) {
        List<Map<String, String>> configs = new ArrayList<>();
        for (int i = 0; i < maxTasks; i++) {
            Map<String, String> config = new java.util.HashMap<>(props);
            config.put("task", Integer.toString(i));
            configs.add(config);
        }
        return configs;
    }

    @Override public void stop() { topic = null; props = null; }

    @Override public ConfigDef config() {
        return new ConfigDef()
            .define("topic", ConfigDef.Type.STRING, ConfigDef.Importance.HIGH, "The topic.")
            .define("batch.size", ConfigDef.Type.INT, 2000, ConfigDef.Range.atLeast(1), ConfigDef.Importance.LOW,
                "Records per poll.", "Tuning", 1, ConfigDef.Width.SHORT, "Batch size");
    }
}
