/*
 * FileStreamSourceConnector: the Java twin of Copycat's file source (plugins/file/), with the
 * class name, config keys, offsets and checks of Kafka's connect-file module, for the Java workers
 * of the tests and benchmarks. Maven Central has connect-file only up to 4.1.1, and those jars do
 * not load on a newer runtime (docs/compatibility.md#the-reference-kafka), so a Java worker runs
 * this instead; a connector config then runs on a worker of either system, and Copycat's native
 * plugin and this one read and write the same source offsets ({"filename": f} -> {"position": n},
 * n the byte position after the last line sent).
 *
 * Compiled with javac against the Java worker's own Kafka jars by
 * integration-tests/bench/bench_systems.py (compile_java_twins).
 */
package org.apache.kafka.connect.file;

import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.common.config.Config;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.config.ConfigValue;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.source.ConnectorTransactionBoundaries;
import org.apache.kafka.connect.source.ExactlyOnceSupport;
import org.apache.kafka.connect.source.SourceConnector;

public class FileStreamSourceConnector extends SourceConnector {
    public static final String FILE_CONFIG = FileStreams.FILE_CONFIG;
    public static final String TOPIC_CONFIG = "topic";
    public static final String TASK_BATCH_SIZE_CONFIG = "batch.size";
    public static final int DEFAULT_TASK_BATCH_SIZE = 2000;
    static final String FILENAME_FIELD = "filename";
    static final String POSITION_FIELD = "position";
    static final String SINGLE_TOPIC_ERROR =
        "'topic' in FileStreamSourceConnector configuration requires definition of a single topic";

    static final ConfigDef CONFIG_DEF = new ConfigDef()
        .define(FILE_CONFIG, ConfigDef.Type.STRING, null, ConfigDef.Importance.HIGH,
                "Source filename. If not specified, the standard input will be used")
        .define(TOPIC_CONFIG, ConfigDef.Type.STRING, ConfigDef.NO_DEFAULT_VALUE, new ConfigDef.NonEmptyString(),
                ConfigDef.Importance.HIGH, "The topic to publish data to")
        .define(TASK_BATCH_SIZE_CONFIG, ConfigDef.Type.INT, DEFAULT_TASK_BATCH_SIZE, ConfigDef.Importance.LOW,
                "The maximum number of records the source task can read from the file each time it is polled");

    private Map<String, String> props;

    @Override
    public String version() {
        return FileStreams.VERSION;
    }

    @Override
    public void start(Map<String, String> props) {
        AbstractConfig config = new AbstractConfig(CONFIG_DEF, props);
        if (config.getString(TOPIC_CONFIG).contains(",")) {
            throw new ConfigException(SINGLE_TOPIC_ERROR);
        }
        this.props = props;
    }

    @Override
    public Class<? extends Task> taskClass() {
        return FileStreamSourceTask.class;
    }

    @Override
    public List<Map<String, String>> taskConfigs(int maxTasks) {
        return Collections.singletonList(props);  // one file, one reader
    }

    @Override
    public void stop() {
    }

    @Override
    public ConfigDef config() {
        return CONFIG_DEF;
    }

    @Override
    public Config validate(Map<String, String> connectorConfigs) {
        Config config = super.validate(connectorConfigs);
        for (ConfigValue value : config.configValues()) {
            if (value.name().equals(TOPIC_CONFIG) && value.errorMessages().isEmpty()
                    && value.value() instanceof String && ((String) value.value()).contains(",")) {
                value.addErrorMessage(SINGLE_TOPIC_ERROR);
            }
        }
        return config;
    }

    private static String configuredFile(Map<String, String> connectorConfig) {
        return FileStreams.configuredFile(CONFIG_DEF, connectorConfig);
    }

    @Override
    public ExactlyOnceSupport exactlyOnceSupport(Map<String, String> connectorConfig) {
        // Standard input has no offsets to commit with the records.
        return configuredFile(connectorConfig) == null ? ExactlyOnceSupport.UNSUPPORTED : ExactlyOnceSupport.SUPPORTED;
    }

    @Override
    public ConnectorTransactionBoundaries canDefineTransactionBoundaries(Map<String, String> connectorConfig) {
        return ConnectorTransactionBoundaries.UNSUPPORTED;
    }

    @Override
    public boolean alterOffsets(Map<String, String> connectorConfig, Map<Map<String, ?>, Map<String, ?>> offsets) {
        if (configuredFile(connectorConfig) == null) {
            throw new ConnectException("Offsets cannot be modified if the '" + FILE_CONFIG + "' configuration is "
                + "unspecified. This is because stdin is used for input and offsets are not tracked.");
        }
        for (Map.Entry<Map<String, ?>, Map<String, ?>> change : offsets.entrySet()) {
            Map<String, ?> offset = change.getValue();
            if (offset == null) {
                continue;  // a reset is allowed for any partition, so that garbage can be cleaned up
            }
            if (!offset.containsKey(POSITION_FIELD)) {
                throw new ConnectException("Offset objects should either be null or contain the key '"
                    + POSITION_FIELD + "'");
            }
            Object position = offset.get(POSITION_FIELD);
            if (!(position instanceof Integer) && !(position instanceof Long)) {
                throw new ConnectException("The value for the '" + POSITION_FIELD
                    + "' key in the offset is expected to be a Long value");
            }
            if (((Number) position).longValue() < 0) {
                throw new ConnectException("The value for the '" + POSITION_FIELD
                    + "' key in the offset should be a non-negative value");
            }
            Map<String, ?> partition = change.getKey();
            if (partition == null || !partition.containsKey(FILENAME_FIELD)) {
                throw new ConnectException("Partition objects should contain the key '" + FILENAME_FIELD + "'");
            }
        }
        return true;  // the task checks the position against the file when it opens it
    }
}
