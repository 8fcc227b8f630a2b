#pragma once
// config_provider: where the values of `${provider:path:key}` placeholders come from (Kafka's
// org.apache.kafka.common.config.provider.ConfigProvider, KIP-297). A worker configures its
// providers with config.providers (docs/security.md#config-providers); config_transformer.hpp
// replaces the placeholders with what they answer.
//
// A provider is configured once, at start-up, then only read: get() may be called from any thread
// at once.

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "common/properties.hpp"
#include "common/result.hpp"

namespace copycat::runtime {

// Kafka: ConfigData. ttl: how long the values stay valid, in milliseconds (nullopt: forever).
struct config_data {
    std::map<std::string, std::string> data;
    std::optional<std::int64_t> ttl_ms;
};

class config_provider {
public:
    virtual ~config_provider() = default;

    // The provider's config.providers.<name>.param.* settings, without the prefix. An error
    // (invalid_argument) stops the worker's start-up.
    virtual result<void> configure(const string_map& params) = 0;

    // The values of `keys` at `path` ("" when the placeholder has none). A key the provider does
    // not know is left out (the placeholder stays as it is); an error means the path could not be
    // read, and its message must not contain any value.
    virtual result<config_data> get(const std::string& path, const std::set<std::string>& keys) const = 0;
};

}  // namespace copycat::runtime
