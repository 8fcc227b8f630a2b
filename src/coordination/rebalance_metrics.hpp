#pragma once
// rebalance_metrics: the rebalance metrics of a distributed worker: Copycat's copycat_worker_*
// rebalance series and Kafka's connect-worker-rebalance-metrics (connect-protocol, leader-name,
// epoch, completed-rebalances-total, rebalancing, rebalance-avg/max-time-ms over the sample
// window, time-since-last-rebalance-ms) and connect-coordinator-metrics' assigned-connectors and
// assigned-tasks, under the JMX exporter's names (docs/metrics.md). It sits between the
// worker_coordinator and its real listener (the herder), times each rebalance from its start
// (on_rejoin_started, on_revoke_all or a lost membership) to the assignment that ends it, and
// passes every call on unchanged:
//
//   coordination::rebalance_metrics timed(herder, registry);
//   auto coordinator = worker_coordinator::create(exec, options, snapshot, timed);
//
// A completed rebalance is an assignment without a config mismatch; the first one is timed from
// the listener's construction (the worker's first join).
//
// Ownership: the application owns it, next to the herder; it must outlive the coordinator's
// activity and every scrape of the registry. Threading: called on the coordinator's strand;
// the series are read from REST threads.

#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "common/metrics.hpp"
#include "coordination/coordinator_listener.hpp"

namespace copycat::coordination {

class rebalance_metrics final : public coordinator_listener {
public:
    // `client_id`: the coordinator's client id (Kafka: client.id, else "connect-" + the worker
    // id), the clientid label of the coordinator series.
    rebalance_metrics(coordinator_listener& next, metrics::registry& registry, std::string client_id = {});
    rebalance_metrics(const rebalance_metrics&) = delete;
    rebalance_metrics& operator=(const rebalance_metrics&) = delete;

    void on_assignment(const connect_assignment& assignment, const work_set& full, std::int32_t generation,
                       const std::string& member_id, connect_protocol chosen) override;
    void on_revoke_all(const work_set& previous) override;
    void on_rejoin_started(const std::string& reason) override;
    void on_membership_lost(const std::string& reason) override;
    void on_fatal_error(const error& failure) override;

    std::uint64_t completed() const { return completed_->count(); }

private:
    void started();
    void write_kafka_metrics(metrics::sample_writer& out);

    coordinator_listener& next_;
    std::mutex mutex_;  // guards started_at_; one rebalance's gauges are set together under it
    std::optional<std::chrono::steady_clock::time_point> started_at_;
    std::shared_ptr<metrics::counter> completed_;
    std::shared_ptr<metrics::gauge> rebalancing_;
    std::shared_ptr<metrics::gauge> last_seconds_;
    std::shared_ptr<metrics::gauge> max_seconds_;
    std::shared_ptr<metrics::counter> total_micros_;
    std::shared_ptr<metrics::gauge> generation_;
    std::shared_ptr<metrics::gauge> leader_;
    std::shared_ptr<metrics::gauge> last_completed_unix_;
    std::vector<std::shared_ptr<metrics::series>> observed_;
    // Guarded by mutex_: what Kafka's series read.
    const std::string client_label_text_;
    std::string protocol_;
    std::string leader_url_;
    std::int32_t epoch_ = -1;
    std::size_t assigned_connectors_ = 0;
    std::size_t assigned_tasks_ = 0;
    std::optional<std::int64_t> last_completed_ms_;  // metrics::sensor::now_ms()
    metrics::sensor rebalance_ms_;
    std::shared_ptr<metrics::collector> kafka_;
};

}  // namespace copycat::coordination
