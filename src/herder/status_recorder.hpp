#pragma once
// status_recorder: the status_listener a herder gives its worker. It writes every connector and
// task state into the herder's status_store and hands task-reconfiguration requests to the herder
// (Kafka: AbstractHerder as ConnectorStatus.Listener / TaskStatus.Listener, plus
// HerderConnectorContext.requestTaskReconfiguration).
//
// Built before the worker (which needs a listener) and connected to the herder afterwards with
// on_reconfiguration(). Thread-safe: called from worker threads. Owned by the application; must
// outlive the worker.

#include <functional>
#include <mutex>
#include <string>

#include "herder/status_store.hpp"
#include "runtime/worker_state.hpp"

namespace copycat::herder {

class status_recorder final : public runtime::status_listener {
public:
    explicit status_recorder(status_store& statuses) : statuses_(statuses) {}

    // Where task-reconfiguration requests go; requests before this is set are dropped (with a log).
    void on_reconfiguration(std::function<void(const std::string&)> handler);

    void on_connector_state(const std::string& connector, runtime::run_state state, const std::string& trace) override;
    void on_task_state(const runtime::task_id& id, runtime::run_state state, const std::string& trace) override;
    void on_task_reconfiguration_requested(const std::string& connector) override;

private:
    status_store& statuses_;
    std::mutex mutex_;
    std::function<void(const std::string&)> reconfigure_;
};

}  // namespace copycat::herder
