#include "app/standalone_command.hpp"

#include <chrono>
#include <future>
#include <memory>

#include "app/connector_config_file.hpp"
#include "app/kafka_client_stores.hpp"
#include "app/worker_bootstrap.hpp"
#include "common/logging.hpp"
#include "herder/memory_status_store.hpp"
#include "herder/standalone_herder.hpp"
#include "runtime/client_override_policy.hpp"
#include "storage/file_offset_store.hpp"

namespace copycat::app {
namespace {

using namespace std::chrono_literals;

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
    worker_bootstrap boot(args[0]);
    auto worker_props = boot.read_properties([](const string_map&) { return "standalone worker initializing"; });
    if (!worker_props) return boot.read_failure_exit();
    auto config = parse_standalone_config(*worker_props);
    if (!config) return boot.usage_error(config.err());
    if (auto stores = read_client_stores(config->worker); !stores) return boot.usage_error(stores.err());
    std::vector<std::pair<std::string, connector_request>> requests;
    for (std::size_t i = 1; i < args.size(); ++i) {
        auto request = read_connector_config_file(args[i]);
        if (!request) {
            log::error("{}", request.err().describe());
            return exit_usage;
        }
        requests.emplace_back(args[i], std::move(*request));
    }
    if (auto failed = boot.start(*config)) return *failed;

    storage::file_offset_store offsets(config->offset_storage_file);
    if (auto started = offsets.start(); !started)
        return boot.startup_failed("cannot load the offsets file " + config->offset_storage_file + ": " +
                                   started.err().describe());

    auto client_overrides = runtime::worker_override_policy(config->worker);
    if (!client_overrides) return boot.startup_failed(client_overrides.err().describe());
    herder::memory_status_store statuses(config->worker.worker_id);
    worker_runtime runtime(boot, *config, offsets, statuses);
    herder::standalone_herder standalone(
        runtime.port, boot.plugins(), statuses,
        {.kafka_cluster_id = boot.kafka_cluster_id(),
         .client_overrides = *client_overrides,
         .config_providers = boot.config_providers()});
    runtime.recorder.on_reconfiguration(
        [&standalone](const std::string& c) { standalone.request_task_reconfiguration(c); });
    runtime.recorder.on_config_expiry(
        [&standalone](const std::string& c, std::chrono::milliseconds ttl) { standalone.restart_connector_after(c, ttl); });
    standalone.start();
    boot.attach(standalone);

    auto shut_down = [&](int exit_code) {
        return boot.shut_down(runtime, exit_code, [&] {
            standalone.stop();  // tasks, then connectors, then the worker (offsets committed)
            runtime.recorder.on_reconfiguration(nullptr);
            runtime.recorder.on_config_expiry(nullptr);
            offsets.stop();
        });
    };
    for (auto& [file, request] : requests) {
        if (auto created = create_connector(standalone, boot.signals(), file, std::move(request)); !created) {
            if (boot.signals().requested()) break;
            log::error("Stopping after connector error: {}", created.err().describe());
            return shut_down(exit_connector_failed);
        }
    }
    if (!boot.signals().requested()) {
        standalone.mark_ready();
        boot.log_started();
    }

    boot.wait_for_signal();
    return shut_down(exit_ok);
}

}  // namespace copycat::app
