// Prints the worker keys of Kafka Connect's own StandaloneConfig or DistributedConfig, one a
// line: name, type, default and validator, separated by tabs. The default is "<none>" when the key has none
// (required) and "<null>" when it is null; lists are comma-separated, classes by name.
//
//   java -cp '<connect-runtime jars>/*:<classes>' WorkerKeys standalone|distributed
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.types.Password;
import org.apache.kafka.connect.runtime.distributed.Crypto;
import org.apache.kafka.connect.runtime.distributed.DistributedConfig;
import org.apache.kafka.connect.runtime.standalone.StandaloneConfig;

public final class WorkerKeys {
    public static void main(String[] args) throws Exception {
        if (args.length != 1) throw new IllegalArgumentException("usage: WorkerKeys standalone|distributed");
        final ConfigDef def;
        if (args[0].equals("distributed")) {
            // No static CONFIG: the definition depends on the Crypto that checks the algorithms.
            Method config = DistributedConfig.class.getDeclaredMethod("config", Crypto.class);
            config.setAccessible(true);
            def = (ConfigDef) config.invoke(null, Crypto.SYSTEM);
        } else if (args[0].equals("standalone")) {
            Field config = StandaloneConfig.class.getDeclaredField("CONFIG");
            config.setAccessible(true);
            def = (ConfigDef) config.get(null);
        } else {
            throw new IllegalArgumentException("not a mode: " + args[0]);
        }
        for (Map.Entry<String, ConfigDef.ConfigKey> e : def.configKeys().entrySet()) {
            ConfigDef.ConfigKey key = e.getValue();
            System.out.println(e.getKey() + "\t" + key.type + "\t" + text(key) + "\t" + key.validator);
        }
    }

    private static String text(ConfigDef.ConfigKey key) {
        if (!key.hasDefault()) return "<none>";
        Object value = key.defaultValue;
        if (value == null) return "<null>";
        if (value instanceof List<?> items)
            return items.stream().map(WorkerKeys::item).collect(Collectors.joining(","));
        return item(value);
    }

    private static String item(Object value) {
        if (value instanceof Class<?> c) return c.getName();
        if (value instanceof Password p) return p.value();
        return String.valueOf(value);
    }
}
