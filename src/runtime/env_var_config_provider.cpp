#include "runtime/env_var_config_provider.hpp"

#include <regex>

#include "common/logging.hpp"

extern char** environ;  // NOLINT: POSIX

namespace copycat::runtime {

env_var_config_provider::env_var_config_provider() {
    for (char** e = environ; e != nullptr && *e != nullptr; ++e) {
        const std::string entry(*e);
        const auto eq = entry.find('=');
        if (eq == std::string::npos || eq == 0) continue;
        variables_.emplace(entry.substr(0, eq), entry.substr(eq + 1));
    }
}

result<void> env_var_config_provider::configure(const string_map& params) {
    std::optional<std::regex> pattern;
    if (auto it = params.find("allowlist.pattern"); it != params.end()) {
        try {
            pattern.emplace(it->second, std::regex::ECMAScript);
        } catch (const std::regex_error& e) {
            return make_error(errc::invalid_argument, "Invalid value " + it->second +
                                                          " for configuration allowlist.pattern: " + e.what());
        }
    } else {
        log::info("No pattern for environment variables provided. Using default pattern '(.*)'.");
    }
    std::map<std::string, std::string> visible;
    for (const auto& [name, value] : variables_)
        if (!pattern || std::regex_match(name, *pattern)) visible.emplace(name, value);
    visible_ = std::move(visible);
    return {};
}

result<config_data> env_var_config_provider::get(const std::string& path, const std::set<std::string>& keys) const {
    if (!path.empty())
        return make_error(errc::invalid_argument,
                          "Path is not supported for EnvVarConfigProvider, invalid value '" + path + "'");
    if (!visible_) return make_error(errc::internal, "The provider has not been configured yet.");
    config_data out;
    for (const std::string& key : keys)
        if (auto it = visible_->find(key); it != visible_->end()) out.data.emplace(key, it->second);
    return out;
}

}  // namespace copycat::runtime
