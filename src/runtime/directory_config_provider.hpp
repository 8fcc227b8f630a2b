#pragma once
// Kafka's org.apache.kafka.common.config.provider.DirectoryConfigProvider:
// `${dir:<directory>:<file>}` is the whole content of the regular file <file> in <directory>
// (as Kubernetes mounts secrets). Parameter: allowed.paths (allowed_paths.hpp), checked on the
// directory. A directory outside the allowed paths, or that is not a directory, has no keys (its
// placeholders stay, with a warning); a listed file that cannot be read is an error. Other entries
// (subdirectories) are ignored. docs/security.md#config-providers.

#include "runtime/allowed_paths.hpp"
#include "runtime/config_provider.hpp"

namespace copycat::runtime {

class directory_config_provider final : public config_provider {
public:
    static constexpr const char* class_name = "org.apache.kafka.common.config.provider.DirectoryConfigProvider";

    result<void> configure(const string_map& params) override;
    result<config_data> get(const std::string& path, const std::set<std::string>& keys) const override;

private:
    std::optional<allowed_paths> allowed_;
};

}  // namespace copycat::runtime
