#pragma once
// fake_worker: a connector_worker that runs nothing but behaves like the real one towards the
// herder: it reports every state change through the status listener (synchronously, before
// returning, as runtime::worker does once the work has started or stopped) and generates task
// configs from the connector config. Records the calls it gets.
//
// Task configs: "tasks.max" configs (default 1), each {"task.index": i, "topic": <topic>} plus
// every "task.extra" value the test sets with set_task_extra(). A connector config with
// "fail.start" = "true" fails to start (FAILED status and an error).
//
// Thread-safe (a mutex around everything), though the herder calls it from one thread.

#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "herder/connector_worker.hpp"
#include "runtime/worker_state.hpp"

namespace copycat::herder::testing {

class fake_worker final : public connector_worker {
public:
    explicit fake_worker(runtime::status_listener& listener) : listener_(listener) {}

    result<void> start_connector(const std::string& name, const string_map& config, target_state initial) override;
    void stop_connector(const std::string& name) override;
    bool is_connector_running(const std::string& name) const override;
    result<std::vector<string_map>> connector_task_configs(const std::string& name) override;
    result<void> start_task(const task_id& id, const string_map& connector_config, const string_map& task_config,
                            target_state initial) override;
    void stop_tasks(const std::vector<task_id>& ids) override;
    void set_target_state(const std::string& connector, target_state state) override;
    void stop() override;
    // Offsets (KIP-875): one list for every connector; a change applies to it (a null offset or a
    // reset removes partitions) and answers Kafka's "confirmed" message.
    result<std::vector<connector_offset>> connector_offsets(const std::string& name, const string_map& config) override;
    result<std::string> modify_connector_offsets(const std::string& name, const string_map& config,
                                                 const std::optional<std::vector<connector_offset>>& offsets) override;

    // Test controls and observations.
    void set_task_extra(const std::string& value);
    // Reports a task failure, as a task thread would.
    void fail_task(const task_id& id, const std::string& trace);
    std::vector<std::string> calls() const;  // "start_connector c", "stop_tasks c-0,c-1", ...
    void clear_calls();
    std::set<task_id> running_tasks() const;
    bool stopped() const;
    void set_offsets(std::vector<connector_offset> offsets);

private:
    void record(std::string call);

    runtime::status_listener& listener_;
    mutable std::mutex mutex_;
    std::map<std::string, string_map> connectors_;  // started instances and their configs
    std::map<std::string, target_state> states_;
    std::set<task_id> tasks_;
    std::string task_extra_;
    std::vector<std::string> calls_;
    std::vector<connector_offset> offsets_;
    bool stopped_ = false;
};

}  // namespace copycat::herder::testing
