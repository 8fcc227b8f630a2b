package copycat.test.isob;

import copycat.test.lib.Library;
import java.util.Map;
import org.apache.kafka.connect.components.Versioned;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.storage.Converter;

/** Reports the version of the Library its plugin directory ships as its own version. */
public class IsoBConverter implements Converter, Versioned {
    @Override public String version() { return Library.version(); }
    @Override public void configure(Map<String, ?> configs, boolean isKey) {}
    @Override public byte[] fromConnectData(String topic, Schema schema, Object value) { return null; }
    @Override public SchemaAndValue toConnectData(String topic, byte[] value) { return SchemaAndValue.NULL; }
}
