#pragma once
// States of connectors and tasks as Kafka Connect reports them, the target states a herder asks
// for, and the listener through which the worker reports every change.

#include <chrono>
#include <compare>
#include <string>
#include <string_view>

namespace copycat::runtime {

// What the user asked for (Kafka: TargetState). "started" is what REST calls RUNNING.
enum class target_state { started, paused, stopped };

// What a connector or task is doing (Kafka: AbstractStatus.State). Tasks never report STOPPED.
enum class run_state { unassigned, running, paused, stopped, failed, restarting };

// "UNASSIGNED", "RUNNING", "PAUSED", "STOPPED", "FAILED", "RESTARTING".
std::string_view run_state_name(run_state s);
// "STARTED", "PAUSED", "STOPPED".
std::string_view target_state_name(target_state s);

struct task_id {
    std::string connector;
    int task = 0;

    // "<connector>-<task>", as Kafka prints ConnectorTaskId.
    std::string to_string() const { return connector + "-" + std::to_string(task); }
    friend auto operator<=>(const task_id&, const task_id&) = default;
};

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
