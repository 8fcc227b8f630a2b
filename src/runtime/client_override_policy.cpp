#include "runtime/client_override_policy.hpp"

#include <algorithm>
#include <array>

#include "common/strings.hpp"
#include "runtime/denied_client_configs.hpp"

namespace copycat::runtime {
namespace {

// Kafka: PrincipalConnectorClientConfigOverridePolicy.ALLOWED_CONFIG (SaslConfigs.SASL_JAAS_CONFIG,
// SaslConfigs.SASL_MECHANISM, CommonClientConfigs.SECURITY_PROTOCOL_CONFIG).
constexpr std::array principal_keys = {std::string_view("sasl.jaas.config"), std::string_view("sasl.mechanism"),
                                       std::string_view("security.protocol")};

struct policy_names {
    client_override_policy kind;
    std::string_view alias;
};
constexpr std::array policies = {
    policy_names{client_override_policy::all, "All"},
    policy_names{client_override_policy::none, "None"},
    policy_names{client_override_policy::principal, "Principal"},
    policy_names{client_override_policy::allowlist, "Allowlist"},
};
constexpr std::string_view class_suffix = "ConnectorClientConfigOverridePolicy";
constexpr std::string_view class_package = "org.apache.kafka.connect.connector.policy.";

}  // namespace

result<client_override_policy> parse_client_override_policy(std::string_view name) {
    const std::string n = to_lower(trim_whitespace(name));
    for (const policy_names& p : policies) {
        const std::string alias = to_lower(p.alias);
        const std::string simple = alias + to_lower(class_suffix);
        if (n == alias || n == simple || n.ends_with("." + simple)) return p.kind;
    }
    return make_error(errc::invalid_argument, "Unknown connector.client.config.override.policy '" + std::string(name) +
                                                  "'; expected All, None, Principal or Allowlist");
}

std::vector<std::string> client_override_policy_names() {
    std::vector<std::string> out;
    for (const policy_names& p : policies) out.emplace_back(p.alias);
    for (const policy_names& p : policies)
        out.push_back(std::string(class_package) + std::string(p.alias) + std::string(class_suffix));
    return out;
}

std::span<const std::string_view> principal_override_keys() { return principal_keys; }

std::string_view override_policy::name() const {
    for (const policy_names& p : policies)
        if (p.kind == kind) return p.alias;
    return "None";
}

bool override_policy::allows(std::string_view key) const {
    switch (kind) {
        case client_override_policy::all:
            return true;
        case client_override_policy::none:
            return false;
        case client_override_policy::principal:
            return std::find(principal_keys.begin(), principal_keys.end(), key) != principal_keys.end();
        case client_override_policy::allowlist:
            return std::find(allowlist.begin(), allowlist.end(), key) != allowlist.end();
    }
    return false;
}

result<override_policy> worker_override_policy(const worker_config& worker) {
    COPYCAT_TRY(auto kind, parse_client_override_policy(worker.client_config_override_policy));
    return override_policy{kind, worker.client_config_override_allowlist};
}

std::string override_refusal(const override_policy& policy, std::string_view prefix, std::string_view key,
                             std::string_view value) {
    if (auto reason = denied_client_config_reason(key, value))
        return denied_client_config_message(std::string(prefix) + std::string(key), *reason);
    if (policy.allows(key)) return {};
    return "The '" + std::string(policy.name()) + "' policy does not allow '" + std::string(key) +
           "' to be overridden in the connector configuration.";
}

std::map<std::string, std::string> disallowed_client_overrides(const override_policy& policy,
                                                               const string_map& connector_config,
                                                               std::string_view prefix) {
    std::map<std::string, std::string> out;
    for (auto it = connector_config.lower_bound(prefix); it != connector_config.end() && it->first.starts_with(prefix);
         ++it) {
        const std::string_view key = std::string_view(it->first).substr(prefix.size());
        if (key.empty()) continue;
        if (std::string why = override_refusal(policy, prefix, key, it->second); !why.empty())
            out.emplace(it->first, std::move(why));
    }
    return out;
}

result<void> check_client_overrides(const worker_config& worker, const string_map& connector_config,
                                    std::string_view prefix) {
    COPYCAT_TRY(auto policy, worker_override_policy(worker));
    auto refused = disallowed_client_overrides(policy, connector_config, prefix);
    if (refused.empty()) return {};
    std::string message = "Client Config Overrides not allowed:";
    for (const auto& [key, why] : refused) message += " " + why;
    return make_error(errc::invalid_argument, message);
}

}  // namespace copycat::runtime
