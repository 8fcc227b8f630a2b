#include "storage/cluster_config.hpp"

namespace copycat::storage {

const std::shared_ptr<const string_map>& shared_config::no_config() {
    static const std::shared_ptr<const string_map> none = std::make_shared<const string_map>();
    return none;
}

target_state_value cluster_config::target(const std::string& c) const {
    auto it = target_states.find(c);
    return it == target_states.end() ? target_state_value::started : it->second;
}

std::vector<std::int32_t> cluster_config::tasks(const std::string& c) const {
    std::vector<std::int32_t> out;
    if (inconsistent.count(c) != 0) return out;
    auto it = task_counts.find(c);
    if (it == task_counts.end()) return out;
    for (std::int32_t i = 0; i < it->second; ++i) out.push_back(i);
    return out;
}

std::int32_t cluster_config::task_count(const std::string& c) const {
    auto it = task_counts.find(c);
    return it == task_counts.end() ? 0 : it->second;
}

const string_map* cluster_config::connector_config(const std::string& c) const {
    auto it = connector_configs.find(c);
    return it == connector_configs.end() ? nullptr : &it->second.get();
}

const string_map* cluster_config::task_config(const std::string& c, std::int32_t task) const {
    // Only tasks that exist: a consistent connector and a task number below the committed count
    // (compaction may leave configs of higher numbers behind).
    if (task < 0 || task >= task_count(c) || inconsistent.contains(c)) return nullptr;
    auto it = task_configs.find({c, task});
    return it == task_configs.end() ? nullptr : &it->second.get();
}

std::vector<std::string> cluster_config::connectors() const {
    std::vector<std::string> out;
    out.reserve(connector_configs.size());
    for (const auto& [name, config] : connector_configs) out.push_back(name);
    return out;
}

}  // namespace copycat::storage
