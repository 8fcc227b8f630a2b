#include "herder/connector_lifecycle.hpp"

#include "common/logging.hpp"

namespace copycat::herder {

result<void> connector_lifecycle::start_connector(const std::string& name) {
    const connector_entry* entry = configs_.find(name);
    if (entry == nullptr) return make_error(errc::not_found, "Connector " + name + " not found");
    statuses_.track(name);
    log::info("Starting connector {} ({})", name, target_state_name(entry->target));
    auto started = worker_.start_connector(name, entry->config, entry->target);
    if (!started) log::error("Failed to start connector {}: {}", name, started.err().describe());
    return started;
}

void connector_lifecycle::update_tasks(const std::string& name) {
    const connector_entry* entry = configs_.find(name);
    if (entry == nullptr) return;
    if (!worker_.is_connector_running(name)) {
        log::info("Skipping update of tasks for connector {} since it is not running", name);
        return;
    }
    if (entry->target != target_state::started) {
        log::info("Skipping update of tasks for connector {} since its target state is {}", name,
                  target_state_name(entry->target));
        return;
    }
    auto generated = worker_.connector_task_configs(name);
    if (!generated) {
        log::error("Failed to get task configs of connector {}: {}", name, generated.err().describe());
        return;
    }
    if (!configs_.task_configs_changed(name, *generated)) {
        log::debug("Skipping reconfiguration of connector {} as generated configs appear unchanged", name);
        return;
    }
    remove_tasks(name);
    log::info("Connector {} generated {} task config(s)", name, generated->size());
    configs_.put_task_configs(name, std::move(*generated));
    start_tasks(name, configs_.tasks(name));
}

void connector_lifecycle::remove_tasks(const std::string& name) {
    const std::vector<task_id> ids = configs_.tasks(name);
    if (ids.empty()) return;
    worker_.stop_tasks(ids);
    configs_.remove_task_configs(name);
    for (const task_id& id : ids) statuses_.remove_task(id);
}

void connector_lifecycle::start_tasks(const std::string& name, const std::vector<task_id>& ids) {
    const connector_entry* entry = configs_.find(name);
    if (entry == nullptr) return;
    for (const task_id& id : ids) {
        if (id.task < 0 || static_cast<std::size_t>(id.task) >= entry->task_configs.size()) continue;
        statuses_.track(id);
        auto started = worker_.start_task(id, entry->config, entry->task_configs[static_cast<std::size_t>(id.task)],
                                          entry->target);
        if (!started) log::error("Failed to start task {}: {}", id.to_string(), started.err().describe());
    }
}

result<void> connector_lifecycle::restart_task(const task_id& id) {
    const connector_entry* entry = configs_.find(id.connector);
    if (entry == nullptr) return make_error(errc::not_found, "Connector " + id.connector + " not found");
    if (id.task < 0 || static_cast<std::size_t>(id.task) >= entry->task_configs.size())
        return make_error(errc::not_found, "Task " + id.to_string() + " not found");
    worker_.stop_tasks({id});
    statuses_.track(id);
    auto started =
        worker_.start_task(id, entry->config, entry->task_configs[static_cast<std::size_t>(id.task)], entry->target);
    if (!started) return make_error(errc::internal, "Failed to start task: " + id.to_string());
    return {};
}

void connector_lifecycle::apply_target_state(const std::string& name) {
    const connector_entry* entry = configs_.find(name);
    if (entry == nullptr) return;
    const target_state target = entry->target;
    log::info("Setting the target state of connector {} to {}", name, target_state_name(target));
    worker_.set_target_state(name, target);
    if (target != target_state::started) return;
    if (!worker_.is_connector_running(name) && !start_connector(name)) return;
    update_tasks(name);
}

void connector_lifecycle::remove_connector(const std::string& name) {
    remove_tasks(name);
    worker_.stop_connector(name);
    configs_.remove(name);
    statuses_.remove_connector(name);
}

void connector_lifecycle::stop_all() {
    for (const std::string& name : configs_.names()) {
        remove_tasks(name);
        worker_.stop_connector(name);
    }
}

}  // namespace copycat::herder
