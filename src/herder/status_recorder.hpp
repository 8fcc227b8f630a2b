#pragma once
// status_recorder: the status_listener a herder gives its worker. It writes every connector and
// task state into the herder's status_store and hands task-reconfiguration requests to the herder
// (Kafka: AbstractHerder as ConnectorStatus.Listener / TaskStatus.Listener, plus
// HerderConnectorContext.requestTaskReconfiguration), and records the topics tasks use (KIP-558).
//
// Built before the worker (which needs a listener) and connected to the herder afterwards with
// on_reconfiguration(). Thread-safe: called from worker threads. Owned by the application; must
// outlive the worker.

#include <chrono>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>

#include "herder_api/status_store.hpp"
#include "runtime/worker_state.hpp"

namespace copycat::herder {

class status_recorder final : public runtime::status_listener {
public:
    // `track_topics`: topic.tracking.enable (KIP-558); when false, used topics are not recorded.
    explicit status_recorder(status_store& statuses, bool track_topics = true)
        : statuses_(statuses), track_topics_(track_topics) {}

    // Where task-reconfiguration requests go; requests before this is set are dropped (with a log).
    void on_reconfiguration(std::function<void(const std::string&)> handler);
    // Where expiring provider values go (the herder's restart_connector_after); dropped until set.
    void on_config_expiry(std::function<void(const std::string&, std::chrono::milliseconds)> handler);

    void on_connector_state(const std::string& connector, run_state state, const std::string& trace,
                            const std::string& version = {}) override;
    void on_task_state(const task_id& id, run_state state, const std::string& trace,
                       const std::string& version = {}) override;
    void on_task_reconfiguration_requested(const std::string& connector) override;
    // Records a topic the connector did not have yet (Kafka: WorkerTask.recordActiveTopic).
    void on_topic_used(const task_id& id, std::string_view topic) override;
    void on_connector_config_expiry(const std::string& connector, std::chrono::milliseconds ttl) override;

private:
    status_store& statuses_;
    const bool track_topics_;
    std::mutex mutex_;  // guards reconfigure_, expire_
    std::function<void(const std::string&)> reconfigure_;
    std::function<void(const std::string&, std::chrono::milliseconds)> expire_;
};

}  // namespace copycat::herder
