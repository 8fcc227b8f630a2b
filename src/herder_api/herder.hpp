#pragma once
// herder: what the REST API asks of a Connect worker's control plane (Kafka: Herder). Every
// operation is asynchronous: it returns at once and calls its callback exactly once, with the
// answer, with an error whose errc the REST layer maps to a status (invalid_argument 400,
// not_found 404, already_exists/conflict 409, anything else 500), or with forward_to{url} when
// another worker must serve the request (outcome.hpp).
//
// Threading: operations may be called from any thread. Callbacks run on the herder's own thread
// (or on the caller's thread when the answer is known at once); they must not block and must not
// call back into the herder synchronously in a way that waits for the answer.

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "copycat/config/config_info.hpp"
#include "herder_api/connector_listing.hpp"
#include "herder_api/entities.hpp"
#include "herder_api/outcome.hpp"
#include "herder_api/request_signature.hpp"

namespace copycat::herder {

template <class T>
using callback = std::function<void(outcome<T>)>;

class herder {
public:
    virtual ~herder() = default;

    // Names of every connector, sorted.
    virtual void connectors(callback<std::vector<std::string>> cb) = 0;
    // not_found "Connector <c> not found".
    virtual void connector_info(const std::string& name, callback<copycat::herder::connector_info> cb) = 0;
    virtual void connector_config(const std::string& name, callback<string_map> cb) = 0;

    // Creates or replaces a connector after validating `config` (which already holds "name").
    // `initial_state` applies to a new connector (KIP-980); nullopt keeps the current target state
    // (RUNNING for a new connector). Errors: the validation failure (400), already_exists when the
    // connector exists and !allow_replace (409).
    virtual void put_connector_config(const std::string& name, string_map config,
                                      std::optional<target_state> initial_state, bool allow_replace,
                                      callback<created_connector> cb) = 0;
    // PATCH: merges `patch` into the current config (a nullopt value removes the key), then as put.
    virtual void patch_connector_config(const std::string& name,
                                        std::map<std::string, std::optional<std::string>> patch,
                                        callback<created_connector> cb) = 0;
    virtual void delete_connector_config(const std::string& name, callback<void> cb) = 0;

    // From the status store: not_found "No status found for connector <c>" / "... for task <c>-<n>".
    virtual void connector_status(const std::string& name, callback<connector_state_info> cb) = 0;
    virtual void task_status(const task_id& id, callback<task_state> cb) = 0;
    virtual void task_configs(const std::string& name, callback<std::vector<task_info>> cb) = 0;

    // Target states: not_found "Unknown connector <c>".
    virtual void pause_connector(const std::string& name, callback<void> cb) = 0;
    virtual void resume_connector(const std::string& name, callback<void> cb) = 0;
    virtual void stop_connector(const std::string& name, callback<void> cb) = 0;

    // Restarts the connector instance only (the plain POST /connectors/{c}/restart).
    virtual void restart_connector(const std::string& name, callback<void> cb) = 0;
    // includeTasks/onlyFailed form: answers with what will restart, marked RESTARTING.
    virtual void restart_connector_and_tasks(const restart_request& request, callback<connector_state_info> cb) = 0;
    virtual void restart_task(const task_id& id, callback<void> cb) = 0;

    // Internal (POST /connectors/{c}/tasks): task configs the worker running connector `name`
    // generated; the leader writes them. `signature` is the request's (request_signature.hpp), checked
    // when the group runs the sessioned protocol. A standalone herder answers unsupported (500).
    virtual void put_task_configs(const std::string& name, std::vector<string_map> configs,
                                  std::optional<request_signature> signature, callback<void> cb) = 0;

    // Internal (POST /internal/departures): the worker at `worker_url` is leaving the group
    // gracefully, so the leader reassigns its work at once instead of holding it for
    // scheduled.rebalance.max.delay.ms. Signed as put_task_configs. A standalone herder answers
    // unsupported (500).
    virtual void note_departure(const std::string& worker_url, std::optional<request_signature> signature,
                                callback<void> cb) = 0;

    // Internal (PUT /connectors/{c}/fence, KIP-618): a worker about to start tasks of source
    // connector `name` asks the leader to fence the connector's previous generation of task
    // producers and write its task-count record; answers once that is done. Signed as
    // put_task_configs. Errors: not_found "Connector <c> not found", invalid_argument "Connector <c>
    // is not a source connector". A standalone herder answers unsupported (500), as Kafka does.
    virtual void fence_zombies(const std::string& name, std::optional<request_signature> signature,
                               callback<void> cb) = 0;

    // Plugins the worker knows; connectors only unless `connectors_only` is false.
    virtual std::vector<plugin_info> connector_plugins(bool connectors_only) const = 0;
    // GET /connector-plugins/{p}/config: the plugin's own config keys (not_found for an unknown one).
    virtual void connector_plugin_config(const std::string& plugin, callback<std::vector<config_key_info>> cb) = 0;
    // Kafka: AbstractHerder.validateConnectorConfig. invalid_argument "Connector config contains
    // no connector type" when connector.class is missing.
    virtual void validate_connector_config(string_map config, callback<config_infos> cb) = 0;

    // GET /connectors?expand=status&expand=info: the connectors and their statuses as snapshots,
    // read from any thread without waiting for the herder (connector_listing.hpp); null when the
    // herder has none.
    virtual const connector_listing* listing() const { return nullptr; }

    // KIP-558: the topics the connector's tasks used, sorted (from the status store; an unknown
    // connector has none, as in Kafka). reset forgets them (status-topic tombstones).
    virtual void connector_active_topics(const std::string& name, callback<std::vector<std::string>> cb) {
        (void)name;
        cb(unsupported("topic tracking"));
    }
    virtual void reset_connector_active_topics(const std::string& name, callback<void> cb) {
        (void)name;
        cb(unsupported("topic tracking"));
    }

    // KIP-875 offsets. Changes need a STOPPED connector (400 "Connectors must be in the STOPPED
    // state ...") and run on the leader; they answer Kafka's success message. not_found
    // "Connector <c> not found".
    virtual void connector_offsets(const std::string& name, callback<std::vector<connector_offset>> cb) {
        (void)name;
        cb(unsupported("connector offsets"));
    }
    virtual void alter_connector_offsets(const std::string& name, std::vector<connector_offset> offsets,
                                         callback<std::string> cb) {
        (void)name;
        (void)offsets;
        cb(unsupported("connector offsets"));
    }
    virtual void reset_connector_offsets(const std::string& name, callback<std::string> cb) {
        (void)name;
        cb(unsupported("connector offsets"));
    }

    // KIP-976 PUT /admin/loggers/{ns}?scope=cluster: every worker of the cluster sets the level
    // (`level` already validated). A standalone worker is the whole cluster.
    virtual void set_cluster_logger_level(const std::string& ns, const std::string& level, callback<void> cb) {
        (void)ns;
        (void)level;
        cb(unsupported("cluster-wide log levels"));
    }

    // The Kafka cluster's id (GET /), empty when unknown.
    virtual std::string kafka_cluster_id() const = 0;
    // Completes once the herder's thread has run it (GET /health); false from is_ready() until
    // start-up (including the command-line connectors) is complete.
    virtual void health_check(callback<void> cb) = 0;
    virtual bool is_ready() const = 0;

    // errc::unsupported "This worker does not support <what>" (500).
    static error unsupported(const std::string& what) {
        return make_error(errc::unsupported, "This worker does not support " + what);
    }
};

}  // namespace copycat::herder
