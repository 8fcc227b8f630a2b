#pragma once
// distributed_herder: the herder of `copycat distributed` (Kafka: DistributedHerder). Connector
// configs, task configs and target states live in the config topic (kafka_config_store), statuses
// in the status topic, and the group (worker_coordinator) decides which worker runs what.
//
// One loop owns the cluster state: REST requests, config-topic updates and rebalance results all
// arrive as jobs on the herder_loop thread. Parts: cluster_work (starting and stopping assigned
// work), task_config_publisher (task configs from a connector's owner to the leader),
// distributed_herder_requests.cpp (the REST operations), this file's .cpp (start-up, shutdown,
// rebalances and config updates).
//
// Reads are served from this worker's snapshot. Writes that only the leader may do answer
// forward_to{the leader's URL} (the REST layer forwards them); during a rebalance,
// while no leader is known, a write waits (up to write_wait) for the group to settle instead of
// failing at once.
//
// Ownership: the application owns the herder and everything it is given (worker, registry, stores,
// coordinator) and keeps them alive until stop() returned. Threading: see herder.hpp; stop() must
// not be called on the herder's thread.

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "common/backoff.hpp"
#include "coordination/worker_coordinator.hpp"
#include "herder/cluster_status_store.hpp"
#include "herder/cluster_work.hpp"
#include "herder/config_expiry_restarts.hpp"
#include "herder/connector_validator.hpp"
#include "herder/connector_worker.hpp"
#include "herder/connector_writes.hpp"
#include "herder_api/herder.hpp"
#include "herder/herder_loop.hpp"
#include "herder/request_signing.hpp"
#include "herder/task_config_publisher.hpp"
#include "runtime/client_override_policy.hpp"
#include "runtime/config_transformer.hpp"
#include "runtime/exactly_once_source.hpp"
#include "storage/kafka_config_store.hpp"

namespace copycat::loader {
class plugin_registry;
}

