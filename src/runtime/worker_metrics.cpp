#include "runtime/worker_metrics.hpp"

#include <cctype>

#include "common/strings.hpp"
#include "runtime/worker.hpp"

namespace copycat::runtime {
namespace {

constexpr run_state all_states[] = {run_state::unassigned, run_state::running, run_state::paused,
                                    run_state::stopped,    run_state::failed,  run_state::restarting};

}  // namespace

worker_metrics::worker_metrics(status_listener& next, metrics::registry& registry) : next_(next) {
    using metrics::metric_type;
    for (const run_state s : all_states) {
        const metrics::labels labels = {{"state", to_lower(run_state_name(s))}};
        series_.push_back(registry.observe("copycat_worker_connectors", "Connectors this worker runs, by state",
                                           metric_type::gauge, labels,
                                           [this, s] { return static_cast<double>(connectors_in(s)); }));
        series_.push_back(registry.observe("copycat_worker_tasks", "Tasks this worker runs, by state",
                                           metric_type::gauge, labels,
                                           [this, s] { return static_cast<double>(tasks_in(s)); }));
    }
    series_.push_back(registry.observe(
        "copycat_worker_uptime_seconds", "Seconds since the worker started", metric_type::gauge, {},
        [this] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count(); }));
    const double start_unix =
        std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
    auto start = registry.gauge("copycat_worker_start_time_seconds", "When the worker started (Unix time)");
    start->set(start_unix);
    series_.push_back(std::move(start));
}

void worker_metrics::attach(const worker* w) {
    std::lock_guard lock(mutex_);
    worker_ = w;
}

void worker_metrics::on_connector_state(const std::string& connector, run_state state, const std::string& trace,
                                        const std::string& version) {
    {
        std::lock_guard lock(mutex_);
        connector_states_.insert_or_assign(connector, state);
    }
    next_.on_connector_state(connector, state, trace, version);
}

void worker_metrics::on_task_state(const task_id& id, run_state state, const std::string& trace,
                                   const std::string& version) {
    {
        std::lock_guard lock(mutex_);
        task_states_.insert_or_assign(id, state);
    }
    next_.on_task_state(id, state, trace, version);
}

void worker_metrics::on_task_reconfiguration_requested(const std::string& connector) {
    next_.on_task_reconfiguration_requested(connector);
}

namespace {

// Counts the held items in `state` and forgets the states of items no longer held. `held` is
// read from the worker before `mutex` is taken, so the two locks never nest.
template <class Key>
std::size_t count_in(std::mutex& mutex, std::map<Key, run_state>& states, const std::vector<Key>& held,
                     run_state state) {
    std::lock_guard lock(mutex);
    std::map<Key, run_state> kept;
    std::size_t count = 0;
    for (const auto& key : held) {
        auto it = states.find(key);
        const run_state current = it == states.end() ? run_state::unassigned : it->second;
        if (current == state) ++count;
        if (it != states.end()) kept.insert(*it);
    }
    states.swap(kept);
    return count;
}

}  // namespace

const worker* worker_metrics::attached() const {
    std::lock_guard lock(mutex_);
    return worker_;
}

std::size_t worker_metrics::connectors_in(run_state state) const {
    const worker* w = attached();
    if (w == nullptr) return 0;
    return count_in(mutex_, connector_states_, w->connector_names(), state);
}

std::size_t worker_metrics::tasks_in(run_state state) const {
    const worker* w = attached();
    if (w == nullptr) return 0;
    return count_in(mutex_, task_states_, w->task_ids(), state);
}

}  // namespace copycat::runtime
