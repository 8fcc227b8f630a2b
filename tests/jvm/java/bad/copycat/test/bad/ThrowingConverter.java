package copycat.test.bad;

import java.util.Map;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.storage.Converter;

/** A converter whose constructor throws: discovery must skip it and keep the others. */
public class ThrowingConverter implements Converter {
    public ThrowingConverter() { throw new IllegalStateException("ThrowingConverter refuses to be built"); }
    @Override public void configure(Map<String, ?> configs, boolean isKey) {}
    @Override public byte[] fromConnectData(String topic, Schema schema, Object value) { return null; }
    @Override public SchemaAndValue toConnectData(String topic, byte[] value) { return null; }
}
