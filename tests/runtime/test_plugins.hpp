#pragma once
// In-test plugins and utilities for the runtime tests (unit and cluster):
//
//   test.CountingSource   a source whose task emits "records" records "record-<i>" to "topic",
//                         offsets {"position": i} of partition {"source": <source.partition>},
//                         resuming after the stored offset; "values" = a,b,... emits those
//                         values instead; "fail.on" = start|poll|stop throws (the poll one
//                         adding ": <fail.detail>" when set); "block.on" = poll
//                         makes poll() ignore stop() for a second.
//   test.CollectingSink   a sink whose tasks append every record to the collector named by
//                         "collector"; "fail.on" = put throws; "retriable.put.failures" = k
//                         makes the first k puts throw retriable_error.
//   test.NonBlockingCollectingSink  the same, its tasks saying nonblocking_put() (task pool).
//   test.UppercaseValue   a transformation upper-casing string values.
//   test.FlakyValue       a transformation whose first "retriable.failures" applies (-1: all)
//                         append "~" to a string value and then throw retriable_error.
//   test.TopicIs          a predicate: the record's topic equals "topic".
//
// Plugins are created by the registry, so they meet the test through the process-wide hub.

#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <thread>
#include <string>
#include <vector>

#include "common/thread_pool.hpp"
#include "copycat/connector/topic_partition.hpp"
#include "copycat/data/records.hpp"
#include "kafka/rdkafka/mock_cluster.hpp"
#include "loader/plugin_registry.hpp"
#include "runtime/worker_config.hpp"
#include "runtime/worker_state.hpp"
#include "runtime/worker_task.hpp"
#include "storage/memory_offset_store.hpp"

namespace copycat::testing {

// "<prefix>-<n>", unique in the test process: names of topics, connectors and source partitions.
std::string unique_name(const std::string& prefix);

// librdkafka's mock cluster for one test; throws (failing the test) when it cannot be created.
rdkafka::mock_cluster make_mock_cluster();

// Registers the built-in converters and the test plugins above.
void register_test_plugins(loader::plugin_registry& registry);

// Starts the task where the worker would: in turns on `pool` when it runs_on_pool(), otherwise
// on a thread of its own.
void start_task(runtime::worker_task& task, thread_pool& pool);

// Stops the task, waits up to `deadline` for it and releases its thread; nothing for a null task.
void stop_task(const std::shared_ptr<runtime::worker_task>& task, std::chrono::milliseconds deadline);

// What a collecting sink saw.
class collector {
public:
    void add(const std::vector<sink_record>& records);
    void opened(const std::vector<topic_partition>& partitions);
    void closed(const std::vector<topic_partition>& partitions);
    // Waits until at least `n` records arrived; false at the deadline.
    bool wait_for(std::size_t n, std::chrono::milliseconds deadline);
    std::vector<sink_record> records() const;
    std::vector<std::string> values() const;
    std::set<topic_partition> open_partitions() const;
    int close_calls() const;

private:
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::vector<sink_record> records_;
    std::set<topic_partition> open_;
    int close_calls_ = 0;
};

// Process-wide: collectors by name, and source acknowledgements by task.
std::shared_ptr<collector> collector_named(const std::string& name);
std::size_t source_acks(const std::string& source_partition);

// A status_listener that records every report and lets a test wait for one.
class recording_listener : public runtime::status_listener {
public:
    void on_connector_state(const std::string& connector, runtime::run_state state, const std::string& trace,
                            const std::string& version = {}) override;
    void on_task_state(const runtime::task_id& id, runtime::run_state state, const std::string& trace,
                       const std::string& version = {}) override;
    void on_task_reconfiguration_requested(const std::string& connector) override;
    void on_connector_config_expiry(const std::string& connector, std::chrono::milliseconds ttl) override;

    // Waits until the latest state of the task / connector is `state`.
    bool wait_for_task(const runtime::task_id& id, runtime::run_state state, std::chrono::milliseconds deadline);
    bool wait_for_connector(const std::string& name, runtime::run_state state, std::chrono::milliseconds deadline);
    std::vector<runtime::run_state> task_states(const runtime::task_id& id) const;
    std::vector<runtime::run_state> connector_states(const std::string& name) const;
    std::string task_trace(const runtime::task_id& id) const;
    std::string connector_trace(const std::string& name) const;
    int reconfiguration_requests(const std::string& connector) const;
    // The ttls on_connector_config_expiry reported for the connector, in order.
    std::vector<std::chrono::milliseconds> config_expiries(const std::string& connector) const;

private:
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::map<runtime::task_id, std::vector<std::pair<runtime::run_state, std::string>>> tasks_;
    std::map<std::string, std::vector<std::pair<runtime::run_state, std::string>>> connectors_;
    std::map<std::string, int> reconfigurations_;
    std::map<std::string, std::vector<std::chrono::milliseconds>> expiries_;
};

// What a task_factory needs to build tasks against the mock cluster: the cluster, a registry with
// the test plugins, an in-memory offset store, a recording listener, and a worker config pointing
// at the cluster with string converters.
struct task_environment {
    rdkafka::mock_cluster cluster = make_mock_cluster();
    loader::plugin_registry registry;
    storage::memory_offset_store offsets;
    recording_listener listener;
    runtime::worker_config config;

    task_environment();
};

// Polls `condition` until it holds or `deadline` passes.
template <class F>
bool eventually(F condition, std::chrono::milliseconds deadline) {
    const auto until = std::chrono::steady_clock::now() + deadline;
    while (!condition()) {
        if (std::chrono::steady_clock::now() >= until) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return true;
}

}  // namespace copycat::testing
