#include "herder/cluster_status_store.hpp"

#include <algorithm>
#include <utility>

namespace copycat::herder {

std::optional<run_state> parse_run_state(std::string_view name) {
    for (run_state s : {run_state::unassigned, run_state::running, run_state::paused, run_state::stopped,
                        run_state::failed, run_state::restarting}) {
        if (run_state_name(s) == name) return s;
    }
    return std::nullopt;
}

namespace {

std::optional<status_entry> entry_of(const std::optional<storage::connector_status_record>& record) {
    if (!record) return std::nullopt;
    auto state = parse_run_state(record->state);
    if (!state) return std::nullopt;
    return status_entry{*state, record->worker_id, record->trace.value_or(""), record->version.value_or("")};
}

}  // namespace

cluster_status_store::cluster_status_store(storage::kafka_status_store& store, std::string worker_id)
    : store_(store), worker_id_(std::move(worker_id)) {}

storage::connector_status_record cluster_status_store::record_of(run_state state, const std::string& trace,
                                                                 const std::string& version) const {
    storage::connector_status_record r;
    r.state = std::string(run_state_name(state));
    if (!trace.empty()) r.trace = trace;
    r.worker_id = worker_id_;
    r.generation = generation_;
    if (!version.empty()) r.version = version;
    return r;
}

void cluster_status_store::track(const std::string& connector) {
    std::lock_guard lock(mutex_);
    tracked_connectors_.insert(connector);
}

void cluster_status_store::track(const task_id& id) {
    std::lock_guard lock(mutex_);
    tracked_tasks_.insert(id);
}

void cluster_status_store::untrack(const std::string& connector) {
    std::lock_guard lock(mutex_);
    tracked_connectors_.erase(connector);
}

void cluster_status_store::untrack(const task_id& id) {
    std::lock_guard lock(mutex_);
    tracked_tasks_.erase(id);
}

void cluster_status_store::remove_connector(const std::string& connector) {
    {
        std::lock_guard lock(mutex_);
        tracked_connectors_.erase(connector);
        for (auto it = tracked_tasks_.begin(); it != tracked_tasks_.end();)
            it = it->connector == connector ? tracked_tasks_.erase(it) : std::next(it);
    }
    store_.remove_connector(connector);
}

void cluster_status_store::remove_task(const task_id& id) {
    {
        std::lock_guard lock(mutex_);
        tracked_tasks_.erase(id);
    }
    store_.remove_task(id.connector, id.task);
}

void cluster_status_store::put(const std::string& connector, run_state state, const std::string& trace,
                               const std::string& version) {
    {
        std::lock_guard lock(mutex_);
        if (!tracked_connectors_.contains(connector)) return;
    }
    store_.put_connector(connector, record_of(state, trace, version));
}

void cluster_status_store::put(const task_id& id, run_state state, const std::string& trace,
                               const std::string& version) {
    {
        std::lock_guard lock(mutex_);
        if (!tracked_tasks_.contains(id)) return;
    }
    store_.put_task(id.connector, id.task, record_of(state, trace, version));
}

std::optional<status_entry> cluster_status_store::get(const std::string& connector) const {
    return entry_of(store_.connector(connector));
}

std::optional<status_entry> cluster_status_store::get(const task_id& id) const {
    return entry_of(store_.task(id.connector, id.task));
}

std::vector<task_state> cluster_status_store::tasks(const std::string& connector) const {
    std::vector<task_state> out;
    for (const auto& [task, record] : store_.tasks(connector)) {
        if (auto entry = entry_of(record)) out.push_back(task_state{task, *entry});
    }
    return out;
}

bool cluster_status_store::has_topic(const std::string& connector, const std::string& topic) const {
    for (const auto& record : store_.topics(connector))
        if (record.topic == topic) return true;
    return false;
}

void cluster_status_store::put_topic(const task_id& id, const std::string& topic, std::int64_t discover_timestamp) {
    store_.put_topic(storage::topic_status_record{topic, id.connector, id.task, discover_timestamp});
}

std::vector<std::string> cluster_status_store::topics(const std::string& connector) const {
    std::vector<std::string> out;
    for (const auto& record : store_.topics(connector)) out.push_back(record.topic);
    std::sort(out.begin(), out.end());
    return out;
}

void cluster_status_store::remove_topics(const std::string& connector) {
    for (const auto& record : store_.topics(connector)) store_.remove_topic(record.topic, connector);
}

}  // namespace copycat::herder
