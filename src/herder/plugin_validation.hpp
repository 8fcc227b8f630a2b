#pragma once
// The parts of a connector validation that look beyond the connector itself (Kafka: the
// converter and client-override checks of AbstractHerder.validateConnectorConfig). Internal to
// the herder; see connector_validator.hpp. Pure functions over the (read-only) registry.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "copycat/config/config_def.hpp"
#include "copycat/config/config_info.hpp"
#include "copycat/config/config_value.hpp"
#include "runtime/client_override_policy.hpp"

namespace copycat::loader {
struct plugin_entry;
class plugin_registry;
}  // namespace copycat::loader

namespace copycat::herder {

using plain_map = std::map<std::string, std::string>;

// A copy of the config() definition of a new instance of the plugin. Throws what the plugin
// throws.
config_def plugin_config_def(const loader::plugin_entry& entry);

// Kafka: AbstractHerder.prefixedConfigInfos. Every value is renamed `prefix` + name; a value
// with a definition in `keys` gets that definition (prefixed too). error_count counts the values
// that have errors.
config_infos prefixed_config_infos(const config_def& keys, const std::vector<config_value>& values,
                                   std::string_view prefix);

// Kafka: AbstractHerder.validateConverterConfig for "key.converter", "value.converter" or
// "header.converter" (`property`). Nothing when the connector does not set the property or its
// value already has errors. An unknown class adds an error to `value`.
std::optional<config_infos> validate_converter(const loader::plugin_registry& plugins, const plain_map& props,
                                               std::string_view property, config_value* value);

// Kafka: AbstractHerder.validateClientOverrides under the connector.client.config.override.policy
// `policy`: one value per "<prefix><key>" setting, with an error for each one the policy forbids or
// runtime/denied_client_configs.hpp denies. The value of a secret (runtime::is_secret_config_key) shows
// as "[hidden]".
config_infos validate_client_overrides(const plain_map& props, std::string_view prefix,
                                       const runtime::override_policy& policy);

// One value, with its error, per "<prefix><key>" setting that runtime/denied_client_configs.hpp
// denies: for the prefixes of clients the connector does not have.
config_infos validate_denied_overrides(const plain_map& props, std::string_view prefix);

// Kafka: AbstractHerder.mergeConfigInfos.
config_infos merge_config_infos(std::string connector_class, const std::vector<config_infos>& parts);

}  // namespace copycat::herder
