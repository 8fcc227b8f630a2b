#pragma once
// What a herder answers with (Kafka: the rest.entities classes a Herder returns): plain values,
// copied freely between threads. The REST layer turns them into Kafka Connect's JSON
// (rest/handlers/entities_json.hpp); nothing here knows about JSON or HTTP.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/connect_states.hpp"
#include "common/properties.hpp"
#include "common/result.hpp"

namespace copycat::herder {

// The shared vocabulary (common/connect_states.hpp) by its herder names: hd::task_id, and
// hd::connector_offset, one partition of GET /connectors/{c}/offsets and of a PATCH body.
using copycat::connector_offset;
using copycat::task_id;

// Kafka: ConnectorType. Derived from the plugin kind of connector.class.
enum class connector_type { source, sink, unknown };

// "source", "sink", "unknown" (as the REST API writes it).
std::string_view connector_type_name(connector_type type);

// "UNASSIGNED", "RUNNING", "PAUSED", "STOPPED", "FAILED", "RESTARTING".
std::string_view state_name(run_state state);

// GET /connectors/{c} (Kafka: ConnectorInfo).
struct connector_info {
    std::string name;
    string_map config;
    std::vector<task_id> tasks;
    connector_type type = connector_type::unknown;
};

// PUT /connectors/{c}/config and POST /connectors answer with this (Kafka: Herder.Created).
struct created_connector {
    bool created = false;
    connector_info info;
};

// One element of GET /connectors/{c}/tasks (Kafka: TaskInfo).
struct task_info {
    task_id id;
    string_map config;
};

// The state of a connector or a task as a status store keeps it (Kafka: AbstractStatus).
struct status_entry {
    run_state state = run_state::unassigned;
    std::string worker_id;
    std::string trace;    // empty unless FAILED
    std::string version;  // the plugin's version (KIP-891); empty when unknown
};

// One task of a connector status (Kafka: ConnectorStateInfo.TaskState).
struct task_state {
    int id = 0;
    status_entry status;
};

// GET /connectors/{c}/status (Kafka: ConnectorStateInfo). Tasks are sorted by id.
struct connector_state_info {
    std::string name;
    status_entry connector;
    std::vector<task_state> tasks;
    connector_type type = connector_type::unknown;
};

// One connector of GET /connectors?expand=status&expand=info: what was asked for.
struct connector_expansion {
    std::string name;
    std::optional<connector_state_info> status;
    std::optional<connector_info> info;
};

// Kafka's 400 for an offsets change of a connector that is not STOPPED (or still has tasks):
// "Connectors must be in the STOPPED state before their offsets can be modified. ...".
error offsets_need_stopped_connector(const std::string& connector);

// One element of GET /connector-plugins (Kafka: PluginInfo).
struct plugin_info {
    std::string class_name;
    std::string type;     // "source", "sink", "converter", "header_converter", "transformation", "predicate"
    std::string version;  // "undefined" when the plugin has none (the JSON then leaves it out)
};

// POST /connectors/{c}/restart?includeTasks=&onlyFailed= (Kafka: RestartRequest).
struct restart_request {
    std::string connector;
    bool only_failed = false;
    bool include_tasks = false;

    // Both flags false: restart only the connector instance (the legacy form, answered with 204).
    bool connector_only() const { return !only_failed && !include_tasks; }
    bool should_restart_connector(const status_entry& s) const { return !only_failed || s.state == run_state::failed; }
    bool should_restart_task(const status_entry& s) const {
        return include_tasks && (!only_failed || s.state == run_state::failed);
    }
};

// PATCH /connectors/{c}/config: `config` with the patch applied (a nullopt value removes the key).
string_map apply_config_patch(string_map config, const std::map<std::string, std::optional<std::string>>& patch);

// The errors every herder answers with, in Kafka's words.
error connector_not_found(const std::string& name);  // 404 "Connector <c> not found"
error unknown_connector(const std::string& name);    // 404 "Unknown connector <c>"

// The initial target state of a new connector (POST /connectors "initial_state", KIP-980).
// Parses "RUNNING", "PAUSED" or "STOPPED" in any case; nullopt for anything else.
std::optional<target_state> parse_initial_state(std::string_view text);

}  // namespace copycat::herder
