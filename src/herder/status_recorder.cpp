#include "herder/status_recorder.hpp"

#include <utility>

#include "common/logging.hpp"

namespace copycat::herder {

void status_recorder::on_reconfiguration(std::function<void(const std::string&)> handler) {
    std::lock_guard lock(mutex_);
    reconfigure_ = std::move(handler);
}

void status_recorder::on_connector_state(const std::string& connector, runtime::run_state state,
                                         const std::string& trace) {
    statuses_.put(connector, state, trace);
}

void status_recorder::on_task_state(const runtime::task_id& id, runtime::run_state state, const std::string& trace) {
    statuses_.put(id, state, trace);
}

void status_recorder::on_task_reconfiguration_requested(const std::string& connector) {
    std::function<void(const std::string&)> handler;
    {
        std::lock_guard lock(mutex_);
        handler = reconfigure_;
    }
    if (handler) {
        handler(connector);
    } else {
        log::warn("Ignoring a task reconfiguration request from connector {}: the herder is not running", connector);
    }
}

}  // namespace copycat::herder
