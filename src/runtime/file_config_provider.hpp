#pragma once
// Kafka's org.apache.kafka.common.config.provider.FileConfigProvider: `${file:<path>:<key>}` is
// the value of <key> in the Java properties file <path>. Parameter: allowed.paths
// (allowed_paths.hpp). A path outside the allowed paths is refused: its placeholders stay as they
// are, with a warning. An empty path has no keys; a file that cannot be read is an error.
// docs/security.md#config-providers.

#include "runtime/allowed_paths.hpp"
#include "runtime/config_provider.hpp"

namespace copycat::runtime {

class file_config_provider final : public config_provider {
public:
    static constexpr const char* class_name = "org.apache.kafka.common.config.provider.FileConfigProvider";

    result<void> configure(const string_map& params) override;
    result<config_data> get(const std::string& path, const std::set<std::string>& keys) const override;

private:
    std::optional<allowed_paths> allowed_;
};

}  // namespace copycat::runtime
