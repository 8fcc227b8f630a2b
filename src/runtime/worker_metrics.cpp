#include "runtime/worker_metrics.hpp"

#include <cctype>
#include <optional>
#include <set>

#include "common/strings.hpp"
#include "runtime/worker.hpp"

namespace copycat::runtime {
namespace {

constexpr run_state all_states[] = {run_state::unassigned, run_state::running, run_state::paused,
                                    run_state::stopped,    run_state::failed,  run_state::restarting};

}  // namespace

worker_metrics::worker_metrics(status_listener& next, metrics::registry& registry)
    : next_(next), connector_startups_(registry.window()), task_startups_(registry.window()) {
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
    kafka_ = registry.collect([this](metrics::sample_writer& out) { write_kafka_metrics(out); });
}

void worker_metrics::record_startup(metrics::sensor& results, bool& started, run_state state) {
    if (state == run_state::unassigned || state == run_state::restarting) {
        started = false;
    } else if (state == run_state::running && !started) {
        started = true;
        results.record(1, metrics::sensor::now_ms());
    } else if (state == run_state::failed && !started) {
        results.record(0, metrics::sensor::now_ms());
    }
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
        if (!version.empty()) connector_versions_.insert_or_assign(connector, version);
        record_startup(connector_startups_, connector_started_[connector], state);
    }
    next_.on_connector_state(connector, state, trace, version);
}

