#pragma once
// worker_metrics: the worker-level metrics — how many connectors and tasks this worker holds in
// each state, and the worker's uptime (copycat_worker_*), and Kafka Connect's
// connect-worker-metrics (counts, start-up attempts, per-connector task counts by state) and
// connector-metrics (status, type, class, version of each connector held) under the JMX
// exporter's names (docs/metrics.md). It sits between the worker
// and the herder's status listener, remembers the last state each connector and task reported and
// passes every report on unchanged:
//
//   runtime::worker_metrics metrics(recorder, registry);   // recorder: the herder's listener
//   runtime::worker worker(config, plugins, offsets, metrics);
//   metrics.attach(worker);                                 // counts only what the worker holds
//
// Counted at scrape time: a connector or task the worker holds is counted under its last reported
// state (UNASSIGNED before its first report); one the worker no longer holds is not counted, even
// if its last report was FAILED.
//
// Ownership: the application owns it; it must outlive the worker and every scrape of the registry
// (the REST server is stopped first). Thread-safe: reports come from worker threads, scrapes from
// REST threads.

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "common/metrics.hpp"
#include "common/sensor.hpp"
#include "runtime/worker.hpp"
#include "runtime/worker_state.hpp"

namespace copycat::runtime {


class worker_metrics final : public status_listener {
public:
    worker_metrics(status_listener& next, metrics::registry& registry);
    worker_metrics(const worker_metrics&) = delete;
    worker_metrics& operator=(const worker_metrics&) = delete;

    // The worker whose connectors and tasks are counted (none: nothing is counted).
    void attach(const worker* w);

    // status_listener: remembers the state, then calls `next`.
    void on_connector_state(const std::string& connector, run_state state, const std::string& trace,
                            const std::string& version = {}) override;
    void on_task_state(const task_id& id, run_state state, const std::string& trace,
                       const std::string& version = {}) override;
    void on_task_reconfiguration_requested(const std::string& connector) override;
    // KIP-558 topic tracking: passed on unchanged.
    void on_topic_used(const task_id& id, std::string_view topic) override { next_.on_topic_used(id, topic); }

    // How many connectors / tasks the attached worker holds in `state` now.
    std::size_t connectors_in(run_state state) const;
    std::size_t tasks_in(run_state state) const;

private:
    const worker* attached() const;
    void write_kafka_metrics(metrics::sample_writer& out) const;
    // mutex_ held: drops the versions and start-up flags of work no longer held.
    void forget_unheld(const std::vector<worker::held_connector>& connectors, const std::vector<task_id>& tasks) const;
    // Kafka's start-up counting: a connector or task counts a success on its first RUNNING and a
    // failure on a FAILED before it (per instance: UNASSIGNED or RESTARTING begins a new one).
    static void record_startup(metrics::sensor& results, bool& started, run_state state);

    status_listener& next_;
    const std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
    mutable std::mutex mutex_;  // guards worker_, connector_states_, task_states_
    const worker* worker_ = nullptr;
    // Last reported states; entries of work the worker no longer holds are dropped at scrape time.
    mutable std::map<std::string, run_state> connector_states_;
    mutable std::map<task_id, run_state> task_states_;
    // Guarded by mutex_ too: the connectors' last reported versions, the start-up figures
    // (entries of work the worker no longer holds are dropped at scrape time).
    mutable std::map<std::string, std::string> connector_versions_;
    mutable std::map<std::string, bool> connector_started_;
    mutable std::map<task_id, bool> task_started_;
    metrics::sensor connector_startups_;  // 1 success, 0 failure
    metrics::sensor task_startups_;
    std::shared_ptr<metrics::collector> kafka_;
    std::vector<std::shared_ptr<metrics::series>> series_;
};

}  // namespace copycat::runtime
