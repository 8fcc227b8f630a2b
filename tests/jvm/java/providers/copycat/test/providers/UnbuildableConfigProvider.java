package copycat.test.providers;

import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.config.ConfigData;
import org.apache.kafka.common.config.provider.ConfigProvider;

/** A provider whose constructor throws. */
public class UnbuildableConfigProvider implements ConfigProvider {
    public UnbuildableConfigProvider() {
        throw new IllegalStateException("no credentials in the environment");
    }

    @Override
    public void configure(Map<String, ?> configs) {}

    @Override
    public ConfigData get(String path) {
        return new ConfigData(Map.of());
    }

    @Override
    public ConfigData get(String path, Set<String> keys) {
        return new ConfigData(Map.of());
    }

    @Override
    public void close() {}
}
