#include "herder/cluster_work.hpp"

#include "common/logging.hpp"

namespace copycat::herder {

using storage::target_state_value;

target_state to_runtime(target_state_value state) {
    switch (state) {
        case target_state_value::paused:
            return target_state::paused;
        case target_state_value::stopped:
            return target_state::stopped;
        case target_state_value::started:
            break;
    }
    return target_state::started;
}

target_state_value to_storage(target_state state) {
    switch (state) {
        case target_state::paused:
            return target_state_value::paused;
        case target_state::stopped:
            return target_state_value::stopped;
        case target_state::started:
            break;
    }
    return target_state_value::started;
}

namespace {

// What a task sees of its connector's config: everything but tasks.max.
string_map without_tasks_max(string_map config) {
    config.erase("tasks.max");
    return config;
}

std::string connector_class_of(const string_map& config) {
    auto it = config.find("connector.class");
    return it == config.end() ? std::string() : it->second;
}

}  // namespace

void cluster_work::start_connector(const std::string& name, const storage::cluster_config& config) {
    auto it = config.connector_configs.find(name);
    if (it == config.connector_configs.end()) {
        log::warn("Not starting connector {}: it has no config (deleted meanwhile)", name);
        return;
    }
    statuses_.track(name);
    connectors_[name] = it->second;
    const target_state target = to_runtime(config.target(name));
    log::info("Starting connector {} ({})", name, target_state_name(target));
    if (auto started = worker_.start_connector(name, it->second, target); !started)
        log::error("Failed to start connector {}: {}", name, started.err().describe());
}

bool cluster_work::start_task(const task_id& id, const storage::cluster_config& config) {
    const string_map* task_config = config.task_config(id.connector, id.task);
    auto connector = config.connector_configs.find(id.connector);
    if (task_config == nullptr || connector == config.connector_configs.end()) {
        log::warn("Not starting task {}: it has no config in the snapshot at offset {}", id.to_string(), config.offset);
        return false;
    }
    statuses_.track(id);
    tasks_[id] = running_task{connector->second, *task_config};
    log::info("Starting task {}", id.to_string());
    if (auto started = worker_.start_task(id, connector->second, *task_config, to_runtime(config.target(id.connector)));
        !started)
        log::error("Failed to start task {}: {}", id.to_string(), started.err().describe());
    return true;
}

void cluster_work::fail_task(const task_id& id, const storage::cluster_config& config, const std::string& trace) {
    const string_map* task_config = config.task_config(id.connector, id.task);
    auto connector = config.connector_configs.find(id.connector);
    if (task_config == nullptr || connector == config.connector_configs.end()) return;
    statuses_.track(id);
    tasks_[id] = running_task{connector->second, *task_config};
    statuses_.put(id, run_state::failed, trace);
}

void cluster_work::stop_connector(const std::string& name) {
    if (connectors_.erase(name) == 0) return;
    log::info("Stopping connector {}", name);
    worker_.stop_connector(name);
    statuses_.untrack(name);
}

void cluster_work::stop_tasks(const std::vector<task_id>& ids) {
    std::vector<task_id> local;
    for (const task_id& id : ids)
        if (tasks_.erase(id) > 0) local.push_back(id);
    if (local.empty()) return;
    log::info("Stopping {} task(s)", local.size());
    worker_.stop_tasks(local);
    for (const task_id& id : local) statuses_.untrack(id);
}

void cluster_work::stop_all() {
    stop_tasks(tasks());
    for (const std::string& name : connectors()) stop_connector(name);
}

void cluster_work::remove_connector(const std::string& name) {
    stop_tasks(tasks_of(name));
    stop_connector(name);
}

bool cluster_work::refresh_connector(const std::string& name, const storage::cluster_config& config) {
    auto running = connectors_.find(name);
    if (running == connectors_.end()) return false;
    auto current = config.connector_configs.find(name);
    if (current == config.connector_configs.end()) return false;
    if (current->second == running->second) return true;
    log::info("Restarting connector {}: its config changed", name);
    stop_connector(name);
    start_connector(name, config);
    return true;
}

void cluster_work::refresh_tasks(const std::string& connector, const storage::cluster_config& config) {
    auto current_connector = config.connector_configs.find(connector);
    if (current_connector == config.connector_configs.end()) return;
    const string_map seen = without_tasks_max(current_connector->second);
    std::vector<task_id> changed;
    for (const auto& [id, running] : tasks_) {
        if (id.connector != connector) continue;
        const string_map* task_config = config.task_config(id.connector, id.task);
        if (task_config == nullptr) continue;  // deleted: the next rebalance revokes it
        if (*task_config != running.task_config) {
            changed.push_back(id);
            continue;
        }
        if (without_tasks_max(running.connector_config) == seen) continue;
        // Only the connector config changed (so far). Same class: the task restarts with it now
        // (e.g. new converters, which leave the task configs as they are). A new class generates
        // new task configs, and the task waits for them as in Kafka: its old task config does not
        // fit the new class (a sink task started with a source task's config fails).
        if (connector_class_of(running.connector_config) == connector_class_of(current_connector->second))
            changed.push_back(id);
    }
    if (changed.empty()) return;
    log::info("Restarting {} task(s) of connector {}: their configs changed", changed.size(), connector);
    stop_tasks(changed);
    for (const task_id& id : changed) start_task(id, config);
}

void cluster_work::apply_target_state(const std::string& connector, const storage::cluster_config& config) {
    if (!runs(connector) && tasks_of(connector).empty()) return;
    const target_state target = to_runtime(config.target(connector));
    log::info("Setting the target state of connector {} to {}", connector, target_state_name(target));
    if (target == target_state::stopped) stop_tasks(tasks_of(connector));
    worker_.set_target_state(connector, target);
    if (target == target_state::started && runs(connector) && !worker_.is_connector_running(connector)) {
        worker_.stop_connector(connector);
        connectors_.erase(connector);
        start_connector(connector, config);
    }
}

void cluster_work::restart_task(const task_id& id, const storage::cluster_config& config) {
    if (!runs(id)) return;
    log::info("Restarting task {}", id.to_string());
    stop_tasks({id});
    start_task(id, config);
}

void cluster_work::restart_connector(const std::string& name, const storage::cluster_config& config) {
    if (!runs(name)) return;
    log::info("Restarting connector {}", name);
    stop_connector(name);
    start_connector(name, config);
}

std::vector<std::string> cluster_work::connectors() const {
    std::vector<std::string> out;
    for (const auto& [name, config] : connectors_) out.push_back(name);
    return out;
}

std::vector<task_id> cluster_work::tasks() const {
    std::vector<task_id> out;
    for (const auto& [id, running] : tasks_) out.push_back(id);
    return out;
}

std::vector<task_id> cluster_work::tasks_of(const std::string& connector) const {
    std::vector<task_id> out;
    for (const auto& [id, running] : tasks_)
        if (id.connector == connector) out.push_back(id);
    return out;
}

}  // namespace copycat::herder
