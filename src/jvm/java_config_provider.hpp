#pragma once
// A Java org.apache.kafka.common.config.provider.ConfigProvider from a plugin location on
// plugin.path (docs/jvm-bridge.md "Config providers"; Kafka: Plugins.newConfigProvider), called
// through copycat.bridge.ConfigProviderCalls. No Java exception and no bridge failure leaves these
// calls as a C++ exception: each answers an error whose message is the Java exception's
// toString(), its stack trace logged at debug level.
//
// Configured once, on the start-up thread; get() may then be called from any Copycat thread at
// once (each is attached to the JVM on its first call, jvm/jvm.hpp), as Kafka calls a provider
// from its herder and worker threads. Destroying it calls ConfigProvider.close().

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include "common/properties.hpp"
#include "common/result.hpp"
#include "jvm/jvm.hpp"
#include "jvm/plugin_calls.hpp"

namespace copycat::jvm {

// Kafka: ConfigData. Keys whose value is null are left out.
struct java_config_data {
    std::map<std::string, std::string> data;
    std::optional<std::int64_t> ttl_ms;
};

class java_config_provider {
public:
    // A new instance of `class_name` from the first plugin location (plugin.path order) whose own
    // jars define it. not_found when none does; invalid_argument when it is no ConfigProvider or
    // its constructor throws.
    static result<std::unique_ptr<java_config_provider>> create(const std::shared_ptr<java_vm>& vm,
                                                                const std::string& class_name);
    ~java_config_provider();
    java_config_provider(const java_config_provider&) = delete;
    java_config_provider& operator=(const java_config_provider&) = delete;

    const std::string& class_name() const { return class_name_; }
    result<void> configure(const string_map& params);
    result<java_config_data> get(const std::string& path, const std::set<std::string>& keys) const;

private:
    java_config_provider(std::unique_ptr<java_object> instance, std::string class_name)
        : instance_(std::move(instance)), class_name_(std::move(class_name)) {}

    std::unique_ptr<java_object> instance_;
    std::string class_name_;
};

}  // namespace copycat::jvm
