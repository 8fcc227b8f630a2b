package copycat.test.providers;

import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.config.ConfigData;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.config.provider.ConfigProvider;

/** A provider whose store is unreachable: every get() throws. No manifest names it. */
public class SealedConfigProvider implements ConfigProvider {
    @Override
    public void configure(Map<String, ?> configs) {}

    @Override
    public ConfigData get(String path) {
        throw new ConfigException("Vault is sealed, cannot read " + path);
    }

    @Override
    public ConfigData get(String path, Set<String> keys) {
        throw new ConfigException("Vault is sealed, cannot read " + path);
    }

    @Override
    public void close() {}
}
