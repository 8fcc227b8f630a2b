package copycat.test.good;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Collection;
import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.header.Header;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTask;

/**
 * Appends "topic-partition key value header=value..." per record and flushes on flush(); checks in open() that the
 * worker's assignment holds the opened partitions and asks for a commit after each put(), so the
 * SinkTaskContext's calls into Copycat are exercised. Records whose key is "report.key" go to the
 * context's errantRecordReporter() instead (a ConnectException when there is none).
 */
public class GoodSinkTask extends SinkTask {
    private Writer out;
    private String reportKey;

    @Override public String version() { return "1.2.3"; }

    @Override public void start(Map<String, String> props) {
        reportKey = props.get("report.key");
        try {
            out = Files.newBufferedWriter(Path.of(props.get("file")), StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override public void open(Collection<TopicPartition> partitions) {
        if (!context.assignment().containsAll(partitions))
            throw new ConnectException("assignment() " + context.assignment() + " lacks " + partitions);
    }

    @Override public void put(Collection<SinkRecord> records) {
        try {
            for (SinkRecord r : records) {
                if (reportKey != null && reportKey.equals(String.valueOf(r.key()))) {
                    if (context.errantRecordReporter() == null) throw new ConnectException("no errant record reporter");
                    context.errantRecordReporter().report(r, new IllegalStateException("reported by GoodSinkTask"));
                    continue;
                }
                StringBuilder line = new StringBuilder().append(r.topic()).append('-').append(r.kafkaPartition())
                    .append(' ').append(r.key()).append(' ').append(r.value());
                for (Header h : r.headers()) line.append(' ').append(h.key()).append('=').append(h.value());
                out.write(line.append('\n').toString());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (!records.isEmpty()) context.requestCommit();
    }

    @Override public void flush(Map<TopicPartition, OffsetAndMetadata> currentOffsets) {
        try {
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override public void stop() {
        try {
            if (out != null) out.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
