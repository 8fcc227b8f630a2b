#pragma once
// The listener through which the worker reports every change of its connectors' and tasks'
// states (the states themselves are common/connect_states.hpp).

#include <chrono>
#include <string>
#include <string_view>

#include "common/connect_states.hpp"

namespace copycat::runtime {

// The shared vocabulary (common/connect_states.hpp), by its runtime names.
using copycat::run_state;
using copycat::run_state_name;
using copycat::target_state;
using copycat::target_state_name;
using copycat::task_id;

// The version a plugin reports (its version()), for statuses; empty when version() throws.
template <class Plugin>
std::string version_of(const Plugin& plugin) {
    try {
        return plugin.version();
    } catch (...) {
        return {};
    }
}

// Receives every state change of the connectors and tasks a worker runs (Kafka:
// ConnectorStatus.Listener and TaskStatus.Listener). Called from worker threads; implementations
// must be thread-safe and must not call back into the worker.
class status_listener {
public:
    virtual ~status_listener() = default;
    // `trace` is the error description for FAILED, empty otherwise; `version` the plugin's version()
    // (KIP-891), empty when unknown (the plugin could not be created).
    virtual void on_connector_state(const std::string& connector, run_state state, const std::string& trace,
                                    const std::string& version = {}) = 0;
    virtual void on_task_state(const task_id& id, run_state state, const std::string& trace,
                               const std::string& version = {}) = 0;
    // A running connector asked for its task configs to be regenerated
    // (connector_context::request_task_reconfiguration()).
    virtual void on_task_reconfiguration_requested(const std::string& connector) = 0;
    // A task used `topic`: a source task produced a record to it, a sink task consumed one from it
    // (KIP-558 topic tracking). Called again for the same topic after each poll at most, so the
    // listener decides what is new.
    virtual void on_topic_used(const task_id& /*id*/, std::string_view /*topic*/) {}
    // A value a config provider gave the connector's config expires in `ttl`, and its
    // config.action.reload is restart: the herder restarts the connector then
    // (docs/security.md#config-providers).
    virtual void on_connector_config_expiry(const std::string& /*connector*/, std::chrono::milliseconds /*ttl*/) {}
};

}  // namespace copycat::runtime