void worker_metrics::on_task_state(const task_id& id, run_state state, const std::string& trace,
                                   const std::string& version) {
    {
        std::lock_guard lock(mutex_);
        task_states_.insert_or_assign(id, state);
        record_startup(task_startups_, task_started_[id], state);
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

void worker_metrics::forget_unheld(const std::vector<worker::held_connector>& connectors,
                                   const std::vector<task_id>& tasks) const {
    std::set<std::string> held_connectors;
    for (const auto& c : connectors) held_connectors.insert(c.name);
    const std::set<task_id> held_tasks(tasks.begin(), tasks.end());
    std::erase_if(connector_versions_, [&](const auto& e) { return !held_connectors.contains(e.first); });
    std::erase_if(connector_started_, [&](const auto& e) { return !held_connectors.contains(e.first); });
    std::erase_if(task_started_, [&](const auto& e) { return !held_tasks.contains(e.first); });
}

void worker_metrics::write_kafka_metrics(metrics::sample_writer& out) const {
    using metrics::metric_type;
    const worker* w = attached();
    const auto connectors = w != nullptr ? w->held_connectors() : std::vector<worker::held_connector>{};
    const auto tasks = w != nullptr ? w->task_ids() : std::vector<task_id>{};
    const auto now = metrics::sensor::now_ms();
    std::lock_guard lock(mutex_);
    forget_unheld(connectors, tasks);

    auto worker_gauge = [&](const char* name, const char* help, double v) {
        out.add(name, help, metric_type::gauge, "", v);
    };
    auto worker_counter = [&](const char* name, const char* help, double v) {
        out.add(name, help, metric_type::counter, "", v);
    };
    worker_gauge("kafka_connect_worker_connector_count", "The number of connectors run in this worker",
                 static_cast<double>(connectors.size()));
    worker_gauge("kafka_connect_worker_task_count", "The number of tasks run in this worker",
                 static_cast<double>(tasks.size()));
    struct startup_family {
        const metrics::sensor& results;
        const char* attempts;
        const char* successes;
        const char* failures;
        const char* success_percentage;
        const char* failure_percentage;
    };
    const startup_family startups[] = {
        {connector_startups_, "kafka_connect_worker_connector_startup_attempts_total",
         "kafka_connect_worker_connector_startup_success_total", "kafka_connect_worker_connector_startup_failure_total",
         "kafka_connect_worker_connector_startup_success_percentage",
         "kafka_connect_worker_connector_startup_failure_percentage"},
        {task_startups_, "kafka_connect_worker_task_startup_attempts_total",
         "kafka_connect_worker_task_startup_success_total", "kafka_connect_worker_task_startup_failure_total",
         "kafka_connect_worker_task_startup_success_percentage", "kafka_connect_worker_task_startup_failure_percentage"},
    };
    for (const auto& f : startups) {
        const double attempts = static_cast<double>(f.results.count());
        const double successes = f.results.total();  // a success records 1, a failure 0
        worker_counter(f.attempts, "The total number of startups that this worker has attempted", attempts);
        worker_counter(f.successes, "The total number of starts that succeeded", successes);
        worker_counter(f.failures, "The total number of starts that failed", attempts - successes);
        worker_gauge(f.success_percentage, "The average percentage of this worker's starts that succeeded",
                     f.results.fraction_true(now));
        worker_gauge(f.failure_percentage, "The average percentage of this worker's starts that failed",
                     f.results.fraction_false(now));
    }

    // Per connector with tasks here: its tasks by state (Kafka: connect-worker-metrics,connector=...).
    std::map<std::string, std::map<run_state, int>> by_connector;
    for (const auto& id : tasks) {
        auto it = task_states_.find(id);
        ++by_connector[id.connector][it == task_states_.end() ? run_state::unassigned : it->second];
    }
    struct state_family {
        const char* name;
        const char* help;
        std::optional<run_state> state;  // none: destroyed (a task Copycat has deleted is not held)
    };
    static const state_family state_families[] = {
        {"kafka_connect_worker_connector_running_task_count", "The number of running tasks of the connector on the worker",
         run_state::running},
        {"kafka_connect_worker_connector_paused_task_count", "The number of paused tasks of the connector on the worker",
         run_state::paused},
        {"kafka_connect_worker_connector_failed_task_count", "The number of failed tasks of the connector on the worker",
         run_state::failed},
        {"kafka_connect_worker_connector_unassigned_task_count",
         "The number of unassigned tasks of the connector on the worker", run_state::unassigned},
        {"kafka_connect_worker_connector_destroyed_task_count",
         "The number of destroyed tasks of the connector on the worker", std::nullopt},
        {"kafka_connect_worker_connector_restarting_task_count",
         "The number of restarting tasks of the connector on the worker", run_state::restarting},
    };
    for (const auto& [connector, states] : by_connector) {
        const std::string labels = metrics::render_labels({{"connector", metrics::jmx_sanitize(connector)}});
        int total = 0;
        for (const auto& [state, n] : states) total += n;
        out.add("kafka_connect_worker_connector_total_task_count", "The number of tasks of the connector on the worker",
                metric_type::gauge, labels, total);
        for (const auto& f : state_families) {
            const auto it = f.state ? states.find(*f.state) : states.end();
            out.add(f.name, f.help, metric_type::gauge, labels, it == states.end() ? 0 : it->second);
        }
    }

    // connector-metrics: string attributes as a label on a gauge of 1.
    for (const auto& c : connectors) {
        const auto state = connector_states_.find(c.name);
        const auto version = connector_versions_.find(c.name);
        auto info = [&](const char* name, const char* help, const char* label, const std::string& value) {
            out.add(name, help, metric_type::gauge,
                    metrics::render_labels({{"connector", metrics::jmx_sanitize(c.name)}, {label, value}}), 1);
        };
        info("kafka_connect_connector_status", "The status of the connector (the label status)", "status",
             to_lower(run_state_name(state == connector_states_.end() ? run_state::unassigned : state->second)));
        info("kafka_connect_connector_connector_type", "The type of the connector, source or sink (the label)",
             "connector_type", c.is_source ? "source" : "sink");
        info("kafka_connect_connector_connector_class", "The name of the connector class (the label)",
             "connector_class", c.class_name);
        if (version != connector_versions_.end())
            info("kafka_connect_connector_connector_version",
                 "The version of the connector class, as reported by the connector (the label)", "connector_version",
                 version->second);
    }
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
