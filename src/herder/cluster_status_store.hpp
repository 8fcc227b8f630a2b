#pragma once
// cluster_status_store: the status_store of a distributed worker (Kafka: KafkaStatusBackingStore as
// AbstractHerder uses it). Writes go to the status topic stamped with this worker's id and the
// group generation it runs under; reads come from the topic's cache, so every worker shows the
// statuses every other worker wrote.
//
// Tracking is local: this worker writes only for work it tracks (what it runs), so a late report
// about work it gave up is dropped. Removing a connector tombstones its statuses in the topic.
//
// Thread-safe. Owned by the application together with the storage::kafka_status_store it wraps.

#include <atomic>
#include <mutex>
#include <set>

#include "herder_api/status_store.hpp"
#include "storage/kafka_status_store.hpp"

namespace copycat::herder {

class cluster_status_store final : public status_store {
public:
    cluster_status_store(storage::kafka_status_store& store, std::string worker_id);

    // The group generation later writes carry (the herder sets it after every rebalance).
    void set_generation(std::int32_t generation) {
        generation_ = generation;
        store_.set_group_generation(generation);
    }
    std::int32_t generation() const { return generation_; }

    const std::string& worker_id() const override { return worker_id_; }
    void track(const std::string& connector) override;
    void track(const task_id& id) override;
    void remove_connector(const std::string& connector) override;
    void remove_task(const task_id& id) override;
    void put(const std::string& connector, run_state state, const std::string& trace = {},
             const std::string& version = {}) override;
    void put(const task_id& id, run_state state, const std::string& trace = {},
             const std::string& version = {}) override;
    std::optional<status_entry> get(const std::string& connector) const override;
    std::optional<status_entry> get(const task_id& id) const override;
    std::vector<task_state> tasks(const std::string& connector) const override;
    std::uint64_t version() const override { return store_.version(); }
    bool has_topic(const std::string& connector, const std::string& topic) const override;
    void put_topic(const task_id& id, const std::string& topic, std::int64_t discover_timestamp) override;
    std::vector<std::string> topics(const std::string& connector) const override;
    void remove_topics(const std::string& connector) override;

    // Waits until this worker's status writes were acknowledged.
    result<void> flush(std::chrono::milliseconds timeout) { return store_.flush(timeout); }

    // Stops writing for the work without touching what the topic holds (the work moved elsewhere).
    void untrack(const std::string& connector);
    void untrack(const task_id& id);

private:
    storage::connector_status_record record_of(run_state state, const std::string& trace,
                                               const std::string& version) const;

    storage::kafka_status_store& store_;
    const std::string worker_id_;
    std::atomic<std::int32_t> generation_{0};
    mutable std::mutex mutex_;  // guards tracked_connectors_, tracked_tasks_
    std::set<std::string, std::less<>> tracked_connectors_;
    std::set<task_id> tracked_tasks_;
};

// "RUNNING" <-> run_state; nullopt for a state name Copycat does not know.
std::optional<run_state> parse_run_state(std::string_view name);

}  // namespace copycat::herder
