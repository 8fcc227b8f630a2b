#include "app/standalone_command.hpp"

#include <chrono>
#include <future>
#include <memory>
#include <optional>

#include "app/connector_config_file.hpp"
#include "app/kafka_cluster_id.hpp"
#include "app/plugin_setup.hpp"
#include "app/runtime_connector_worker.hpp"
#include "app/shutdown_signal.hpp"
#include "app/version.hpp"
#include "app/worker_properties.hpp"
#include "common/logging.hpp"
#include "herder/memory_status_store.hpp"
#include "herder/standalone_herder.hpp"
#include "herder/status_recorder.hpp"
#include "loader/plugin_registry.hpp"
#include "rest/handlers/connect_rest_api.hpp"
#include "rest/http_server.hpp"
#include "rest/listener_address.hpp"
#include "runtime/worker.hpp"
#include "storage/file_offset_store.hpp"

namespace copycat::app {
namespace {

using namespace std::chrono_literals;

constexpr auto cluster_id_timeout = 60s;  // Kafka's default.api.timeout.ms for describeCluster

// Creates one command-line connector and waits for the herder's answer (or a shutdown request).
result<void> create_connector(herder::standalone_herder& h, const shutdown_signal& signals, const std::string& file,
                              connector_request request) {
    auto promise = std::make_shared<std::promise<result<herder::created_connector>>>();
    auto answer = promise->get_future();
    h.put_connector_config(request.name, std::move(request.config), request.initial_state, false,
                           [promise](result<herder::created_connector> r) { promise->set_value(std::move(r)); });
    while (answer.wait_for(200ms) != std::future_status::ready) {
        if (signals.requested()) return make_error(errc::unavailable, "Start-up interrupted");
    }
    auto created = answer.get();
    if (!created)
        return error(created.err().code, "Failed to create connector for " + file + ": " + created.err().describe());
    log::info("Created connector {} from {}", created->info.name, file);
    return {};
}

}  // namespace

int run_standalone(const std::vector<std::string>& args) {
    if (args.empty()) {
        log::error("Usage: copycat standalone worker.properties [connector1.properties connector2.json ...]");
        return exit_usage;
    }
    shutdown_signal signals;  // first: the threads created below inherit the blocked signals

    auto worker_props = read_properties_file(args[0]);
    if (!worker_props) {
        log::error("Cannot read the worker configuration {}: {}", args[0], worker_props.err().describe());
        return exit_usage;
    }
    auto config = parse_standalone_config(*worker_props);
    if (!config) {
        log::error("{} in {}", config.err().describe(), args[0]);
        return exit_usage;
    }
    std::vector<std::pair<std::string, connector_request>> requests;
    for (std::size_t i = 1; i < args.size(); ++i) {
        auto request = read_connector_config_file(args[i]);
        if (!request) {
            log::error("{}", request.err().describe());
            return exit_usage;
        }
        requests.emplace_back(args[i], std::move(*request));
    }

    log::info("Copycat {} (commit {}) standalone worker initializing", version(), commit());
    loader::plugin_registry plugins;
    register_plugins(config->plugin_path, plugins);

    log::info("Looking up the Kafka cluster id at {}", config->worker.bootstrap_servers);
    auto cluster_id = lookup_kafka_cluster_id(config->worker, cluster_id_timeout, [&] { return signals.requested(); });
    if (!cluster_id) {
        if (signals.requested()) {
            log::info("Interrupted during start-up: stopping");
            return exit_ok;
        }
        log::error("Stopping due to error: {}", cluster_id.err().describe());
        return exit_startup_failed;
    }
    log::info("Kafka cluster ID: {}", *cluster_id);

    rest::handlers::connect_rest_api api({.info = {std::string(version()), std::string(commit())}});
    rest::router routes;
    api.add_routes(routes);
    if (config->listeners.size() > 1)
        log::warn("Only the first of the listeners is served for now: {}", config->listeners.front());
    rest::http_server server(std::move(routes), {.listener = config->listeners.front()});
    if (auto started = server.start(); !started) {
        log::error("Stopping due to error: cannot start the REST server on {}: {}", config->listeners.front(),
                   started.err().describe());
        return exit_startup_failed;
    }
    const auto listener = rest::parse_listener(config->listeners.front());
    config->worker.worker_id = worker_id_for(*config, listener ? listener->host : std::string(), server.port());
    log::info("REST server listening on http://{}/ (advertised as http://{}/, worker id {})", server.local_address(),
              config->worker.worker_id, config->worker.worker_id);

    storage::file_offset_store offsets(config->offset_storage_file);
    if (auto started = offsets.start(); !started) {
        log::error("Stopping due to error: cannot load the offsets file {}: {}", config->offset_storage_file,
                   started.err().describe());
        server.stop();
        return exit_startup_failed;
    }

    herder::memory_status_store statuses(config->worker.worker_id);
    herder::status_recorder recorder(statuses);
    runtime::worker worker(config->worker, plugins, offsets, recorder);
    runtime_connector_worker worker_port(worker);
    herder::standalone_herder standalone(
        worker_port, plugins, statuses,
        {.kafka_cluster_id = *cluster_id,
         .client_config_override_policy = config->worker.client_config_override_policy});
    recorder.on_reconfiguration([&standalone](const std::string& c) { standalone.request_task_reconfiguration(c); });
    standalone.start();
    api.attach(standalone);

    auto shut_down = [&] {
        server.stop();      // no request reaches the herder from now on
        standalone.stop();  // tasks, then connectors, then the worker (offsets committed)
        recorder.on_reconfiguration(nullptr);
        offsets.stop();
        log::info("Copycat worker stopped");
    };

    for (auto& [file, request] : requests) {
        if (auto created = create_connector(standalone, signals, file, std::move(request)); !created) {
            if (signals.requested()) break;
            log::error("Stopping after connector error: {}", created.err().describe());
            shut_down();
            return exit_connector_failed;
        }
    }
    if (!signals.requested()) {
        standalone.mark_ready();
        log::info("Copycat worker started; REST API at http://{}/", server.local_address());
    }

    const std::string signal = signals.wait();
    log::info("Received {}: stopping", signal);
    shut_down();
    return exit_ok;
}

}  // namespace copycat::app
