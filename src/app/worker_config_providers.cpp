#include "app/worker_config_providers.hpp"

#include <fmt/format.h>

#include <map>
#include <set>
#include <string>

#include "common/logging.hpp"
#include "common/strings.hpp"
#include "runtime/builtin_config_providers.hpp"

namespace copycat::app {
namespace {

constexpr std::string_view providers_key = "config.providers";
constexpr std::string_view prefix = "config.providers.";

result<std::unique_ptr<runtime::config_provider>> instantiate(const std::string& name, const std::string& class_key,
                                                              const std::string& class_name,
                                                              const config_provider_source& other) {
    if (auto native = runtime::create_builtin_config_provider(class_name)) return native;
    if (other) {
        auto made = other(class_name);
        if (made) return made;
        if (made.err().code != make_error_code(errc::not_found))
            return make_error(errc::invalid_argument, fmt::format("Cannot create config provider '{}' ({}): {}", name,
                                                                  class_name, made.err().describe()));
    }
    return make_error(errc::invalid_argument,
                      fmt::format("Invalid value {} for configuration {}: Failed to find any class that implements "
                                  "ConfigProvider and which name matches {}, available ConfigProviders are: {}{}",
                                  class_name, class_key, class_name,
                                  fmt::join(runtime::builtin_config_provider_classes(), ", "),
                                  other ? " and the Java ConfigProviders on plugin.path" : ""));
}

result<std::shared_ptr<const runtime::config_provider>> create_provider(const string_map& props,
                                                                        const std::string& name,
                                                                        const config_provider_source& other) {
    const std::string own = std::string(prefix) + name + ".";
    const std::string class_key = own + "class";
    const std::string class_name = trimmed_value(props, class_key);
    if (class_name.empty())
        return make_error(errc::invalid_argument,
                          fmt::format("Missing required configuration \"{}\": config.providers names '{}'", class_key,
                                      name));
    COPYCAT_TRY(auto provider, instantiate(name, class_key, class_name, other));
    const std::string param_prefix = own + "param.";
    string_map params;
    for (auto it = props.lower_bound(own); it != props.end() && it->first.starts_with(own); ++it) {
        if (it->first == class_key) continue;
        if (!it->first.starts_with(param_prefix) || it->first.size() == param_prefix.size())
            return make_error(errc::invalid_argument, fmt::format("Unknown configuration '{}'", it->first));
        params.emplace(it->first.substr(param_prefix.size()), it->second);
    }
    if (auto configured = provider->configure(params); !configured)
        return make_error(errc::invalid_argument, fmt::format("Invalid configuration of config provider '{}' ({}): {}",
                                                              name, class_name, configured.err().describe()));
    return std::shared_ptr<const runtime::config_provider>(std::move(provider));
}

}  // namespace

result<std::shared_ptr<const runtime::config_transformer>> worker_config_providers(
    const string_map& props, const config_provider_source& other) {
    std::map<std::string, std::shared_ptr<const runtime::config_provider>> providers;
    std::set<std::string> listed;
    if (auto it = props.find(providers_key); it != props.end()) {
        for (const std::string& name : split_list(it->second)) {
            if (!listed.insert(name).second) continue;
            COPYCAT_TRY(auto provider, create_provider(props, name, other));
            providers.emplace(name, std::move(provider));
        }
    }
    for (auto it = props.lower_bound(prefix); it != props.end() && it->first.starts_with(prefix); ++it) {
        const std::string rest = it->first.substr(prefix.size());
        const std::string name = rest.substr(0, rest.find('.'));
        if (!listed.contains(name))
            log::warn("Ignoring worker configuration '{}': config.providers does not name '{}'", it->first, name);
    }
    return std::make_shared<const runtime::config_transformer>(std::move(providers));
}

result<string_map> resolve_worker_properties(const string_map& props, const runtime::config_transformer& providers) {
    auto resolved = providers.transform(props);
    if (!resolved.problems.empty())
        return make_error(errc::invalid_argument, "Invalid worker configuration: " + resolved.first_problem());
    return std::move(resolved.data);
}

}  // namespace copycat::app
