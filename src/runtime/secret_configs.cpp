#include "runtime/secret_configs.hpp"

#include "common/strings.hpp"

namespace copycat::runtime {

bool is_secret_config_key(std::string_view key) {
    const std::string k = to_lower(trim_whitespace(key));
    return k.ends_with("password") || k.find("secret") != std::string::npos || k.ends_with("sasl.jaas.config") ||
           k.ends_with("basic.auth.user.info") || k.ends_with("key.pem") || k.find("private.key") != std::string::npos;
}

std::vector<std::string> secret_values_of(const string_map& raw, const string_map& resolved, const config_def* def) {
    std::vector<std::string> out;
    for (const auto& [key, value] : resolved) {
        if (value.empty()) continue;
        const auto given = raw.find(key);
        const bool provided = given != raw.end() && given->second != value;
        const config_key* defined = def != nullptr ? def->find(key) : nullptr;
        const bool password = defined != nullptr && defined->type == config_type::password;
        if (provided || password || is_secret_config_key(key)) out.push_back(value);
    }
    return out;
}

}  // namespace copycat::runtime
