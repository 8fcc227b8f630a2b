#pragma once
// cluster_work: the connectors and tasks the group assigned to this worker, run through the worker,
// with the configs each was started with (Kafka: the part of DistributedHerder that starts and
// stops assigned work). Knowing what a task was started with lets a config change restart exactly
// the tasks it affects: a task whose own config and whose connector config (tasks.max aside) are
// unchanged keeps running when the connector is reconfigured, e.g. when tasks.max shrinks; a task
// whose connector changed class waits for the new task configs before it restarts.
//
// Not thread-safe: owned and used by the distributed herder's loop thread.

#include <map>
#include <string>
#include <vector>

#include "herder/cluster_status_store.hpp"
#include "herder/connector_worker.hpp"
#include "storage/cluster_config.hpp"

namespace copycat::herder {

target_state to_runtime(storage::target_state_value state);
storage::target_state_value to_storage(target_state state);

class cluster_work {
public:
    cluster_work(connector_worker& worker, cluster_status_store& statuses) : worker_(worker), statuses_(statuses) {}

    // Starts the connector in its target state; a failure shows as FAILED in its status.
    void start_connector(const std::string& name, const storage::cluster_config& config);
    // Starts the task with its config from the snapshot; false when the snapshot has none.
    bool start_task(const task_id& id, const storage::cluster_config& config);
    // Takes the task as this worker's without starting it, FAILED with `trace` (Kafka: a task whose
    // preflight check failed, as a round of zombie fencing); restart_task() starts it.
    void fail_task(const task_id& id, const storage::cluster_config& config, const std::string& trace);

    // Stops work that moved elsewhere or was revoked: it reports UNASSIGNED, and this worker writes
    // no status for it afterwards.
    void stop_connector(const std::string& name);
    void stop_tasks(const std::vector<task_id>& ids);
    // Stops everything this worker runs (shutdown, lost membership, eager rebalance).
    void stop_all();

    // The connector was deleted: stops its local work and tombstones its statuses.
    void remove_connector(const std::string& name);

    // Restarts the connector with the snapshot's config when that changed; true when it runs.
    bool refresh_connector(const std::string& name, const storage::cluster_config& config);
    // Restarts the local tasks of `connector` whose configs changed in the snapshot (see above).
    void refresh_tasks(const std::string& connector, const storage::cluster_config& config);
    // Applies the connector's target state to its local connector and tasks.
    void apply_target_state(const std::string& connector, const storage::cluster_config& config);

    // Stops and starts one local task or connector (REST restarts).
    void restart_task(const task_id& id, const storage::cluster_config& config);
    void restart_connector(const std::string& name, const storage::cluster_config& config);

    bool runs(const std::string& connector) const { return connectors_.contains(connector); }
    bool runs(const task_id& id) const { return tasks_.contains(id); }
    std::vector<std::string> connectors() const;
    std::vector<task_id> tasks() const;
    std::vector<task_id> tasks_of(const std::string& connector) const;

private:
    struct running_task {
        string_map connector_config;
        string_map task_config;
    };

    connector_worker& worker_;
    cluster_status_store& statuses_;
    std::map<std::string, string_map> connectors_;  // connector -> the config it was started with
    std::map<task_id, running_task> tasks_;
};

}  // namespace copycat::herder
