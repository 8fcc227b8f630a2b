#include "herder/status_recorder.hpp"

#include <chrono>
#include <utility>

#include "common/logging.hpp"

namespace copycat::herder {

void status_recorder::on_reconfiguration(std::function<void(const std::string&)> handler) {
    std::lock_guard lock(mutex_);
    reconfigure_ = std::move(handler);
}

void status_recorder::on_config_expiry(std::function<void(const std::string&, std::chrono::milliseconds)> handler) {
    std::lock_guard lock(mutex_);
    expire_ = std::move(handler);
}

void status_recorder::on_connector_config_expiry(const std::string& connector, std::chrono::milliseconds ttl) {
    std::function<void(const std::string&, std::chrono::milliseconds)> handler;
    {
        std::lock_guard lock(mutex_);
        handler = expire_;
    }
    if (handler) handler(connector, ttl);
}

void status_recorder::on_connector_state(const std::string& connector, run_state state, const std::string& trace,
                                         const std::string& version) {
    statuses_.put(connector, state, trace, version);
}

void status_recorder::on_task_state(const task_id& id, run_state state, const std::string& trace,
                                    const std::string& version) {
    statuses_.put(id, state, trace, version);
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

void status_recorder::on_topic_used(const task_id& id, std::string_view topic) {
    if (!track_topics_) return;
    const std::string name(topic);
    if (statuses_.has_topic(id.connector, name)) return;
    const auto now =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch());
    log::debug("Task {} uses topic {}", id.to_string(), name);
    statuses_.put_topic(id, name, now.count());
}

}  // namespace copycat::herder
