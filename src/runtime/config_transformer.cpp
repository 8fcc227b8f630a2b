#include "runtime/config_transformer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <utility>

namespace copycat::runtime {
namespace {

void add_problem(transformed_config& out, const std::string& key, std::string problem) {
    auto& list = out.problems[key];
    if (std::find(list.begin(), list.end(), problem) == list.end()) list.push_back(std::move(problem));
}

std::string unknown_provider(const std::string& name) {
    return fmt::format("config provider '{}' is not configured on this worker (config.providers)", name);
}

}  // namespace

std::vector<config_variable> find_config_variables(std::string_view value) {
    // Kafka's \$\{([^}]*?):(([^}]*?):)?([^}]*?)\} without a regex engine: every quantifier is lazy
    // over "not '}'", so each group ends at the first ':' or '}' that lets the match succeed.
    std::vector<config_variable> out;
    std::size_t pos = 0;
    while (pos < value.size()) {
        const std::size_t start = value.find("${", pos);
        if (start == std::string_view::npos) break;
        const std::size_t first = value.find_first_of(":}", start + 2);
        if (first == std::string_view::npos) break;  // no '}' after this point: no match at all
        if (value[first] == '}') {                   // ${name} without ':' is not a placeholder
            pos = start + 1;
            continue;
        }
        const std::size_t second = value.find_first_of(":}", first + 1);
        if (second == std::string_view::npos) break;
        config_variable v;
        v.provider = std::string(value.substr(start + 2, first - start - 2));
        std::size_t close = second;
        if (value[second] == ':') {
            close = value.find('}', second + 1);
            if (close == std::string_view::npos) break;
            v.path = std::string(value.substr(first + 1, second - first - 1));
            v.key = std::string(value.substr(second + 1, close - second - 1));
        } else {
            v.key = std::string(value.substr(first + 1, close - first - 1));
        }
        v.begin = start;
        v.end = close + 1;
        out.push_back(std::move(v));
        pos = close + 1;
    }
    return out;
}

std::vector<std::string> keys_with_variables(const string_map& config) {
    std::vector<std::string> out;
    for (const auto& [key, value] : config)
        if (!find_config_variables(value).empty()) out.push_back(key);
    return out;
}

std::string transformed_config::first_problem() const {
    if (problems.empty()) return {};
    const auto& [key, list] = *problems.begin();
    return fmt::format("Config key '{}': {}", key, list.front());
}

transformed_config config_transformer::transform(const string_map& config) const {
    transformed_config out;
    // provider -> path -> keys, and the variables of each config key.
    std::map<std::string, std::map<std::string, std::set<std::string>>> wanted;
    std::map<std::string, std::vector<config_variable>> variables;
    for (const auto& [key, value] : config) {
        auto found = find_config_variables(value);
        if (found.empty()) continue;
        for (const config_variable& v : found) {
            if (!providers_.contains(v.provider)) {
                add_problem(out, key, unknown_provider(v.provider));
                continue;
            }
            wanted[v.provider][v.path].insert(v.key);
        }
        variables.emplace(key, std::move(found));
    }

    // provider -> path -> what it answered, or why it could not.
    std::map<std::string, std::map<std::string, result<config_data>>> answers;
    for (const auto& [name, paths] : wanted) {
        const config_provider& provider = *providers_.at(name);
        for (const auto& [path, keys] : paths) {
            auto answer = provider.get(path, keys);
            if (answer && answer->ttl_ms && *answer->ttl_ms >= 0) {
                auto [it, inserted] = out.ttls.emplace(path, *answer->ttl_ms);
                if (!inserted) it->second = std::min(it->second, *answer->ttl_ms);
            }
            answers[name].emplace(path, std::move(answer));
        }
    }

    out.data = config;
    for (const auto& [key, found] : variables) {
        const std::string& value = config.find(key)->second;
        std::string replaced;
        std::size_t copied = 0;
        for (const config_variable& v : found) {
            auto provider = answers.find(v.provider);
            if (provider == answers.end()) continue;  // not configured: reported above, kept as is
            const result<config_data>& answer = provider->second.at(v.path);
            if (!answer) {
                add_problem(out, key,
                            fmt::format("config provider '{}' could not read path '{}': {}", v.provider, v.path,
                                        answer.err().describe()));
                continue;
            }
            auto item = answer->data.find(v.key);
            if (item == answer->data.end()) continue;  // no such key: the placeholder stays (Kafka)
            replaced.append(value, copied, v.begin - copied);
            replaced += item->second;
            copied = v.end;
        }
        if (copied == 0) continue;
        replaced.append(value, copied);
        out.data[key] = std::move(replaced);
    }
    return out;
}

std::vector<string_map> restore_placeholders(const string_map& raw_connector_config,
                                             const string_map& resolved_connector_config,
                                             std::vector<string_map> task_configs) {
    const std::vector<std::string> keys = keys_with_variables(raw_connector_config);
    if (keys.empty()) return task_configs;
    for (string_map& task : task_configs) {
        for (const std::string& key : keys) {
            auto it = task.find(key);
            if (it == task.end()) continue;
            auto resolved = resolved_connector_config.find(key);
            if (resolved != resolved_connector_config.end() && it->second == resolved->second)
                it->second = raw_connector_config.find(key)->second;
        }
    }
    return task_configs;
}

}  // namespace copycat::runtime
