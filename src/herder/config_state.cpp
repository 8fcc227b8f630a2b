#include "herder/config_state.hpp"

#include <utility>

namespace copycat::herder {

const connector_entry* config_state::find(const std::string& name) const {
    auto it = connectors_.find(name);
    return it == connectors_.end() ? nullptr : &it->second;
}

std::vector<std::string> config_state::names() const {
    std::vector<std::string> out;
    out.reserve(connectors_.size());
    for (const auto& [name, entry] : connectors_) out.push_back(name);
    return out;
}

void config_state::put_config(const std::string& name, string_map config, std::optional<target_state> target) {
    auto [it, inserted] = connectors_.try_emplace(name);
    it->second.config = std::move(config);
    if (target) it->second.target = *target;
    ++generation_;
}

void config_state::remove(const std::string& name) {
    connectors_.erase(name);
    ++generation_;
}

void config_state::set_target_state(const std::string& name, target_state target) {
    if (auto it = connectors_.find(name); it != connectors_.end()) it->second.target = target;
    ++generation_;
}

void config_state::put_task_configs(const std::string& name, std::vector<string_map> configs) {
    auto it = connectors_.find(name);
    if (it == connectors_.end()) return;
    it->second.task_configs = std::move(configs);
    it->second.applied_config = it->second.config;
    ++generation_;
}

void config_state::remove_task_configs(const std::string& name) {
    if (auto it = connectors_.find(name); it != connectors_.end()) it->second.task_configs.clear();
    ++generation_;
}

std::vector<task_id> config_state::tasks(const std::string& name) const {
    std::vector<task_id> out;
    if (const connector_entry* e = find(name)) {
        for (std::size_t i = 0; i < e->task_configs.size(); ++i) out.push_back({name, static_cast<int>(i)});
    }
    return out;
}

bool config_state::task_configs_changed(const std::string& name, const std::vector<string_map>& generated) const {
    const connector_entry* e = find(name);
    if (e == nullptr) return true;
    if (generated != e->task_configs) return true;
    return !e->applied_config || *e->applied_config != e->config;
}

}  // namespace copycat::herder
