/*
 * FileStreamSinkTask: the task of the FileStreamSinkConnector twin. It appends each record's value
 * (String.valueOf) and a "\n" to the file, creating it when missing, or to standard output, and
 * flushes what it wrote at every put, so that lines show up at once.
 */
package org.apache.kafka.connect.file;

import java.io.BufferedWriter;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Map;

import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTask;

public class FileStreamSinkTask extends SinkTask {
    private String filename;  // null for standard output
    private Writer out;

    @Override
    public String version() {
        return FileStreams.VERSION;
    }

    @Override
    public void start(Map<String, String> props) {
        filename = FileStreams.configuredFile(FileStreamSinkConnector.CONFIG_DEF, props);
        try {
            out = new BufferedWriter(new OutputStreamWriter(
                filename == null ? System.out : new FileOutputStream(filename, true), StandardCharsets.UTF_8),
                64 * 1024);
        } catch (IOException e) {
            throw new ConnectException("Couldn't find or create file '" + filename + "' for FileStreamSinkTask", e);
        }
    }

    @Override
    public void put(Collection<SinkRecord> records) {
        try {
            for (SinkRecord record : records) {
                out.write(String.valueOf(record.value()));
                out.write('\n');
            }
            out.flush();
        } catch (IOException e) {
            throw new ConnectException("Error while writing to " + (filename == null ? "stdout" : filename), e);
        }
    }

    @Override
    public void flush(Map<TopicPartition, OffsetAndMetadata> offsets) {
        try {
            out.flush();
        } catch (IOException e) {
            throw new ConnectException("Error while flushing " + (filename == null ? "stdout" : filename), e);
        }
    }

    @Override
    public void stop() {
        if (out == null) {
            return;
        }
        try {
            if (filename == null) {
                out.flush();  // standard output stays open for the worker
            } else {
                out.close();
            }
        } catch (IOException e) {
            throw new ConnectException("Error while closing " + filename, e);
        }
        out = null;
    }
}
