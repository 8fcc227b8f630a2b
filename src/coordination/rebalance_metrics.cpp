#include "coordination/rebalance_metrics.hpp"

#include <algorithm>
#include <limits>

#include "common/strings.hpp"

namespace copycat::coordination {

rebalance_metrics::rebalance_metrics(coordinator_listener& next, metrics::registry& registry, std::string client_id)
    : next_(next),
      started_at_(std::chrono::steady_clock::now()),
      client_label_text_(metrics::render_labels({{"clientid", metrics::jmx_sanitize(client_id)}})),
      rebalance_ms_(registry.window()) {
    completed_ = registry.counter("copycat_worker_rebalances_completed_total", "Rebalances this worker completed");
    rebalancing_ = registry.gauge("copycat_worker_rebalancing", "1 while a rebalance is in progress, else 0");
    rebalancing_->set(1);  // until the first assignment
    last_seconds_ =
        registry.gauge("copycat_worker_rebalance_last_duration_seconds", "Duration of the last completed rebalance");
    max_seconds_ = registry.gauge("copycat_worker_rebalance_max_duration_seconds", "Longest completed rebalance");
    total_micros_ = std::make_shared<metrics::counter>();
    observed_.push_back(
        registry.observe("copycat_worker_rebalance_duration_seconds_total",
                         "Time spent in completed rebalances (divide by the completed count for the average)",
                         metrics::metric_type::counter, {},
                         [micros = total_micros_] { return static_cast<double>(micros->count()) / 1e6; }));
    generation_ = registry.gauge("copycat_worker_generation", "Group generation of the last assignment (epoch)");
    generation_->set(-1);
    leader_ = registry.gauge("copycat_worker_leader", "1 when this worker leads the group, else 0");
    last_completed_unix_ = registry.gauge("copycat_worker_last_rebalance_timestamp_seconds",
                                          "When the last rebalance completed (Unix time; 0: none yet)");
    kafka_ = registry.collect([this](metrics::sample_writer& out) { write_kafka_metrics(out); });
}

void rebalance_metrics::write_kafka_metrics(metrics::sample_writer& out) {
    using metrics::metric_type;
    const auto now = metrics::sensor::now_ms();
    std::lock_guard lock(mutex_);
    auto gauge = [&](const char* name, const char* help, double v) { out.add(name, help, metric_type::gauge, "", v); };
    if (!protocol_.empty()) {
        out.add("kafka_connect_worker_rebalance_connect_protocol", "The Connect protocol used by this cluster (the label)",
                metric_type::gauge, metrics::render_labels({{"connect_protocol", protocol_}}), 1);
    }
    if (!leader_url_.empty()) {
        out.add("kafka_connect_worker_rebalance_leader_name", "The name of the group leader (the label)",
                metric_type::gauge, metrics::render_labels({{"leader_name", leader_url_}}), 1);
    }
    gauge("kafka_connect_worker_rebalance_epoch", "The epoch or generation number of this worker", epoch_);
    out.add("kafka_connect_worker_rebalance_completed_rebalances_total",
            "The total number of rebalances completed by this worker", metric_type::counter, "",
            static_cast<double>(completed_->count()));
    gauge("kafka_connect_worker_rebalance_rebalancing", "Whether this worker is currently rebalancing",
          rebalancing_->value());
    gauge("kafka_connect_worker_rebalance_rebalance_max_time_ms",
          "The maximum time in milliseconds spent by this worker to rebalance", rebalance_ms_.max(now));
    gauge("kafka_connect_worker_rebalance_rebalance_avg_time_ms",
          "The average time in milliseconds spent by this worker to rebalance", rebalance_ms_.avg(now));
    gauge("kafka_connect_worker_rebalance_time_since_last_rebalance_ms",
          "The time in milliseconds since this worker completed the most recent rebalance",
          last_completed_ms_ ? static_cast<double>(now - *last_completed_ms_) : std::numeric_limits<double>::infinity());
    // connect-coordinator-metrics: the group figures Copycat has (not heartbeats, joins, syncs).
    auto coordinator = [&](const char* name, const char* help, metric_type type, double v) {
        out.add(name, help, type, client_label_text_, v);
    };
    coordinator("kafka_connect_coordinator_rebalance_total", "The total number of rebalance events",
                metric_type::counter, static_cast<double>(completed_->count()));
    coordinator("kafka_connect_coordinator_rebalance_latency_total",
                "The total time in milliseconds this worker spent in rebalances", metric_type::counter,
                static_cast<double>(total_micros_->count()) / 1e3);
    coordinator("kafka_connect_coordinator_rebalance_latency_avg",
                "The average time in milliseconds taken for a rebalance over the sample window", metric_type::gauge,
                rebalance_ms_.avg(now));
    coordinator("kafka_connect_coordinator_last_rebalance_seconds_ago",
                "The number of seconds since the last successful rebalance event", metric_type::gauge,
                last_completed_ms_ ? static_cast<double>((now - *last_completed_ms_) / 1000) : -1.0);
    out.add("kafka_connect_coordinator_assigned_connectors", "The number of connector instances currently assigned to this consumer",
            metric_type::gauge, client_label_text_, static_cast<double>(assigned_connectors_));
    out.add("kafka_connect_coordinator_assigned_tasks", "The number of tasks currently assigned to this consumer",
            metric_type::gauge, client_label_text_, static_cast<double>(assigned_tasks_));
}

void rebalance_metrics::started() {
    std::lock_guard lock(mutex_);
    if (!started_at_) started_at_ = std::chrono::steady_clock::now();
    rebalancing_->set(1);
}

void rebalance_metrics::on_assignment(const connect_assignment& assignment, const work_set& full,
                                      std::int32_t generation, const std::string& member_id, connect_protocol chosen) {
    if (!assignment.failed()) {
        std::lock_guard lock(mutex_);
        const auto now = std::chrono::steady_clock::now();
        const auto took = std::chrono::duration_cast<std::chrono::microseconds>(now - started_at_.value_or(now));
        const double seconds = static_cast<double>(took.count()) / 1e6;
        started_at_.reset();
        completed_->add(1);
        total_micros_->add(static_cast<std::uint64_t>(std::max<std::int64_t>(took.count(), 0)));
        last_seconds_->set(seconds);
        max_seconds_->set(std::max(max_seconds_->value(), seconds));
        rebalancing_->set(0);
        generation_->set(generation);
        leader_->set(!member_id.empty() && assignment.leader == member_id ? 1 : 0);
        last_completed_unix_->set(
            std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count());
        const auto now_ms = metrics::sensor::now_ms();
        rebalance_ms_.record(static_cast<double>(took.count()) / 1e3, now_ms);
        last_completed_ms_ = now_ms;
        protocol_ = to_upper(protocol_name(chosen));  // Kafka's enum name, as JMX shows it
        leader_url_ = assignment.leader_url;
        epoch_ = generation;
        assigned_connectors_ = full.connectors.size();
        assigned_tasks_ = full.tasks.size();
    }
    next_.on_assignment(assignment, full, generation, member_id, chosen);
}

void rebalance_metrics::on_revoke_all(const work_set& previous) {
    started();
    next_.on_revoke_all(previous);
}

void rebalance_metrics::on_rejoin_started(const std::string& reason) {
    started();
    next_.on_rejoin_started(reason);
}

void rebalance_metrics::on_membership_lost(const std::string& reason) {
    started();
    leader_->set(0);
    next_.on_membership_lost(reason);
}

void rebalance_metrics::on_fatal_error(const error& failure) {
    leader_->set(0);
    next_.on_fatal_error(failure);
}

}  // namespace copycat::coordination
