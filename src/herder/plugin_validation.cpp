#include "herder/plugin_validation.hpp"

#include <algorithm>
#include <utility>

#include "common/strings.hpp"
#include "copycat/config/password.hpp"
#include "loader/plugin_registry.hpp"
#include "runtime/denied_client_configs.hpp"
#include "runtime/secret_configs.hpp"

namespace copycat::herder {
namespace {

// Kafka: ConverterConfig.TYPE_CONFIG and ConverterType names.
constexpr std::string_view converter_type_key = "converter.type";

std::string_view converter_type_for(std::string_view property) {
    if (property == "key.converter") return "key";
    if (property == "value.converter") return "value";
    return "header";
}

// The value a validation answer shows for a client override: hidden when it is a secret.
parsed_value shown_override_value(std::string_view key, const std::string& value) {
    if (runtime::is_secret_config_key(key)) return password(value);
    return value;
}

config_infos override_infos(const plain_map& props, std::string_view prefix, const runtime::override_policy* policy) {
    std::vector<config_value> values;
    for (const auto& [k, v] : props) {
        if (k.size() <= prefix.size() || !k.starts_with(prefix)) continue;
        const std::string key = k.substr(prefix.size());
        std::string refusal;
        if (policy != nullptr) {
            refusal = runtime::override_refusal(*policy, prefix, key, v);
        } else if (auto reason = runtime::denied_client_config_reason(key, v)) {
            refusal = runtime::denied_client_config_message(k, *reason);
        } else {
            continue;
        }
        config_value value(key);
        value.value = shown_override_value(key, v);
        if (!refusal.empty()) value.add_error(refusal);
        values.push_back(std::move(value));
    }
    return prefixed_config_infos(config_def{}, values, prefix);
}

}  // namespace

config_def plugin_config_def(const loader::plugin_entry& entry) {
    switch (entry.kind()) {
        case plugin_kind::source_connector:
            return entry.create<source_connector>()->config();
        case plugin_kind::sink_connector:
            return entry.create<sink_connector>()->config();
        case plugin_kind::converter:
            return entry.create<converter>()->config();
        case plugin_kind::header_converter:
            return entry.create<header_converter>()->config();
        case plugin_kind::transformation:
            return entry.create<transformation>()->config();
        case plugin_kind::predicate:
            return entry.create<predicate>()->config();
    }
    return {};
}

config_infos prefixed_config_infos(const config_def& keys, const std::vector<config_value>& values,
                                   std::string_view prefix) {
    config_infos out;
    std::vector<std::string> groups;
    for (const config_value& v : values) {
        const config_key* key = keys.find(v.name);
        std::optional<config_key_info> definition;
        if (key != nullptr) {
            if (key->group && std::find(groups.begin(), groups.end(), *key->group) == groups.end())
                groups.push_back(*key->group);
            definition = config_key_info::from(*key, prefix);
        }
        config_value renamed = v;
        renamed.name = std::string(prefix) + v.name;
        if (renamed.has_errors()) ++out.error_count;
        out.configs.push_back(
            {std::move(definition),
             config_value_info::from(renamed, key != nullptr ? std::optional<config_type>(key->type) : std::nullopt)});
    }
    out.groups = std::move(groups);
    return out;
}

std::optional<config_infos> validate_converter(const loader::plugin_registry& plugins, const plain_map& props,
                                               std::string_view property, config_value* value) {
    const auto raw = props.find(std::string(property));
    if (raw == props.end() || value == nullptr || value->has_errors()) return std::nullopt;

    const bool header = property == "header.converter";
    const loader::plugin_entry* entry = plugins.find(raw->second);
    const plugin_kind wanted = header ? plugin_kind::header_converter : plugin_kind::converter;
    if (entry == nullptr || (entry->kind() != wanted && !(header && entry->kind() == plugin_kind::converter))) {
        // Kafka reports this through the CLASS type of the key: "Class X could not be found."
        value->add_error("Invalid value " + raw->second + " for configuration " + std::string(property) + ": Class " +
                         raw->second + " could not be found.");
        return std::nullopt;
    }
    if (entry->kind() != wanted) return std::nullopt;  // a converter class used for headers: nothing more to check

    config_def def;
    try {
        def = plugin_config_def(*entry);
    } catch (const std::exception& e) {
        value->add_error("Failed to load ConfigDef from " + std::string(converter_type_for(property)) +
                         " converter: " + e.what());
        return std::nullopt;
    }
    const std::string prefix = std::string(property) + ".";
    std::map<std::string, std::string> converter_props;
    for (const auto& [k, v] : props) {
        if (k.size() > prefix.size() && k.starts_with(prefix)) converter_props.emplace(k.substr(prefix.size()), v);
    }
    converter_props.try_emplace(std::string(converter_type_key), std::string(converter_type_for(property)));
    try {
        return prefixed_config_infos(def, def.validate(converter_props), prefix);
    } catch (const std::exception& e) {
        value->add_error("Failed to perform config validation for " + std::string(converter_type_for(property)) +
                         " converter: " + e.what());
        return std::nullopt;
    }
}

config_infos validate_client_overrides(const plain_map& props, std::string_view prefix,
                                       const runtime::override_policy& policy) {
    return override_infos(props, prefix, &policy);
}

config_infos validate_denied_overrides(const plain_map& props, std::string_view prefix) {
    return override_infos(props, prefix, nullptr);
}

config_infos merge_config_infos(std::string connector_class, const std::vector<config_infos>& parts) {
    config_infos out;
    out.name = std::move(connector_class);
    for (const config_infos& part : parts) {
        out.error_count += part.error_count;
        out.configs.insert(out.configs.end(), part.configs.begin(), part.configs.end());
        for (const std::string& g : part.groups) {
            if (std::find(out.groups.begin(), out.groups.end(), g) == out.groups.end()) out.groups.push_back(g);
        }
    }
    return out;
}

}  // namespace copycat::herder
