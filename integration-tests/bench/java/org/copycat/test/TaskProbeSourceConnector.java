/*
 * TaskProbeSourceConnector: the Java twin of Copycat's test plugin copycat-task-probe
 * (integration-tests/distributed/task_probe_plugin.cpp), with the same class name and config, so
 * that the rebalance benchmark runs one connector config on Apache Kafka Connect and on Copycat.
 *
 * It makes exactly tasks.max tasks. Each task appends one line ("<pid>") to
 * <probe.dir>/task-<n>.starts every time it starts and otherwise produces nothing.
 * Compiled by integration-tests/bench/run_bench.py with javac against the Connect API jars.
 */
package org.copycat.test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.source.SourceConnector;

public class TaskProbeSourceConnector extends SourceConnector {
    static final String PROBE_DIR = "probe.dir";
    static final String TASK_INDEX = "task.index";

    private static final ConfigDef CONFIG_DEF = new ConfigDef()
        .define(PROBE_DIR, ConfigDef.Type.STRING, ConfigDef.Importance.HIGH,
                "Directory where tasks record their starts");

    private String probeDir;

    @Override
    public String version() {
        return "1.0";
    }

    @Override
    public void start(Map<String, String> props) {
        probeDir = props.get(PROBE_DIR);
    }

    @Override
    public Class<? extends Task> taskClass() {
        return TaskProbeSourceTask.class;
    }

    @Override
    public List<Map<String, String>> taskConfigs(int maxTasks) {
        List<Map<String, String>> configs = new ArrayList<>();
        for (int i = 0; i < maxTasks; ++i) {
            Map<String, String> config = new HashMap<>();
            config.put(PROBE_DIR, probeDir);
            config.put(TASK_INDEX, Integer.toString(i));
            configs.add(config);
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
}
