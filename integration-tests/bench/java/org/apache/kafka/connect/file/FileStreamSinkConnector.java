/*
 * FileStreamSinkConnector: the Java twin of Copycat's file sink (plugins/file/), with the class
 * name and config keys of Kafka's connect-file module (see FileStreamSourceConnector for why the
 * Java workers of the tests and benchmarks run it). Each of tasks.max tasks appends the values it
 * gets, one a line, to the file (standard output when none is configured).
 */
package org.apache.kafka.connect.file;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.sink.SinkConnector;

public class FileStreamSinkConnector extends SinkConnector {
    public static final String FILE_CONFIG = FileStreams.FILE_CONFIG;

    static final ConfigDef CONFIG_DEF = new ConfigDef()
        .define(FILE_CONFIG, ConfigDef.Type.STRING, null, ConfigDef.Importance.HIGH,
                "Destination filename. If not specified, the standard output will be used");

    private Map<String, String> props;

    @Override
    public String version() {
        return FileStreams.VERSION;
    }

    @Override
    public void start(Map<String, String> props) {
        new AbstractConfig(CONFIG_DEF, props);  // fails on a bad config
        this.props = props;
    }

    @Override
    public Class<? extends Task> taskClass() {
        return FileStreamSinkTask.class;
    }

    @Override
    public List<Map<String, String>> taskConfigs(int maxTasks) {
        List<Map<String, String>> configs = new ArrayList<>();
        for (int i = 0; i < maxTasks; i++) {
            configs.add(props);
        }
        return configs;
    }

    @Override
    public void stop() {
    }

    @Override
    public ConfigDef config() {
        return CONFIG_DEF;
    }

    @Override
    public boolean alterOffsets(Map<String, String> connectorConfig, Map<TopicPartition, Long> offsets) {
        return true;  // the file holds no offsets of its own
    }
}
