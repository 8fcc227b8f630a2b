/*
 * What the file connector twins share: the version they report, the Kafka release of the worker
 * they run on, as Kafka's own connect-file connectors do (read from kafka-clients'
 * kafka/kafka-version.properties: the class that reads it for Kafka moved between releases, the
 * resource did not), and the configured file, null for standard input or output.
 */
package org.apache.kafka.connect.file;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.Properties;

import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.common.config.ConfigDef;

final class FileStreams {
    static final String FILE_CONFIG = "file";
    static final String VERSION = readVersion();

    private FileStreams() {
    }

    /** The "file" of a connector or task config checked against def; null when unset or empty. */
    static String configuredFile(ConfigDef def, Map<String, String> props) {
        String file = new AbstractConfig(def, props).getString(FILE_CONFIG);
        return file == null || file.isEmpty() ? null : file;
    }

    private static String readVersion() {
        Properties props = new Properties();
        try (InputStream in = org.apache.kafka.clients.producer.KafkaProducer.class
                .getResourceAsStream("/kafka/kafka-version.properties")) {
            if (in != null) {
                props.load(in);
            }
        } catch (IOException e) {
            return "unknown";
        }
        return props.getProperty("version", "unknown").trim();
    }
}
