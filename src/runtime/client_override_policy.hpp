#pragma once
// connector.client.config.override.policy: which producer.override.*, consumer.override.* and
// admin.override.* keys a connector config may set (Kafka: ConnectorClientConfigOverridePolicy
// and its All, None, Principal and Allowlist implementations; docs/security.md).
//
//   All        any key (Kafka 4.4's default, and Copycat's)
//   None       no key
//   Principal  Kafka's three: sasl.jaas.config, sasl.mechanism, security.protocol (Kafka
//              deprecates it since 4.2)
//   Allowlist  the keys of connector.client.config.override.allowlist (KIP-1188, Kafka 4.2; a
//              list, empty by default: then no key)
//
// Whatever the policy, a key of denied_client_configs.hpp is refused too. Both the validation of
// a connector config (herder) and the building of its clients (runtime) ask this file.
//
// Pure functions; thread-safe.

#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"
#include "runtime/worker_config.hpp"

namespace copycat::runtime {

enum class client_override_policy { all, none, principal, allowlist };

// "All", "None", "Principal", "Allowlist", case-insensitive, and Kafka's class names (simple or
// full, e.g. org.apache.kafka.connect.connector.policy.AllowlistConnectorClientConfigOverridePolicy).
result<client_override_policy> parse_client_override_policy(std::string_view name);

// The names above and Kafka's full class names, for the worker config's validator.
std::vector<std::string> client_override_policy_names();

// Kafka's PrincipalConnectorClientConfigOverridePolicy keys.
std::span<const std::string_view> principal_override_keys();

struct override_policy {
    client_override_policy kind = client_override_policy::all;
    // connector.client.config.override.allowlist; read by Allowlist only.
    std::vector<std::string> allowlist;

    // "All", "None", "Principal" or "Allowlist".
    std::string_view name() const;
    // Whether the policy lets a connector override `key` (the key without its prefix); exact,
    // case-sensitive names as Kafka's policies compare them.
    bool allows(std::string_view key) const;
};

// The policy of a worker config (connector.client.config.override.policy and .allowlist).
result<override_policy> worker_override_policy(const worker_config& worker);

// Why the connector config may not set "<prefix>" + `key` to `value`, or an empty string when it
// may: a denied key (denied_client_configs.hpp) or Kafka's "The 'None' policy does not allow
// 'acks' to be overridden in the connector configuration."
std::string override_refusal(const override_policy& policy, std::string_view prefix, std::string_view key,
                             std::string_view value);

// One refusal per "<prefix>*" key of the connector config, by full connector key.
std::map<std::string, std::string> disallowed_client_overrides(const override_policy& policy,
                                                               const string_map& connector_config,
                                                               std::string_view prefix);

// Nothing when the worker's policy lets the connector config set every "<prefix>*" key it has;
// else invalid_argument "Client Config Overrides not allowed: <each refusal>". The check made
// where a task's or connector's clients are built, so that a config written by an older worker
// (already in the config topic) cannot reach librdkafka either.
result<void> check_client_overrides(const worker_config& worker, const string_map& connector_config,
                                    std::string_view prefix);

}  // namespace copycat::runtime
