package copycat.test.bad;

import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.storage.HeaderConverter;

/** The one usable class of the "bad" plugin: it must still be registered. */
public class FineHeaderConverter implements HeaderConverter {
    @Override public SchemaAndValue toConnectHeader(String topic, String headerKey, byte[] value) { return null; }
    @Override public byte[] fromConnectHeader(String topic, String headerKey, Schema schema, Object value) { return null; }
    @Override public ConfigDef config() { return new ConfigDef(); }
    @Override public void close() {}
    @Override public void configure(Map<String, ?> configs) {}
}
