#pragma once
// memory_status_store: the states of connectors and tasks, in memory (Kafka:
// MemoryStatusBackingStore), each stamped with this worker's id.
//
// Only connectors and tasks the herder tracks get statuses: the herder tracks a connector when
// it creates it and a task before it starts it, and untracks them when it deletes them. A late
// report from a worker thread about something already deleted is therefore dropped instead of
// bringing a stale status back (Kafka writes DESTROYED for the same purpose).
//
// Thread-safe: worker threads write through the status listener while the herder reads.

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "herder_api/entities.hpp"
#include "herder_api/status_store.hpp"

namespace copycat::herder {

class memory_status_store final : public status_store {
public:
    explicit memory_status_store(std::string worker_id);

    const std::string& worker_id() const override { return worker_id_; }

    void track(const std::string& connector) override;
    void track(const task_id& id) override;
    // Forgets the connector, its status and every status of its tasks.
    void remove_connector(const std::string& connector) override;
    // Forgets one task and its status.
    void remove_task(const task_id& id) override;

    // Records a state; ignored for an untracked connector or task.
    void put(const std::string& connector, run_state state, const std::string& trace = {},
             const std::string& version = {}) override;
    void put(const task_id& id, run_state state, const std::string& trace = {},
             const std::string& version = {}) override;

    std::optional<status_entry> get(const std::string& connector) const override;
    std::optional<status_entry> get(const task_id& id) const override;
    // Statuses of the connector's tasks, by task number.
    std::vector<task_state> tasks(const std::string& connector) const override;
    std::uint64_t version() const override { return version_.load(); }

    bool has_topic(const std::string& connector, const std::string& topic) const override;
    void put_topic(const task_id& id, const std::string& topic, std::int64_t discover_timestamp) override;
    std::vector<std::string> topics(const std::string& connector) const override;
    void remove_topics(const std::string& connector) override;

private:
    const std::string worker_id_;
    mutable std::mutex mutex_;  // guards tracked_connectors_, tracked_tasks_, connectors_, tasks_, topics_
    std::set<std::string, std::less<>> tracked_connectors_;
    std::set<task_id> tracked_tasks_;
    std::map<std::string, status_entry, std::less<>> connectors_;
    std::map<task_id, status_entry> tasks_;
    std::map<std::string, std::map<std::string, task_id>, std::less<>> topics_;  // connector -> topic -> task
    std::atomic<std::uint64_t> version_{0};  // moved under mutex_ after each change of connectors_/tasks_
};

}  // namespace copycat::herder
