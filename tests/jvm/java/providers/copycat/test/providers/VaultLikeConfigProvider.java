package copycat.test.providers;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.config.ConfigData;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.config.provider.ConfigProvider;

/**
 * A stand-in for a secrets-manager provider: ${vault:<path>:<key>} answers the param
 * "secret.<path>.<key>" (absent keys are left out), with the param "ttl.ms" as the ttl when set.
 * configure() requires the param "address", as a Vault provider requires its address; close()
 * appends a line to the file the param "closed.file" names, when set.
 */
public class VaultLikeConfigProvider implements ConfigProvider {
    private final Map<String, String> params = new HashMap<>();

    @Override
    public void configure(Map<String, ?> configs) {
        if (!configs.containsKey("address")) throw new ConfigException("Missing required configuration \"address\"");
        configs.forEach((k, v) -> params.put(k, String.valueOf(v)));
    }

    @Override
    public ConfigData get(String path) {
        return new ConfigData(Map.of());
    }

    @Override
    public ConfigData get(String path, Set<String> keys) {
        Map<String, String> data = new HashMap<>();
        for (String key : keys) {
            String value = params.get("secret." + path + "." + key);
            if (value != null) data.put(key, value);
        }
        String ttl = params.get("ttl.ms");
        return new ConfigData(data, ttl == null ? null : Long.valueOf(ttl));
    }

    @Override
    public void close() throws IOException {
        String file = params.get("closed.file");
        if (file != null)
            Files.write(Path.of(file), "closed\n".getBytes(StandardCharsets.UTF_8), StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
    }
}
