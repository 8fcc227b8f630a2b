#include "copycat/config/config_info.hpp"

#include <map>
#include <utility>

#include "copycat/config/password.hpp"

namespace copycat {

config_key_info config_key_info::from(const config_key& key, std::string_view prefix) {
    config_key_info info;
    info.name = std::string(prefix) + key.name;
    info.type = std::string(config_type_name(key.type));
    info.required = !key.has_default();
    if (key.default_value) info.default_value = config_def::convert_to_string(*key.default_value, key.type);
    info.importance = std::string(importance_name(key.importance));
    info.documentation = key.documentation;
    info.group = key.group;
    info.order = key.order_in_group;
    info.width = std::string(width_name(key.width));
    info.display_name = key.display_name;
    info.dependents = key.dependents;
    return info;
}

config_value_info config_value_info::from(const config_value& v, std::optional<config_type> type) {
    config_value_info info;
    info.name = v.name;
    info.value = config_def::convert_to_string(v.value, type);
    // A PASSWORD key's value is hidden even when a plugin's validate() answers it as a string.
    if (type == config_type::password && info.value) info.value = std::string(password::hidden);
    // The items of a LIST recommendation are single strings.
    std::optional<config_type> item_type = type == config_type::list ? config_type::string : type;
    for (const auto& r : v.recommended_values) {
        if (auto s = config_def::convert_to_string(r, item_type)) info.recommended_values.push_back(std::move(*s));
    }
    info.errors = v.errors;
    info.visible = v.visible;
    return info;
}

config_infos config_infos::generate(std::string connector_class, const config_def& keys,
                                    const std::vector<config_value>& values, std::vector<std::string> groups) {
    config_infos result;
    result.name = std::move(connector_class);
    result.groups = std::move(groups);

    std::map<std::string_view, const config_value*> by_name;
    for (const auto& v : values) {
        by_name[v.name] = &v;
        if (!keys.contains(v.name)) {
            result.configs.push_back({std::nullopt, config_value_info::from(v, std::nullopt)});
            result.error_count += static_cast<int>(v.errors.size());
        }
    }
    for (const auto& key : keys.config_keys()) {
        config_info info{config_key_info::from(key), std::nullopt};
        if (auto it = by_name.find(key.name); it != by_name.end()) {
            info.value = config_value_info::from(*it->second, key.type);
            result.error_count += static_cast<int>(it->second->errors.size());
        }
        result.configs.push_back(std::move(info));
    }
    return result;
}

}  // namespace copycat
