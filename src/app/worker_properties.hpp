#pragma once
// worker.properties of `copycat standalone` (Kafka: StandaloneConfig = WorkerConfig +
// RestServerConfig + offset.storage.file.filename), defined with config_def so that types,
// defaults, validators and messages are Kafka's.
//
// Unlike Kafka, which only logs keys it does not know, an unknown key is an error: a typo in a
// worker config should stop the worker, not be ignored. Prefixed settings pass through
// (producer., consumer., admin., key.converter., value.converter., header.converter.,
// listeners.https., admin.listeners.https., config.providers., metrics.context., ssl., sasl.).

#include <optional>
#include <string>
#include <vector>

#include "common/properties.hpp"
#include "common/result.hpp"
#include "copycat/config/config_def.hpp"
#include "runtime/worker_config.hpp"

namespace copycat::app {

struct standalone_config {
    // Everything the runtime needs; worker_id is filled once the REST server is bound.
    runtime::worker_config worker;
    std::string offset_storage_file;
    std::vector<std::string> plugin_path;
    std::vector<std::string> listeners;
    std::optional<std::string> advertised_host;
    std::optional<int> advertised_port;
    std::optional<std::string> advertised_listener;
    bool topic_tracking_enable = true;
    bool topic_tracking_allow_reset = true;
};

// Every defined key of a standalone worker.
const config_def& standalone_config_def();

// Parses and validates worker properties. The error (invalid_argument) lists every problem, one
// per line, each naming its key: "Unknown configuration 'x'", Kafka's "Missing required
// configuration \"key.converter\" which has no default value." and "Invalid value ... for
// configuration ...: ...".
result<standalone_config> parse_standalone_config(const string_map& props);

// The worker id statuses carry (Kafka: the advertised URL's "<host>:<port>"):
// rest.advertised.host.name, else the listener's host, else this machine's host name; and
// rest.advertised.port, else the bound port.
std::string worker_id_for(const standalone_config& config, const std::string& listener_host, int bound_port);

}  // namespace copycat::app
