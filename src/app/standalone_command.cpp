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
#include "app/worker_rest_server.hpp"
#include "common/logging.hpp"
#include "common/metrics.hpp"
#include "herder/memory_status_store.hpp"
#include "herder/standalone_herder.hpp"
#include "herder/status_recorder.hpp"
#include "loader/plugin_registry.hpp"
#include "runtime/offsets_admin.hpp"
#include "runtime/worker.hpp"
#include "runtime/worker_metrics.hpp"
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
                           [promise](herder::outcome<herder::created_connector> r) {
                               promise->set_value(std::move(r).answer());  // a standalone herder never forwards
                           });
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

    metrics::registry metrics_registry;  // outlives the REST server, which exposes it, and everything registered in it
    config->worker.metrics = &metrics_registry;
    auto rest_server = worker_rest_server::create(*config, &metrics_registry);
    if (!rest_server) {
        log::error("{} in {}", rest_server.err().describe(), args[0]);
        return exit_usage;
    }
    auto& server = **rest_server;
    const auto endpoint = server.start();
    if (!endpoint) {
        log::error("Stopping due to error: {}", endpoint.err().describe());
        return exit_startup_failed;
    }
    config->worker.worker_id = endpoint->worker_id;

    storage::file_offset_store offsets(config->offset_storage_file);
    if (auto started = offsets.start(); !started) {
        log::error("Stopping due to error: cannot load the offsets file {}: {}", config->offset_storage_file,
                   started.err().describe());
        server.stop();
        return exit_startup_failed;
    }

    herder::memory_status_store statuses(config->worker.worker_id);
    herder::status_recorder recorder(statuses, config->topic_tracking_enable);
    runtime::worker_metrics worker_metrics(recorder, metrics_registry);
    runtime::worker worker(config->worker, plugins, offsets, worker_metrics);
    worker_metrics.attach(&worker);
    runtime::offsets_admin offsets_admin(worker.config(), plugins, offsets);  // KIP-875 offsets endpoints
    runtime_connector_worker worker_port(worker, &offsets_admin);
    herder::standalone_herder standalone(
        worker_port, plugins, statuses,
        {.kafka_cluster_id = *cluster_id,
         .client_config_override_policy = config->worker.client_config_override_policy});
    recorder.on_reconfiguration([&standalone](const std::string& c) { standalone.request_task_reconfiguration(c); });
    standalone.start();
    server.attach(standalone);

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
        log::info("Copycat worker started; REST API at {}", endpoint->url);
    }

    const std::string signal = signals.wait();
    log::info("Received {}: stopping", signal);
    shut_down();
    return exit_ok;
}

}  // namespace copycat::app