namespace copycat::herder {

struct distributed_herder_options {
    std::string kafka_cluster_id;
    // This worker's advertised REST URL, "http://host:port/".
    std::string url;
    // connector.client.config.override.policy and .allowlist (runtime/client_override_policy.hpp).
    runtime::override_policy client_overrides{};
    // worker.sync.timeout.ms: how long a worker behind the leader's config offset reads to catch up.
    std::chrono::milliseconds worker_sync_timeout{3'000};
    // How long a write waits for a rebalance to finish before answering 409.
    std::chrono::milliseconds write_wait{60'000};
    // KIP-507 session keys and request signing (the inter.worker.* settings).
    request_signing_settings signing{};
    // exactly.once.source.support (docs/exactly-once-source.md).
    runtime::exactly_once_source_support exactly_once_source = runtime::exactly_once_source_support::disabled;
    // config.providers: connector configs naming a provider it lacks fail validation
    // (docs/security.md#config-providers); none: placeholders are not checked.
    std::shared_ptr<const runtime::config_transformer> config_providers = nullptr;
};

class distributed_herder final : public herder,
                                 public storage::config_store_listener,
                                 public coordination::coordinator_listener {
public:
    distributed_herder(connector_worker& worker, const loader::plugin_registry& plugins,
                       storage::kafka_config_store& configs, cluster_status_store& statuses,
                       distributed_herder_options options);
    ~distributed_herder() override;
    distributed_herder(const distributed_herder&) = delete;
    distributed_herder& operator=(const distributed_herder&) = delete;

    // The coordinator is created after the herder (it needs the herder as its listener).
    void attach(std::shared_ptr<coordination::worker_coordinator> coordinator) {
        coordinator_ = std::move(coordinator);
    }
    // Starts the loop and joins the group. The config store must have been started (read to end).
    void start();
    // Stops all work (tasks first, offsets committed), leaves the group, stops the loop. Idempotent.
    void stop();

    // A connector asked for its task configs to be regenerated (from any thread).
    void request_task_reconfiguration(const std::string& connector);
    // Restarts the connector after `delay`, when a value a config provider gave it expires (from
    // any thread; config_expiry_restarts.hpp). Nothing happens when it no longer runs here then.
    void restart_connector_after(const std::string& connector, std::chrono::milliseconds delay) {
        expiries_.schedule(connector, delay);
    }

    // herder
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
    // distributed_herder_admin.cpp: topics (KIP-558), offsets (KIP-875), log levels.
    void connector_active_topics(const std::string& name, callback<std::vector<std::string>> cb) override;
    void reset_connector_active_topics(const std::string& name, callback<void> cb) override;
    void connector_offsets(const std::string& name, callback<std::vector<connector_offset>> cb) override;
    void alter_connector_offsets(const std::string& name, std::vector<connector_offset> offsets,
                                 callback<std::string> cb) override;
    void reset_connector_offsets(const std::string& name, callback<std::string> cb) override;
    void set_cluster_logger_level(const std::string& ns, const std::string& level, callback<void> cb) override;

    // config_store_listener (the config log's thread)
    void on_connector_config_update(const std::string& connector) override;
    void on_task_configs_update(const std::string& connector) override;
    void on_target_state_change(const std::string& connector) override;
    void on_restart_request(const storage::restart_request_record& request) override;
    // KIP-976: a cluster log level written after start-up; every worker applies it.
    void on_logger_level_update(const std::string& ns, const std::string& level) override;
    // KIP-507: a session key written by the leader (this worker or another, Copycat or Java).
    void on_session_key_update(const storage::session_key_record& key) override;
    // KIP-618: a tasks-fencing-<c> record was read; the connector's waiting tasks may start.
    void on_task_count_record(const std::string& connector) override;
    // A transactional write as leader failed: rejoin, and claim again if still the leader.
    void on_write_privileges_lost() override;

    // coordinator_listener (the group member's strand)
    void on_assignment(const coordination::connect_assignment& assignment, const coordination::work_set& full,
                       std::int32_t generation, const std::string& member_id,
                       coordination::connect_protocol chosen) override;
    void on_revoke_all(const coordination::work_set& previous) override;
    void on_rejoin_started(const std::string& reason) override;
    void on_membership_lost(const std::string& reason) override;
    void on_fatal_error(const error& e) override;

private:
    // Runs `job` on the loop; when the herder is stopped, `cb` gets an unavailable error.
    template <class T, class F>
    void submit(callback<T> cb, F&& job);
    // As submit(), for a write only the leader may do: while no leader is known the job waits (up
    // to write_wait); on a follower it answers forward_to{the leader's URL}.
    template <class T, class F>
    void submit_to_leader(callback<T> cb, F&& job);
    // On the loop: runs the write now, parks it until the group settles, or redirects it.
    template <class T, class J>
    void try_leader_write(std::shared_ptr<callback<T>> cb, std::shared_ptr<J> job,
                          std::chrono::steady_clock::time_point deadline);
    // Runs the writes that waited for the group to settle (on the loop).
    void run_waiting_writes();
    // Answers 409 to waiting writes whose time is up (on the loop).
    void expire_waiting_writes();

    // On the loop.
    void handle_assignment(const coordination::connect_assignment& assignment, const coordination::work_set& full,
                           std::int32_t generation, const std::string& member_id,
                           coordination::connect_protocol chosen);
    // Under the sessioned protocol, the signature check of an internal request (request_signing.hpp)
    // against the snapshot's session key; always fine under the older protocols.
    result<void> verify_internal_request(const std::optional<request_signature>& signature) const;
    // The leader claims its config-topic write privileges (a no-op without exactly-once source
    // support), fencing an earlier leader; a failed claim is retried while it leads.
    void claim_write_privileges();
    // The leader writes a new session key when it needs one, then checks again when it expires.
    void check_session_key();
    void start_assigned(const coordination::work_set& assigned);
    // KIP-618 (docs/exactly-once-source.md#fencing-and-the-task-count-record): whether the tasks of
    // a source connector wait for the leader to fence its previous generation; the leader's fencing
    // (off the loop) and task-count record; the start of the tasks that waited.
    // distributed_herder_fencing.cpp. Whether the connector is a source connector whose tasks
    // are fenced (exactly.once.source.support preparing or enabled); whether they wait now.
    bool runs_fenced_tasks(const std::string& connector) const;
    bool awaits_fencing(const std::string& connector) const;
    // The leader fences every connector awaiting it; a follower asks the leader (PUT
    // /connectors/{c}/fence) for the connectors of its waiting tasks. A round that failed fails
    // the connector's waiting tasks on this worker; one that met a new leader or a newer
    // generation of task configs is retried with a backoff.
    void maybe_fence();
    // `generation`: the connector's generation of task configs when the round was asked for.
    void on_fencing_done(const std::string& connector, std::int32_t generation, const outcome<void>& done);
    void fail_fencing_waiters(const std::string& connector, const error& why);
    // REST restarts of a local task: a task of a connector pending fencing waits for the round
    // (again) instead of starting at once.
    void restart_task_or_await_fencing(const task_id& id);
    // Leader: fences the connector when it is pending fencing, writes its task-count record, then
    // answers `cb` (every caller of a round in flight gets its answer).
    void fence_connector(const std::string& connector, callback<void> cb);
    void finish_fencing(const std::string& connector, std::int32_t generation, std::int32_t task_count,
                        result<void> fenced);
    // Follower: PUT /connectors/{c}/fence to the leader, signed with the session key.
    void ask_leader_to_fence(const std::string& connector, callback<void> cb);
    void start_fenced_tasks(const std::string& connector);
    // After a config change: restarts the connector's tasks whose configs changed; after a new
    // generation of task configs of a fenced source connector, all its tasks, which wait for the
    // task-count record when the connector awaits fencing.
    void refresh_tasks(const std::string& connector, bool new_generation);
    void refresh_snapshot();
    // Queues a config-topic event's handler; see the .cpp.
    void post_config_event(std::function<void()> handler);
    // On shutdown, a follower tells the leader it leaves (so its work moves at once).
    // Signed with `key` when there is one. A Java leader answers 404 (it has no such endpoint).
    void announce_departure(const std::string& leader_url, const std::optional<storage::session_key_record>& key);
    coordination::work_set running_allocation() const;
    void reconfigure(const std::string& connector);
    void request_rejoin(const std::string& reason);
    // On the leader: validates and writes a connector's config without blocking the loop
    // (connector_writes); `cb` is answered once the record is read back.
    void put_config(const std::string& name, string_map config, std::optional<target_state> initial_state,
                    bool allow_replace, callback<created_connector> cb);
    void patch_config(const std::string& name, const std::map<std::string, std::optional<std::string>>& patch,
                      callback<created_connector> cb);
    void delete_config(const std::string& name, callback<void> cb);
    void write_task_configs(const std::string& name, std::vector<string_map> configs,
                            std::optional<request_signature> signature, callback<void> cb);
    copycat::herder::connector_info info_of(const std::string& name) const;
    static copycat::herder::connector_info info_of(const storage::cluster_config& config, const std::string& name,
                                                   const connector_validator& validator);
    // KIP-875: leader checks on the loop, then the blocking work on offsets_loop_.
    void modify_offsets(const std::string& name, std::optional<std::vector<connector_offset>> offsets,
                        callback<std::string> cb);
    std::optional<std::string> owner_url(const std::optional<status_entry>& status) const;

    connector_worker& worker_;
    const loader::plugin_registry& plugins_;
    storage::kafka_config_store& configs_;
    cluster_status_store& statuses_;
    const distributed_herder_options options_;
    connector_validator validator_;
    herder_loop loop_;
    config_expiry_restarts expiries_{loop_, *this};
    // Runs the blocking offset reads and writes (offset store, admin client) off the loop.
    herder_loop offsets_loop_;
    cluster_work work_;
    connector_writes writes_;  // the leader's config writes in flight, per connector
    task_config_publisher publisher_;
    std::shared_ptr<coordination::worker_coordinator> coordinator_;

    // Loop-thread state.
    // Replaced (not changed) when the config-topic offset moved; shared with the listing.
    std::shared_ptr<const storage::cluster_config> snapshot_ = std::make_shared<const storage::cluster_config>();
    std::optional<std::int64_t> listed_offset_;  // the snapshot_.offset listing_ was last published at
    bool leader_ = false;
    std::string leader_url_;     // empty while no rebalance completed
    bool rebalancing_ = true;    // from a rejoin until the next assignment is applied
    bool sessioned_ = false;     // the group runs connect.protocol=sessioned: internal requests are signed
    std::uint64_t key_check_epoch_ = 0;  // only the latest scheduled session-key check runs
    bool claim_retry_scheduled_ = false;  // a failed config-topic claim is retried (one retry at a time)
    std::int32_t generation_ = -1;
    // What the config-update handlers last saw: tells an added or removed connector, or a changed
    // task count, which need a rebalance, from a changed config, which does not.
    std::set<std::string> known_connectors_;
    std::map<std::string, std::vector<std::int32_t>> known_tasks_;
    // KIP-618: assigned tasks waiting for their connector's task-count record; the leader's rounds
    // of fencing in flight with whoever waits for each; connectors this worker's own round (or
    // request to the leader) is in flight or waiting for its retry, with their backoffs.
    std::set<task_id> fencing_waiters_;
    std::map<std::string, std::vector<callback<void>>> fencings_;
    std::set<std::string> fencing_asked_;
    std::map<std::string, exponential_backoff> fencing_backoffs_;
    struct waiting_write {
        std::chrono::steady_clock::time_point deadline;
        std::function<void()> run;   // submits the write again
        std::function<void()> fail;  // answers 409
    };
    std::vector<waiting_write> waiting_writes_;

    std::mutex config_events_mutex_;  // guards config_events_ (filled by the config topic's thread)
    std::vector<std::function<void()>> config_events_;

    std::atomic<bool> ready_{false};
    std::atomic<bool> stopped_{false};
    // What GET /connectors?expand=... reads, published by refresh_snapshot() (docs/scale.md).
    connector_listing listing_{statuses_};
};

}  // namespace copycat::herder
