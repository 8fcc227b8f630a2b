#include "app/worker_bootstrap.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "app/exit_codes.hpp"
#include "app/java_config_providers.hpp"
#include "app/kafka_cluster_id.hpp"
#include "app/plugin_setup.hpp"
#include "app/version.hpp"
#include "app/worker_config_providers.hpp"
#include "common/logging.hpp"

namespace copycat::app {
namespace {

using namespace std::chrono_literals;
constexpr auto cluster_id_timeout = 60s;  // Kafka's default.api.timeout.ms for describeCluster

}  // namespace

result<string_map> worker_bootstrap::read_properties(
    const std::function<std::string(const string_map&)>& initializing) {
    auto props = read_properties_file(properties_file_);
    if (!props) {
        log::error("Cannot read the worker configuration {}: {}", properties_file_, props.err().describe());
        read_failure_exit_ = exit_usage;
        return props;
    }
    log::info("Copycat {} (commit {}) {}", version(), commit(), initializing(*props));
    const plugin_settings plugins = plugin_settings_of(*props);
    // Not one of Kafka's modes: no plugin is looked for, and the worker config's validation names the key.
    if (!plugins.discovery) return props;
    auto vm = register_plugins(plugins, plugins_);
    if (!vm) {
        read_failure_exit_ = startup_failed(vm.err().message);
        return vm.err();
    }
    const config_provider_source java = java_config_providers(*vm);
    // As Kafka: the providers the file configures resolve the file's own placeholders (and are
    // closed), then the resolved config configures the providers the connectors' placeholders use.
    auto resolved = [&]() -> result<string_map> {
        COPYCAT_TRY(auto providers, worker_config_providers(*props, java));
        return resolve_worker_properties(*props, *providers);
    }();
    auto kept = resolved ? worker_config_providers(*resolved, java)
                         : result<std::shared_ptr<const runtime::config_transformer>>(resolved.err());
    if (!kept) {
        read_failure_exit_ = usage_error(kept.err());
        return kept.err();
    }
    config_providers_ = std::move(*kept);
    return resolved;
}

int worker_bootstrap::usage_error(const error& e) const {
    log::error("{} in {}", e.describe(), properties_file_);
    return exit_usage;
}

int worker_bootstrap::startup_failed(const std::string& what) {
    if (rest_started_) rest_->stop();
    log::error("Stopping due to error: {}", what);
    return exit_startup_failed;
}

std::optional<int> worker_bootstrap::start(common_worker_config& config) {
    log::info("Looking up the Kafka cluster id at {}", config.worker.bootstrap_servers);
    auto cluster_id =
        lookup_kafka_cluster_id(config.worker, cluster_id_timeout, [this] { return signals_.requested(); });
    if (!cluster_id) {
        if (signals_.requested()) {
            log::info("Interrupted during start-up: stopping");
            return exit_ok;
        }
        return startup_failed(cluster_id.err().describe());
    }
    cluster_id_ = std::move(*cluster_id);
    log::info("Kafka cluster ID: {}", cluster_id_);

    metrics_.set_window({config.worker.metrics_sample_window_ms, config.worker.metrics_num_samples});
    config.worker.metrics = &metrics_;
    config.worker.config_providers = config_providers_;
    auto rest = worker_rest_server::create(config, &metrics_);
    if (!rest) return usage_error(rest.err());
    rest_ = std::move(*rest);
    const auto endpoint = rest_->start();
    if (!endpoint) return startup_failed(endpoint.err().describe());
    rest_started_ = true;
    config.worker.worker_id = endpoint->worker_id;
    url_ = endpoint->url;
    return std::nullopt;
}

void worker_bootstrap::log_started() const { log::info("Copycat worker started; REST API at {}", url_); }

void worker_bootstrap::wait_for_signal() {
    const std::string signal = signals_.wait();
    log::info("Received {}: stopping", signal);
}

int worker_bootstrap::shut_down(const worker_runtime& runtime, int exit_code,
                                const std::function<void()>& stop_worker) {
    rest_->stop();  // no request reaches the herder from now on
    stop_worker();
    if (const std::size_t stuck = runtime.worker.stuck_task_threads(); stuck > 0) {
        // As Kafka Connect's JVM exits with them: the threads' plugin calls may never return, and
        // destroying the worker would wait for them (docs/threads.md, "Abandoned tasks").
        log::warn("Copycat worker stopped, leaving {} task thread(s) inside plugin calls", stuck);
        std::fflush(nullptr);
        std::_Exit(exit_code);
    }
    log::info("Copycat worker stopped");
    return exit_code;
}

worker_runtime::worker_runtime(worker_bootstrap& boot, const common_worker_config& config,
                               storage::offset_store& offsets, herder::status_store& statuses)
    : recorder(statuses, config.topic_tracking_enable),
      metrics(recorder, boot.metrics_registry()),
      worker(config.worker, boot.plugins(), offsets, metrics),
      offsets_admin(worker.config(), boot.plugins(), offsets),
      port(worker, &offsets_admin) {
    metrics.attach(&worker);
}

}  // namespace copycat::app
