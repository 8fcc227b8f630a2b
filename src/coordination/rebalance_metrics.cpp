#include "coordination/rebalance_metrics.hpp"

#include <algorithm>

namespace copycat::coordination {

rebalance_metrics::rebalance_metrics(coordinator_listener& next, metrics::registry& registry)
    : next_(next), started_at_(std::chrono::steady_clock::now()) {
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
