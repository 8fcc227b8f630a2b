#pragma once
// standalone_herder: the herder of `copycat standalone` (Kafka: StandaloneHerder). Connector and
// task configs live in memory (config_state), statuses in a memory_status_store, and every
// operation runs on one herder_loop thread, which owns that state and drives the worker
// (connector_lifecycle). Validation, error codes and messages follow Kafka's standalone herder.
//
//   memory_status_store statuses(worker_id);
//   status_recorder recorder(statuses);          // the worker's status_listener
//   ... build the worker with `recorder`, adapt it to connector_worker ...
//   standalone_herder herder(worker, plugins, statuses, {.kafka_cluster_id = id});
//   recorder.on_reconfiguration([&](auto& c) { herder.request_task_reconfiguration(c); });
//   herder.start();  ... create command-line connectors ...  herder.mark_ready();
//   herder.stop();   // stops every task and connector, then the thread
//
// Ownership: the application owns the herder, the worker, the registry and the status store,
// and keeps them alive until stop() returned. Threading: see herder.hpp; the public methods may
// be called from any thread except stop(), which must not run on the herder's thread.

#include <atomic>
#include <chrono>
#include <memory>
#include <string>

#include "herder/config_expiry_restarts.hpp"
#include "herder/config_state.hpp"
#include "herder/connector_lifecycle.hpp"
#include "herder/connector_validator.hpp"
#include "herder/connector_worker.hpp"
#include "herder_api/herder.hpp"
#include "herder/herder_loop.hpp"
#include "herder/memory_status_store.hpp"
#include "runtime/client_override_policy.hpp"
#include "runtime/config_transformer.hpp"

namespace copycat::loader {
class plugin_registry;
}

namespace copycat::herder {

struct standalone_herder_options {
    std::string kafka_cluster_id;
    // connector.client.config.override.policy and .allowlist (runtime/client_override_policy.hpp).
    runtime::override_policy client_overrides{};
    // config.providers: connector configs naming a provider it lacks fail validation
    // (docs/security.md#config-providers); none: placeholders are not checked.
    std::shared_ptr<const runtime::config_transformer> config_providers = nullptr;
};

class standalone_herder final : public herder {
public:
    standalone_herder(connector_worker& worker, const loader::plugin_registry& plugins, memory_status_store& statuses,
                      standalone_herder_options options);
    ~standalone_herder() override;
    standalone_herder(const standalone_herder&) = delete;
    standalone_herder& operator=(const standalone_herder&) = delete;

    void start();
    // Kafka: ready(). /health answers "healthy" from now on.
    void mark_ready() { ready_ = true; }
    // Stops every task and connector (tasks first, offsets committed by the worker), then the
    // worker and the herder thread. Idempotent.
    void stop();

    // A connector asked for its task configs to be regenerated (from any thread).
    void request_task_reconfiguration(const std::string& connector);
    // Restarts the connector after `delay`, when a value a config provider gave it expires (from
    // any thread; config_expiry_restarts.hpp). Nothing happens when it no longer runs here then.
    void restart_connector_after(const std::string& connector, std::chrono::milliseconds delay) {
        expiries_.schedule(connector, delay);
    }

    void connectors(callback<std::vector<std::string>> cb) override;
    void connector_info(const std::string& name, callback<copycat::herder::connector_info> cb) override;
    void connector_config(const std::string& name, callback<string_map> cb) override;
    void put_connector_config(const std::string& name, string_map config, std::optional<target_state> initial_state,
                              bool allow_replace, callback<created_connector> cb) override;
    void patch_connector_config(const std::string& name, std::map<std::string, std::optional<std::string>> patch,
                                callback<created_connector> cb) override;
    void delete_connector_config(const std::string& name, callback<void> cb) override;
    void connector_status(const std::string& name, callback<connector_state_info> cb) override;
    void task_status(const task_id& id, callback<task_state> cb) override;
    void task_configs(const std::string& name, callback<std::vector<task_info>> cb) override;
    void pause_connector(const std::string& name, callback<void> cb) override;
    void resume_connector(const std::string& name, callback<void> cb) override;
    void stop_connector(const std::string& name, callback<void> cb) override;
    void restart_connector(const std::string& name, callback<void> cb) override;
    void restart_connector_and_tasks(const restart_request& request, callback<connector_state_info> cb) override;
    void restart_task(const task_id& id, callback<void> cb) override;
    void put_task_configs(const std::string& name, std::vector<string_map> configs,
                          std::optional<request_signature> signature, callback<void> cb) override;
    void note_departure(const std::string& worker_url, std::optional<request_signature> signature,
                        callback<void> cb) override;
    void fence_zombies(const std::string& name, std::optional<request_signature> signature,
                       callback<void> cb) override;
    std::vector<plugin_info> connector_plugins(bool connectors_only) const override;
    void connector_plugin_config(const std::string& plugin, callback<std::vector<config_key_info>> cb) override;
    void validate_connector_config(string_map config, callback<config_infos> cb) override;
    std::string kafka_cluster_id() const override { return options_.kafka_cluster_id; }
    void health_check(callback<void> cb) override;
    bool is_ready() const override { return ready_; }
    const connector_listing* listing() const override { return &listing_; }
    void connector_active_topics(const std::string& name, callback<std::vector<std::string>> cb) override;
    void reset_connector_active_topics(const std::string& name, callback<void> cb) override;
    void connector_offsets(const std::string& name, callback<std::vector<connector_offset>> cb) override;
    void alter_connector_offsets(const std::string& name, std::vector<connector_offset> offsets,
                                 callback<std::string> cb) override;
    void reset_connector_offsets(const std::string& name, callback<std::string> cb) override;
    void set_cluster_logger_level(const std::string& ns, const std::string& level, callback<void> cb) override;

private:
    // Runs `job` on the herder thread; when the herder is stopped, `cb` gets an unavailable error.
    template <class T, class F>
    void submit(callback<T> cb, F&& job);

    // On the herder thread.
    result<created_connector> put_config(const std::string& name, string_map config,
                                         std::optional<target_state> initial_state, bool allow_replace);
    result<void> set_target(const std::string& name, target_state target);
    copycat::herder::connector_info info_of(const std::string& name) const;
    // After every job: a new listing view when the job changed configs_ (docs/scale.md).
    void publish_listing();
    connector_state_info restart_plan(const restart_request& request, const status_entry& connector_status);
    // KIP-875: checks on the herder thread, then the blocking work on offsets_loop_.
    void modify_offsets(const std::string& name, std::optional<std::vector<connector_offset>> offsets,
                        callback<std::string> cb);

    connector_worker& worker_;
    const loader::plugin_registry& plugins_;
    memory_status_store& statuses_;
    const standalone_herder_options options_;
    connector_validator validator_;
    config_state configs_;
    connector_lifecycle lifecycle_;
    herder_loop loop_;
    config_expiry_restarts expiries_{loop_, *this};
    // Runs the blocking offset reads and writes (offset store, admin client) off the herder thread.
    herder_loop offsets_loop_;
    std::atomic<bool> ready_{false};
    std::atomic<bool> stopped_{false};
    std::uint64_t listed_generation_ = 0;  // configs_.generation() listing_ was last published at (herder thread)
    connector_listing listing_{statuses_};
};

}  // namespace copycat::herder
