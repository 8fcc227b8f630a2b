#include "herder/memory_status_store.hpp"

#include <utility>

namespace copycat::herder {

memory_status_store::memory_status_store(std::string worker_id) : worker_id_(std::move(worker_id)) {}

void memory_status_store::track(const std::string& connector) {
    std::lock_guard lock(mutex_);
    tracked_connectors_.insert(connector);
}

void memory_status_store::track(const task_id& id) {
    std::lock_guard lock(mutex_);
    tracked_tasks_.insert(id);
}

void memory_status_store::remove_connector(const std::string& connector) {
    std::lock_guard lock(mutex_);
    tracked_connectors_.erase(connector);
    connectors_.erase(connector);
    for (auto it = tracked_tasks_.begin(); it != tracked_tasks_.end();)
        it = it->connector == connector ? tracked_tasks_.erase(it) : std::next(it);
    for (auto it = tasks_.begin(); it != tasks_.end();)
        it = it->first.connector == connector ? tasks_.erase(it) : std::next(it);
    ++version_;
}

void memory_status_store::remove_task(const task_id& id) {
    std::lock_guard lock(mutex_);
    tracked_tasks_.erase(id);
    tasks_.erase(id);
    ++version_;
}

void memory_status_store::put(const std::string& connector, run_state state, const std::string& trace,
                              const std::string& version) {
    std::lock_guard lock(mutex_);
    if (!tracked_connectors_.contains(connector)) return;
    connectors_[connector] = status_entry{state, worker_id_, trace, version};
    ++version_;
}

void memory_status_store::put(const task_id& id, run_state state, const std::string& trace,
                              const std::string& version) {
    std::lock_guard lock(mutex_);
    if (!tracked_tasks_.contains(id)) return;
    tasks_[id] = status_entry{state, worker_id_, trace, version};
    ++version_;
}

std::optional<status_entry> memory_status_store::get(const std::string& connector) const {
    std::lock_guard lock(mutex_);
    if (auto it = connectors_.find(connector); it != connectors_.end()) return it->second;
    return std::nullopt;
}

std::optional<status_entry> memory_status_store::get(const task_id& id) const {
    std::lock_guard lock(mutex_);
    if (auto it = tasks_.find(id); it != tasks_.end()) return it->second;
    return std::nullopt;
}

std::vector<task_state> memory_status_store::tasks(const std::string& connector) const {
    std::lock_guard lock(mutex_);
    std::vector<task_state> out;
    for (auto it = tasks_.lower_bound(task_id{connector, 0}); it != tasks_.end() && it->first.connector == connector;
         ++it)
        out.push_back(task_state{it->first.task, it->second});
    return out;
}

bool memory_status_store::has_topic(const std::string& connector, const std::string& topic) const {
    std::lock_guard lock(mutex_);
    auto it = topics_.find(connector);
    return it != topics_.end() && it->second.contains(topic);
}

void memory_status_store::put_topic(const task_id& id, const std::string& topic, std::int64_t) {
    std::lock_guard lock(mutex_);
    topics_[id.connector].try_emplace(topic, id);
}

std::vector<std::string> memory_status_store::topics(const std::string& connector) const {
    std::lock_guard lock(mutex_);
    std::vector<std::string> out;
    if (auto it = topics_.find(connector); it != topics_.end())
        for (const auto& [topic, task] : it->second) out.push_back(topic);
    return out;
}

void memory_status_store::remove_topics(const std::string& connector) {
    std::lock_guard lock(mutex_);
    topics_.erase(connector);
}

}  // namespace copycat::herder
