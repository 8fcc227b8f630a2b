#pragma once
// Statuses of a distributed cluster as every worker reports them over REST, compared: after a
// fault the cluster has recovered when every running worker shows the same state and worker id
// for each connector and task, all RUNNING on running workers, and it stays so.

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "distributed/distributed_workers.hpp"
#include "faults/file_pipeline.hpp"

namespace copycat::itest::faults {

// Three workers, as the scenarios run them: a lost worker's tasks move at once
// (scheduled.rebalance.max.delay.ms=0), sink consumers with a 6 s session like the workers'.
cluster_settings fault_cluster_settings();

// The statuses of `connectors` as worker i reports them, one line per connector and task
// ("<connector> connector RUNNING 127.0.0.1:4711"); nullopt when a status is not 200.
std::optional<std::string> status_view(distributed_workers& cluster, int i, const std::vector<std::string>& connectors);

// The "<connector> <what>" (e.g. "c task-0") of the lines of a status view that name `worker_id`.
std::vector<std::string> units_on(const std::string& view, const std::string& worker_id);

// What every running worker reports (its status_view, or the answers when one is not 200): for
// failure messages.
std::string views_of_all(distributed_workers& cluster, const std::vector<std::string>& connectors);

// The view every running worker reports when they all agree and every connector and task is
// RUNNING on a running worker; nullopt otherwise.
std::optional<std::string> agreed_running_view(distributed_workers& cluster, const std::vector<std::string>& connectors);

// Polls every half second for `window` that agreed_running_view stays `view`; false with every
// worker's view (views_of_all) in `*changed` when it does not.
bool view_stays(distributed_workers& cluster, const std::vector<std::string>& connectors, const std::string& view,
                std::chrono::seconds window, std::string* changed);

// Waits up to `deadline` until the sink holds `lines` lines (duplicates count) and
// agreed_running_view has a value, kept in `*view`: "recovered" in the scenarios' table.
bool caught_up(distributed_workers& cluster, const file_pipeline& pipeline, std::size_t lines,
               std::chrono::seconds deadline, std::optional<std::string>* view);

// A 3-worker cluster (fault_cluster_settings, plus `own_properties` per worker) whose file
// pipeline `name` runs under a load of 1,000 lines a second; worker logs are printed on failure.
struct loaded_cluster {
    explicit loaded_cluster(const std::string& name, std::map<int, std::string> own_properties = {});

    distributed_workers cluster;
    logs_on_failure print_logs;
    file_pipeline pipeline;
};

// Requests to any running worker (it forwards to the leader where it must).
rest_call any_worker(distributed_workers& cluster);

}  // namespace copycat::itest::faults
