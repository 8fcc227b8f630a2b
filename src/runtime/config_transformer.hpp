#pragma once
// config_transformer: replaces `${provider:path:key}` and `${provider:key}` placeholders in config
// values with what the worker's config providers answer (Kafka: ConfigTransformer,
// WorkerConfigTransformer and AbstractHerder.reverseTransform; docs/security.md#config-providers).
//
// The syntax is Kafka's pattern \$\{([^}]*?):(([^}]*?):)?([^}]*?)\}: the provider is everything up
// to the first ':', the path what lies between it and a second ':' (when there is one before the
// closing '}'), the key the rest up to the first '}'. So `${file:/etc/a.properties:db:pw}` reads
// key "db:pw" from /etc/a.properties, and `${env:HOME}` has an empty path. There is no escape and
// no nesting. A value may hold several placeholders and text around them.
//
// As in Kafka, a placeholder whose provider has no value for its key is left as it is. Unlike
// Kafka, which also leaves a placeholder naming a provider the worker does not configure, Copycat
// reports that as a problem of the key: a connector config with one fails validation and does not
// start, so that `${vault:...}` never reaches a connector as a literal password.
//
// Immutable after construction; transform() may be called from any thread at once.

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/properties.hpp"
#include "runtime/config_provider.hpp"

namespace copycat::runtime {

// One placeholder in a value: value.substr(begin, end - begin) is the whole `${...}`.
struct config_variable {
    std::string provider;
    std::string path;
    std::string key;
    std::size_t begin = 0;
    std::size_t end = 0;
};

// The placeholders of `value`, left to right, as Kafka's Matcher.find() finds them.
std::vector<config_variable> find_config_variables(std::string_view value);

// The keys of `config` whose values hold at least one placeholder.
std::vector<std::string> keys_with_variables(const string_map& config);

struct transformed_config {
    // Every key of the input, its placeholders replaced where a provider answered.
    string_map data;
    // Per provider path, the smallest ttl a provider gave (Kafka: ConfigTransformerResult.ttls).
    std::map<std::string, std::int64_t> ttls;
    // Per config key, what kept one of its placeholders from being resolved: a provider that is
    // not configured, or one that failed to read its path. Never contains a resolved value.
    std::map<std::string, std::vector<std::string>> problems;

    // "Config key 'k': <problem>" for the first problem; empty when there is none.
    std::string first_problem() const;
};

class config_transformer {
public:
    config_transformer() = default;
    explicit config_transformer(std::map<std::string, std::shared_ptr<const config_provider>> providers)
        : providers_(std::move(providers)) {}

    bool empty() const { return providers_.empty(); }
    bool has_provider(const std::string& name) const { return providers_.contains(name); }

    // Calls each provider once per path, with every key the config asks of it there.
    transformed_config transform(const string_map& config) const;

private:
    std::map<std::string, std::shared_ptr<const config_provider>> providers_;
};

// Kafka's AbstractHerder.reverseTransform, for task configs a connector generated from its
// resolved config: a key whose raw connector value holds a placeholder gets that raw value back
// when the task's value is the connector's resolved value unchanged, so that the config topic
// keeps the placeholder, not the secret. (Kafka puts the raw value back whatever the task's value
// is; a connector that derived a value of its own for that key keeps it here.)
std::vector<string_map> restore_placeholders(const string_map& raw_connector_config,
                                             const string_map& resolved_connector_config,
                                             std::vector<string_map> task_configs);

}  // namespace copycat::runtime
