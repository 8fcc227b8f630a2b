#pragma once
// The worker runs the connectors and tasks a herder tells it to run (Kafka: Worker). It knows
// nothing of where configs come from or of cluster membership: the herder decides, the worker
// executes and reports states through the status_listener.
//
// Threads: the connectors' plugin calls run on a pool of two threads, one call at a time per
// connector; source tasks with a non-blocking poll() run in turns on the task pool (task.threads);
// every other task has a thread of its own, as its plugin calls may block (docs/threads.md). Public
// methods are thread-safe; methods that stop work block until the work stopped or the graceful
// timeout passed (then the task is abandoned and reported FAILED; the worker keeps its thread and
// joins it in stop() if its plugin call returns within abandoned_task_join_timeout, otherwise in
// the destructor).
// Owned by the application; outlives the herder's use of it.

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"
#include "runtime/worker_config.hpp"
#include "runtime/worker_state.hpp"

namespace copycat::loader {
class plugin_registry;
}
namespace copycat::storage {
class offset_store;
}

namespace copycat::runtime {

// The "task.class" of a connector's task configs: Kafka's naming convention applied to the
// connector's class name (org.x.FooConnector -> org.x.FooTask; otherwise the name + "Task").
std::string task_class_name(std::string_view connector_class);

class worker {
public:
    worker(worker_config config, const loader::plugin_registry& plugins, storage::offset_store& offsets,
           status_listener& listener);
    ~worker();  // stops every connector and task
    worker(const worker&) = delete;
    worker& operator=(const worker&) = delete;

    const worker_config& config() const;

    // A stored connector config with its placeholders resolved by the worker's config providers
    // (docs/security.md#config-providers): for the work on a connector's behalf that does not go
    // through start_connector (offsets, fencing). invalid_argument names a key that cannot be.
    result<string_map> resolve_config(const string_map& config) const;

    // "source", "sink" or "unknown" for a connector config (by its connector.class).
    std::string connector_type(const string_map& connector_config) const;

    // Instantiates, initializes and starts a connector (or leaves it PAUSED/STOPPED). A failure
    // (unknown class, invalid config, a throwing start()) is reported as FAILED and returned.
    // `connector_config` is the stored config: its placeholders are resolved here with the
    // worker's config providers, and only the connector sees the values
    // (docs/security.md#config-providers); one that cannot be resolved fails the connector.
    result<void> start_connector(const std::string& name, const string_map& connector_config, target_state initial);
    // Stops and forgets a connector instance (not its tasks). No-op when it does not run here.
    void stop_connector(const std::string& name);
    bool is_connector_running(const std::string& name) const;

    // Asks a started connector for at most tasks.max task configs (a job on the connector pool).
    // A value the connector passed on unchanged from a key of its config that held a placeholder
    // gets the placeholder back (runtime::restore_placeholders).
    result<std::vector<string_map>> connector_task_configs(const std::string& name);

    // Starts task `id` with its task config; the connector config gives converters, transforms,
    // client overrides and error handling. Both are stored configs, resolved here as for
    // start_connector. A failure is reported as FAILED and returned.
    result<void> start_task(const task_id& id, const string_map& connector_config, const string_map& task_config,
                            target_state initial);
    // Stops tasks (all signalled first, then awaited), committing their offsets.
    void stop_tasks(const std::vector<task_id>& ids);
    std::vector<task_id> tasks_of(const std::string& connector) const;
    // Every connector and task this worker holds now, whatever their state (for metrics).
    std::vector<std::string> connector_names() const;
    std::vector<task_id> task_ids() const;
    // The connectors this worker holds with their connector.class and kind (for metrics).
    struct held_connector {
        std::string name;
        std::string class_name;
        bool is_source = false;
    };
    std::vector<held_connector> held_connectors() const;

    // Pauses or resumes a connector and its tasks (stopped: stop the connector and tasks).
    void set_target_state(const std::string& connector, target_state state);

    // Stops everything. Threads of abandoned tasks get abandoned_task_join_timeout to end; those
    // still inside a plugin call then are left running (stuck_task_threads()).
    void stop();
    // Abandoned tasks whose thread has not ended yet (still inside a plugin call).
    std::size_t stuck_task_threads() const;

private:
    struct impl;
    std::unique_ptr<impl> impl_;
};

}  // namespace copycat::runtime
