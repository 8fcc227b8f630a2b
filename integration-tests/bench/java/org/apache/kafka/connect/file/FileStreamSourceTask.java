/*
 * FileStreamSourceTask: the task of the FileStreamSourceConnector twin. It sends each line of the
 * file (or of standard input when no file is configured) as a STRING value with a null key, up to
 * batch.size lines a poll, and records the byte position after the line as the offset. A line ends
 * at "\n", "\r\n" or a lone "\r", as in Kafka's and Copycat's file sources. On opening the file it
 * resumes from the stored position, or from the start when the file is now shorter. At the end of
 * the data a poll waits up to a second for more (woken by stop()), as Kafka's task does.
 */
package org.apache.kafka.connect.file;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.source.SourceRecord;
import org.apache.kafka.connect.source.SourceTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

public class FileStreamSourceTask extends SourceTask {
    private static final Logger log = LoggerFactory.getLogger(FileStreamSourceTask.class);
    private static final long IDLE_WAIT_MS = 1000;

    private String filename;  // null for standard input
    private String topic;
    private int batchSize;
    private Map<String, String> partition;
    private FileChannel file;
    private InputStream stdin;
    private boolean missingLogged;
    private boolean stopping;
    private byte[] buffer = new byte[64 * 1024];
    private int begin;  // the unsent bytes are buffer[begin, end)
    private int end;
    private long position;  // of buffer[begin] in the file

    @Override
    public String version() {
        return FileStreams.VERSION;
    }

    @Override
    public void start(Map<String, String> props) {
        AbstractConfig config = new AbstractConfig(FileStreamSourceConnector.CONFIG_DEF, props);
        filename = FileStreams.configuredFile(FileStreamSourceConnector.CONFIG_DEF, props);
        topic = config.getString(FileStreamSourceConnector.TOPIC_CONFIG);
        batchSize = Math.max(1, config.getInt(FileStreamSourceConnector.TASK_BATCH_SIZE_CONFIG));
        // Kafka's partition names the file as configured: {"filename": null} for standard input.
        partition = Collections.singletonMap(FileStreamSourceConnector.FILENAME_FIELD,
            config.getString(FileStreamSourceConnector.FILE_CONFIG));
        if (filename == null) {
            stdin = System.in;
        }
    }

    @Override
    public List<SourceRecord> poll() throws InterruptedException {
        if (stdin == null && file == null && !openFile()) {
            idle();
            return null;
        }
        List<SourceRecord> records = new ArrayList<>();
        try {
            while (records.size() < batchSize) {
                if (nextLine(records)) {
                    continue;
                }
                if (!readMore()) {
                    break;
                }
            }
        } catch (IOException e) {
            synchronized (this) {
                if (stopping) {
                    return null;  // stop() closed the file under a read
                }
            }
            throw new ConnectException("Error while reading " + describe(), e);
        }
        if (records.isEmpty()) {
            idle();
            return null;
        }
        return records;
    }

    @Override
    public void stop() {
        synchronized (this) {
            stopping = true;
            try {
                if (file != null) {
                    file.close();
                }
            } catch (IOException e) {
                log.error("Failed to close {}", describe(), e);
            }
            notifyAll();
        }
    }

    private synchronized void idle() throws InterruptedException {
        if (!stopping) {
            wait(IDLE_WAIT_MS);
        }
    }

    private String describe() {
        return filename == null ? "standard input" : filename;
    }

    private boolean openFile() {
        FileChannel opened;
        try {
            opened = FileChannel.open(Paths.get(filename), StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            if (!missingLogged) {
                log.warn("Couldn't find file {} for FileStreamSourceTask, waiting for it to be created", filename);
                missingLogged = true;
            }
            return false;
        } catch (IOException e) {
            throw new ConnectException("Couldn't open " + filename, e);
        }
        missingLogged = false;
        long stored = storedPosition();
        try {
            long size = opened.size();
            if (stored > size) {
                log.warn("File {} is shorter than the stored position {}; reading it from the start", filename, stored);
                stored = 0;
            }
            opened.position(stored);
        } catch (IOException e) {
            closeQuietly(opened);
            throw new ConnectException("Couldn't seek in " + filename, e);
        }
        synchronized (this) {
            if (stopping) {
                closeQuietly(opened);
                return false;
            }
            file = opened;
        }
        position = stored;
        begin = end = 0;
        log.info("Reading {} from position {}", filename, stored);
        return true;
    }

    private long storedPosition() {
        Map<String, Object> offset = context.offsetStorageReader().offset(partition);
        Object stored = offset == null ? null : offset.get(FileStreamSourceConnector.POSITION_FIELD);
        if (stored == null) {
            return 0;
        }
        if (!(stored instanceof Long) && !(stored instanceof Integer)) {
            throw new ConnectException("Offset position is the incorrect type");
        }
        return Math.max(0, ((Number) stored).longValue());
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing was read from it
        }
    }

    // Reads more bytes after the unsent ones; false when there are none yet.
    private boolean readMore() throws IOException {
        if (begin > 0) {
            System.arraycopy(buffer, begin, buffer, 0, end - begin);
            end -= begin;
            begin = 0;
        }
        if (end == buffer.length) {
            byte[] grown = new byte[buffer.length * 2];  // one line fills the buffer
            System.arraycopy(buffer, 0, grown, 0, end);
            buffer = grown;
        }
        int n;
        if (file != null) {
            n = file.read(ByteBuffer.wrap(buffer, end, buffer.length - end));
        } else {
            n = stdin.available() > 0 ? stdin.read(buffer, end, Math.min(stdin.available(), buffer.length - end)) : 0;
        }
        if (n <= 0) {
            return false;
        }
        end += n;
        return true;
    }

    // Adds the next complete line of the buffer to records; false when there is none.
    private boolean nextLine(List<SourceRecord> records) {
        int p = begin;
        while (p < end && buffer[p] != '\n' && buffer[p] != '\r') {
            ++p;
        }
        if (p == end) {
            return false;
        }
        int terminator = 1;
        if (buffer[p] == '\r') {
            if (p + 1 == end) {
                return false;  // a "\r\n" may be split across reads
            }
            if (buffer[p + 1] == '\n') {
                terminator = 2;
            }
        }
        String line = new String(buffer, begin, p - begin, StandardCharsets.UTF_8);
        int consumed = p - begin + terminator;
        begin += consumed;
        position += consumed;
        Long offset = filename == null ? null : position;  // standard input has no positions
        records.add(new SourceRecord(partition,
            Collections.singletonMap(FileStreamSourceConnector.POSITION_FIELD, offset), topic, null, null, null,
            Schema.STRING_SCHEMA, line, System.currentTimeMillis()));
        return true;
    }
}
