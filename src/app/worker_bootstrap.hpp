#pragma once
// worker_bootstrap: the start-up and shut-down steps `copycat standalone` and `copycat distributed`
// share (Kafka: AbstractConnectCli) — signals, the worker properties, plugins, the Kafka cluster
// id, the REST server, the worker on top of the command's stores — with the same logs and exit
// codes for both. Each command adds only what differs: its config, its offset and status stores
// and its herder.
//
//   worker_bootstrap boot(args[0]);                 // first: blocks SIGINT/SIGTERM for every later thread
//   auto props = boot.read_properties(initializing); if (!props) return boot.read_failure_exit();
//   auto config = parse_standalone_config(*props);  if (!config) return boot.usage_error(config.err());
//   if (auto failed = boot.start(*config)) return *failed;
//   ... the command's offset and status stores (boot.startup_failed(...) when one cannot start) ...
//   worker_runtime runtime(boot, *config, offsets, statuses);
//   ... the command's herder, started ...
//   boot.attach(herder);  boot.log_started();
//   boot.wait_for_signal();
//   return boot.shut_down(runtime, exit_ok, [&] { herder.stop(); ... the stores ... });
//
// Ownership: the command's thread owns both classes, on its stack: the bootstrap first (it
// outlives everything), worker_runtime after the stores it uses. The REST server keeps a
// reference to the config given to start() but reads it only in start().

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "app/exit_codes.hpp"
#include "app/runtime_connector_worker.hpp"
#include "app/shutdown_signal.hpp"
#include "app/worker_properties.hpp"
#include "app/worker_rest_server.hpp"
#include "common/metrics.hpp"
#include "common/properties.hpp"
#include "common/result.hpp"
#include "herder_api/herder.hpp"
#include "herder/status_recorder.hpp"
#include "herder_api/status_store.hpp"
#include "loader/plugin_registry.hpp"
#include "runtime/config_transformer.hpp"
#include "runtime/offsets_admin.hpp"
#include "runtime/worker.hpp"
#include "runtime/worker_metrics.hpp"
#include "storage/offset_store.hpp"

namespace copycat::app {

struct worker_runtime;

class worker_bootstrap {
public:
    // Blocks SIGINT and SIGTERM: construct it before any other thread exists.
    explicit worker_bootstrap(std::string properties_file) : properties_file_(std::move(properties_file)) {}
    worker_bootstrap(const worker_bootstrap&) = delete;
    worker_bootstrap& operator=(const worker_bootstrap&) = delete;

    const shutdown_signal& signals() const { return signals_; }
    loader::plugin_registry& plugins() { return plugins_; }
    metrics::registry& metrics_registry() { return metrics_; }
    // Set by start().
    const std::string& kafka_cluster_id() const { return cluster_id_; }
    const std::string& url() const { return url_; }

    // The worker properties file, its placeholders resolved with the config providers it
    // configures (worker_config_providers.hpp); an error is logged (the command exits with
    // read_failure_exit()). As Kafka's AbstractConnectCli, between reading and resolving it logs
    // "Copycat <version> (commit <commit>) <initializing(file as written)>" and registers the
    // plugins of plugin.path as written (plugin_setup.hpp), so that Java ConfigProviders on
    // plugin.path can resolve the file's placeholders (docs/security.md#config-providers).
    result<string_map> read_properties(const std::function<std::string(const string_map&)>& initializing);
    // After read_properties() failed, the exit code: exit_usage for a file that cannot be read or
    // resolved, exit_startup_failed when the plugins stop the worker (plugin.discovery=hybrid_fail).
    int read_failure_exit() const { return read_failure_exit_; }
    // Set by read_properties(): the providers that resolve connector and task configs.
    const std::shared_ptr<const runtime::config_transformer>& config_providers() const { return config_providers_; }
    // Logs "<problem> in <properties file>"; returns exit_usage.
    int usage_error(const error& e) const;
    // Logs "Stopping due to error: <what>" after stopping the REST server if it runs; returns
    // exit_startup_failed.
    int startup_failed(const std::string& what);

    // Looks up the Kafka cluster id and starts the REST server, whose bound listener fixes
    // config.worker.worker_id and url(). nullopt when all went well; otherwise the exit code,
    // already logged (exit_ok when a signal interrupted the start-up).
    std::optional<int> start(common_worker_config& config);

    // Requests reach `h` from now on (503 before).
    void attach(herder::herder& h) { rest_->attach(h); }
    void log_started() const;
    // Blocks until SIGINT or SIGTERM and logs it.
    void wait_for_signal();
    // Stops the REST server first (no request reaches the herder from then on), then calls
    // `stop_worker` (the herder, then the stores), logs that the worker stopped and returns
    // `exit_code`. When task threads are still stuck in plugin calls then, it ends the process
    // with `exit_code` instead of returning (the worker's destructor would wait for them).
    int shut_down(const worker_runtime& runtime, int exit_code, const std::function<void()>& stop_worker);

private:
    shutdown_signal signals_;  // first: the threads created by the members below inherit the blocked signals
    std::string properties_file_;
    loader::plugin_registry plugins_;
    // After plugins_: the Java providers among them close before the Java plugin classes go.
    std::shared_ptr<const runtime::config_transformer> config_providers_;
    metrics::registry metrics_;  // outlives the REST server, which exposes it, and everything registered in it
    std::unique_ptr<worker_rest_server> rest_;
    bool rest_started_ = false;
    int read_failure_exit_ = exit_usage;
    std::string cluster_id_;
    std::string url_;
};

// The worker and what reports on it, over the command's offset and status stores. The command
// connects recorder.on_reconfiguration() to its herder (and disconnects it on shut-down).
struct worker_runtime {
    worker_runtime(worker_bootstrap& boot, const common_worker_config& config, storage::offset_store& offsets,
                   herder::status_store& statuses);

    herder::status_recorder recorder;
    runtime::worker_metrics metrics;
    runtime::worker worker;
    runtime::offsets_admin offsets_admin;  // KIP-875 offsets endpoints
    runtime_connector_worker port;         // what the herder drives
};

}  // namespace copycat::app
