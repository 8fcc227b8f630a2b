// The string-typed view of definitions and validation results that Kafka Connect's REST API
// serializes (Kafka: ConfigKeyInfo, ConfigValueInfo, ConfigInfo, ConfigInfos and
// AbstractHerder.generateResult).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "copycat/config/config_def.hpp"
#include "copycat/config/config_key.hpp"
#include "copycat/config/config_value.hpp"

namespace copycat {

/// A key definition as GET /connector-plugins/{plugin}/config and the "definition" of each
/// validate entry show it. JSON names: name, type, required, default_value, importance,
/// documentation, group, order, width, display_name, dependents.
struct config_key_info {
    std::string name;
    std::string type;                          ///< "INT", "STRING", ...
    bool required = false;                     ///< true when the key has no default
    std::optional<std::string> default_value;  ///< null when required or when the default is null
    std::string importance;                    ///< "HIGH", "MEDIUM", "LOW"
    std::string documentation;
    std::optional<std::string> group;  ///< null when the key has no group
    int order = -1;
    std::string width;  ///< "NONE", "SHORT", "MEDIUM", "LONG"
    std::string display_name;
    std::vector<std::string> dependents;

    /// Kafka: AbstractHerder.convertConfigKey; `prefix` is prepended to the name.
    static config_key_info from(const config_key& key, std::string_view prefix = {});

    friend bool operator==(const config_key_info&, const config_key_info&) = default;
};

/// A validation result as the "value" of each validate entry shows it. JSON names: name,
/// value, recommended_values, errors, visible.
struct config_value_info {
    std::string name;
    std::optional<std::string> value;  ///< config_def::convert_to_string of the parsed value
    std::vector<std::string> recommended_values;
    std::vector<std::string> errors;
    bool visible = true;

    /// Kafka: AbstractHerder.convertConfigValue; `type` is the key's type (nullopt when the
    /// value has no definition).
    static config_value_info from(const config_value& v, std::optional<config_type> type);

    friend bool operator==(const config_value_info&, const config_value_info&) = default;
};

/// One entry of "configs": {"definition": ..., "value": ...}; either may be null.
struct config_info {
    std::optional<config_key_info> definition;
    std::optional<config_value_info> value;

    friend bool operator==(const config_info&, const config_info&) = default;
};

/// The body of PUT /connector-plugins/{plugin}/config/validate. JSON names: name, error_count,
/// groups, configs.
struct config_infos {
    std::string name;  ///< the connector class
    int error_count = 0;
    std::vector<std::string> groups;
    std::vector<config_info> configs;

    /// Kafka: AbstractHerder.generateResult. Values without a definition come first (with a
    /// null definition), then every key of `keys` in order with its value, if any. error_count
    /// is the number of error messages of all those values.
    static config_infos generate(std::string connector_class, const config_def& keys,
                                 const std::vector<config_value>& values, std::vector<std::string> groups);

    friend bool operator==(const config_infos&, const config_infos&) = default;
};

}  // namespace copycat
