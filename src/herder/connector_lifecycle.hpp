#pragma once
// connector_lifecycle: how a standalone herder turns its config_state into running work through
// the worker (Kafka: the private start/stop/update methods of StandaloneHerder): starting a
// connector, regenerating and (re)starting its tasks when their configs change, removing tasks,
// applying target states.
//
// Not thread-safe: used only on the herder's thread. Holds references to the herder's state,
// the worker and the status store, which outlive it.

#include <string>
#include <vector>

#include "common/result.hpp"
#include "herder/config_state.hpp"
#include "herder/connector_worker.hpp"
#include "herder_api/status_store.hpp"

namespace copycat::herder {

class connector_lifecycle {
public:
    connector_lifecycle(config_state& configs, connector_worker& worker, status_store& statuses)
        : configs_(configs), worker_(worker), statuses_(statuses) {}

    // Starts the connector instance in its target state (the worker reports its status).
    result<void> start_connector(const std::string& name);
    // Kafka: updateConnectorTasks. For a running, STARTED connector: asks it for task configs and,
    // when they changed (or the connector config did), replaces the tasks with new ones.
    void update_tasks(const std::string& name);
    // Stops every task of the connector and forgets their configs and statuses.
    void remove_tasks(const std::string& name);
    // Starts the given tasks of the connector with their stored configs.
    void start_tasks(const std::string& name, const std::vector<task_id>& ids);
    // Stops and starts one task with its stored config.
    result<void> restart_task(const task_id& id);
    // Tells the worker the connector's target state; a STARTED connector that is not running
    // (it was STOPPED) is started, and its tasks are brought up to date.
    void apply_target_state(const std::string& name);
    // Removes tasks, the connector instance, its config and its statuses.
    void remove_connector(const std::string& name);
    // Stops the work of every connector (shutdown): tasks first, then connector instances.
    void stop_all();

private:
    config_state& configs_;
    connector_worker& worker_;
    status_store& statuses_;
};

}  // namespace copycat::herder
