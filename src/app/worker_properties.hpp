#pragma once
// worker.properties of `copycat standalone` (Kafka: StandaloneConfig = WorkerConfig +
// RestServerConfig + offset.storage.file.filename) and of `copycat distributed` (DistributedConfig),
// defined with config_def so that types, defaults, validators and messages are Kafka's.
//
// Every key of Kafka Connect 4.4's StandaloneConfig and DistributedConfig is accepted, with Kafka's
// types, defaults and validators: an invalid value stops the worker, as in Kafka. A key Copycat
// has no behaviour for is accepted with one warning saying why (app/kafka_worker_keys.hpp;
// docs/migrating.md#worker-configuration), and, as in Kafka, an unknown key only gets a warning.
// rest.extension.classes is served as far as app/rest_extensions.hpp says: Kafka's
// BasicAuthSecurityRestExtension; any other class stops the worker when its REST server is set up.
// Prefixed settings pass through (producer., consumer., admin., key.converter., value.converter.,
// header.converter., listeners.https., admin.listeners.https., config.providers., metrics.context.,
// ssl., sasl.; and for a distributed worker the topic settings config.storage., offset.storage.,
// status.storage.).

#include <chrono>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "common/properties.hpp"
#include "common/result.hpp"
#include "copycat/config/config_def.hpp"
#include "herder/request_signing.hpp"
#include "runtime/worker_config.hpp"

namespace copycat::app {

// What every worker has, standalone or distributed (Kafka: WorkerConfig + RestServerConfig).
struct common_worker_config {
    // Everything the runtime needs; worker_id is filled once the REST server is bound.
    runtime::worker_config worker;
    std::vector<std::string> plugin_path;
    std::vector<std::string> listeners;
    // admin.listeners: nullopt = /admin on `listeners`; empty = no /admin endpoints.
    std::optional<std::vector<std::string>> admin_listeners;
    std::optional<std::string> advertised_host;
    std::optional<int> advertised_port;
    std::optional<std::string> advertised_listener;
    bool topic_tracking_enable = true;
    bool topic_tracking_allow_reset = true;
    // REST request policies (rest_server_settings.hpp turns them into the server's options).
    std::string access_control_allow_origin;
    std::string access_control_allow_methods;
    std::optional<std::string> basic_auth_credentials_file;
    std::vector<std::string> rest_extension_classes;  // app/rest_extensions.hpp
    std::size_t rest_max_request_bytes = 16 * 1024 * 1024;  // rest.max.request.bytes
    std::size_t rest_max_connections = 512;                          // rest.max.connections
    std::size_t rest_max_pending_request_bytes = 64 * 1024 * 1024;  // rest.max.pending.request.bytes
    // Whether workers sign their requests to each other's internal routes (connect.protocol=
    // sessioned), so basic authentication lets those through (rest/basic_auth.hpp).
    bool rest_internal_requests_signed = false;
    // The JVM bridge (docs/jvm-bridge.md): java.bridge.jvm.options, java.bridge.preferred.classes.
    std::string java_bridge_jvm_options;
    std::vector<std::string> java_bridge_preferred_classes;
    // The warnings about the worker file, as logged: keys without effect, unknown keys, values
    // moved into librdkafka's ranges.
    std::vector<std::string> warnings;
};

struct standalone_config : common_worker_config {
    std::string offset_storage_file;
};

// One internal topic's settings (config/offset/status.storage.*).
struct internal_topic_settings {
    std::string name;
    int partitions = 1;
    int replication_factor = 3;
    // <prefix>* topic configs other than the keys above (cleanup.policy is dropped with a warning).
    std::map<std::string, std::string> configs;
};

// Kafka: DistributedConfig.
struct distributed_config : common_worker_config {
    std::string group_id;
    internal_topic_settings config_topic;
    internal_topic_settings offset_topic;
    internal_topic_settings status_topic;
    std::string connect_protocol = "sessioned";
    std::chrono::milliseconds session_timeout{10'000};
    std::chrono::milliseconds heartbeat_interval{3'000};
    std::chrono::milliseconds rebalance_timeout{60'000};
    std::chrono::milliseconds worker_sync_timeout{3'000};
    std::chrono::milliseconds worker_unsync_backoff{300'000};
    std::chrono::milliseconds scheduled_rebalance_max_delay{300'000};
    std::chrono::milliseconds request_timeout{40'000};
    std::chrono::milliseconds retry_backoff{100};
    std::chrono::milliseconds reconnect_backoff{50};           // reconnect.backoff.ms
    std::chrono::milliseconds reconnect_backoff_max{1'000};    // reconnect.backoff.max.ms
    std::chrono::milliseconds connection_setup_timeout{10'000};  // socket.connection.setup.timeout.ms
    std::string client_id;
    herder::request_signing_settings signing;  // inter.worker.*
};

// Every defined key of a standalone / a distributed worker.
const config_def& standalone_config_def();
const config_def& distributed_config_def();

// Parses and validates worker properties. The error (invalid_argument) lists every problem, one
// per line, each naming its key: Kafka's "Missing required
// configuration \"key.converter\" which has no default value." and "Invalid value ... for
// configuration ...: ...".
result<standalone_config> parse_standalone_config(const string_map& props);
// The same for `copycat distributed`: group.id and the three storage topics are required.
result<distributed_config> parse_distributed_config(const string_map& props);

// The worker id statuses carry (Kafka: the advertised URL's "<host>:<port>"):
// rest.advertised.host.name, else the listener's host, else this machine's host name; and
// rest.advertised.port, else the bound port.
std::string worker_id_for(const common_worker_config& config, const std::string& listener_host, int bound_port);

}  // namespace copycat::app
