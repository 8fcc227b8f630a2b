#pragma once
// status_store: where a herder keeps the states of connectors and tasks (Kafka:
// StatusBackingStore as the herder sees it). memory_status_store serves the standalone worker;
// cluster_status_store writes through to the status topic and reads every worker's statuses.
//
// Only connectors and tasks the herder tracks get statuses written by this worker: the herder
// tracks work before it starts it and untracks it when it deletes or gives it up, so a late report
// from a worker thread about work already gone is dropped instead of bringing a stale status back.
//
// Thread-safe: worker threads write through the status listener while the herder reads.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "herder_api/entities.hpp"

namespace copycat::herder {

class status_store {
public:
    virtual ~status_store() = default;

    // This worker's id, stamped on every status it writes ("host:port").
    virtual const std::string& worker_id() const = 0;

    virtual void track(const std::string& connector) = 0;
    virtual void track(const task_id& id) = 0;
    // Forgets the connector, its status and every status of its tasks.
    virtual void remove_connector(const std::string& connector) = 0;
    // Forgets one task and its status.
    virtual void remove_task(const task_id& id) = 0;

    // Records a state, with the plugin's version when known (KIP-891); ignored for an untracked
    // connector or task.
    virtual void put(const std::string& connector, run_state state, const std::string& trace = {},
                     const std::string& version = {}) = 0;
    virtual void put(const task_id& id, run_state state, const std::string& trace = {},
                     const std::string& version = {}) = 0;

    virtual std::optional<status_entry> get(const std::string& connector) const = 0;
    virtual std::optional<status_entry> get(const task_id& id) const = 0;
    // Statuses of the connector's tasks, by task number.
    virtual std::vector<task_state> tasks(const std::string& connector) const = 0;
    // A stamp that moves after every change of what get() and tasks() answer, once the change is
    // visible: a reader that reads the stamp before the statuses may pair an old stamp with newer
    // statuses (and renders again at the next read), never a new stamp with older statuses.
    // Readers cache what they built from the statuses by it (docs/scale.md).
    virtual std::uint64_t version() const = 0;

    // KIP-558 active topics (Kafka: the topic part of StatusBackingStore). Recorded for any
    // connector (tracked or not) and kept when the connector is deleted, until reset.
    virtual bool has_topic(const std::string& connector, const std::string& topic) const = 0;
    virtual void put_topic(const task_id& id, const std::string& topic, std::int64_t discover_timestamp) = 0;
    // Sorted topic names.
    virtual std::vector<std::string> topics(const std::string& connector) const = 0;
    virtual void remove_topics(const std::string& connector) = 0;
};

}  // namespace copycat::herder
