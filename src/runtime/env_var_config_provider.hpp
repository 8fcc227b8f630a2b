#pragma once
// Kafka's org.apache.kafka.common.config.provider.EnvVarConfigProvider (KIP-887):
// `${env:<NAME>}` is the value of the worker's environment variable NAME, read when the
// provider is configured. Parameter: allowlist.pattern, a regular expression a variable's whole
// name must match to be visible (default: every variable). A placeholder with a path is an error.
// The pattern is an ECMAScript regular expression, which agrees with Java's for the patterns names
// need (classes, alternations, anchors). docs/security.md#config-providers.

#include <map>
#include <optional>
#include <string>

#include "runtime/config_provider.hpp"

namespace copycat::runtime {

class env_var_config_provider final : public config_provider {
public:
    static constexpr const char* class_name = "org.apache.kafka.common.config.provider.EnvVarConfigProvider";

    // The process's environment.
    env_var_config_provider();
    // The given variables instead (tests).
    explicit env_var_config_provider(std::map<std::string, std::string> variables)
        : variables_(std::move(variables)) {}

    result<void> configure(const string_map& params) override;
    result<config_data> get(const std::string& path, const std::set<std::string>& keys) const override;

private:
    std::map<std::string, std::string> variables_;
    std::optional<std::map<std::string, std::string>> visible_;
};

}  // namespace copycat::runtime
