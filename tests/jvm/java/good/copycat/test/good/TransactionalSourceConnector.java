package copycat.test.good;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.source.ConnectorTransactionBoundaries;
import org.apache.kafka.connect.source.ExactlyOnceSupport;
import org.apache.kafka.connect.source.SourceConnector;

/**
 * A source connector for the exactly-once tests (KIP-618): its answers to exactlyOnceSupport and
 * canDefineTransactionBoundaries come from "exactly.once.answer" and "boundaries.answer"
 * (SUPPORTED, UNSUPPORTED, "null", "throw" with a message, "throw-empty" without one; absent:
 * SourceConnector's defaults, null and UNSUPPORTED). Its task is TransactionalSourceTask.
 */
public class TransactionalSourceConnector extends SourceConnector {
    private Map<String, String> props;

    @Override public String version() { return "1.2.3"; }

    @Override public void start(Map<String, String> props) { this.props = props; }

    @Override public Class<? extends Task> taskClass() { return TransactionalSourceTask.class; }

    @Override public List<Map<String, String>> taskConfigs(int maxTasks) {
        List<Map<String, String>> configs = new ArrayList<>();
        configs.add(props);
        return configs;
    }

    @Override public void stop() {}

    @Override public ConfigDef config() {
        return new ConfigDef().define("topic", ConfigDef.Type.STRING, ConfigDef.Importance.HIGH, "The topic.");
    }

    @Override public ExactlyOnceSupport exactlyOnceSupport(Map<String, String> config) {
        String answer = config.get("exactly.once.answer");
        if (answer == null) return super.exactlyOnceSupport(config);
        if (answer.equals("null")) return null;
        throwIfAsked(answer, "exactlyOnceSupport");
        return ExactlyOnceSupport.valueOf(answer);
    }

    @Override public ConnectorTransactionBoundaries canDefineTransactionBoundaries(Map<String, String> config) {
        String answer = config.get("boundaries.answer");
        if (answer == null) return super.canDefineTransactionBoundaries(config);
        if (answer.equals("null")) return null;
        throwIfAsked(answer, "canDefineTransactionBoundaries");
        return ConnectorTransactionBoundaries.valueOf(answer);
    }

    private static void throwIfAsked(String answer, String method) {
        if (answer.equals("throw")) throw new IllegalStateException("  " + method + " cannot tell  ");
        if (answer.equals("throw-empty")) throw new IllegalStateException();
    }
}
