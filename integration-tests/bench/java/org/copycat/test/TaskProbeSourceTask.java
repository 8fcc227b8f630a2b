/*
 * TaskProbeSourceTask: the task of TaskProbeSourceConnector (see there). start() appends this
 * process's pid to <probe.dir>/task-<task.index>.starts; poll() waits up to 100 ms and returns
 * no records.
 */
package org.copycat.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.connect.source.SourceRecord;
import org.apache.kafka.connect.source.SourceTask;

public class TaskProbeSourceTask extends SourceTask {
    private final CountDownLatch stopped = new CountDownLatch(1);

    @Override
    public String version() {
        return "1.0";
    }

    @Override
    public void start(Map<String, String> props) {
        Path starts = Paths.get(props.get(TaskProbeSourceConnector.PROBE_DIR),
                "task-" + props.get(TaskProbeSourceConnector.TASK_INDEX) + ".starts");
        String line = ProcessHandle.current().pid() + "\n";
        try {
            Files.write(starts, line.getBytes(StandardCharsets.UTF_8),
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public List<SourceRecord> poll() throws InterruptedException {
        stopped.await(100, TimeUnit.MILLISECONDS);
        return null;
    }

    @Override
    public void stop() {
        stopped.countDown();
    }
}
