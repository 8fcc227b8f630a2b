#include "herder/distributed_herder.hpp"

#include <future>
#include <utility>

#include "common/json.hpp"
#include "common/logging.hpp"
#include "net/http_client.hpp"

namespace copycat::herder {

using namespace std::chrono_literals;

namespace {

// How long a worker waits for its LeaveGroup to be answered on shutdown.
constexpr auto leave_timeout = 10s;
// How long a leaving worker waits for the leader to take note.
constexpr auto departure_timeout = 5s;

std::vector<task_id> task_ids(const std::vector<coordination::task_ref>& refs) {
    std::vector<task_id> out;
    for (const auto& r : refs) out.push_back(task_id{r.connector, r.task});
    return out;
}

}  // namespace

distributed_herder::distributed_herder(connector_worker& worker, const loader::plugin_registry& plugins,
                                       storage::kafka_config_store& configs, cluster_status_store& statuses,
                                       distributed_herder_options options)
    : worker_(worker),
      plugins_(plugins),
      configs_(configs),
      statuses_(statuses),
      options_(std::move(options)),
      validator_(plugins, options_.client_overrides, options_.exactly_once_source, options_.config_providers),
      work_(worker, statuses),
      writes_(loop_, configs.timeout()),
      publisher_(worker, configs, loop_, writes_, options_.signing.signature_algorithm) {}

distributed_herder::~distributed_herder() { stop(); }

void distributed_herder::start() {
    log::info("Herder starting (worker id {})", statuses_.worker_id());
    loop_.start();
    offsets_loop_.start();
    loop_.post([this] {
        refresh_snapshot();
        for (const std::string& c : snapshot_->connectors()) {
            known_connectors_.insert(c);
            known_tasks_[c] = snapshot_->tasks(c);
        }
        log::info("Read the config topic to offset {}: {} connector(s)", snapshot_->offset, known_connectors_.size());
    });
    if (coordinator_) coordinator_->start();
    log::info("Herder started; joining the group");
}

void distributed_herder::stop() {
    if (stopped_.exchange(true)) return;
    log::info("Herder stopping");
    ready_ = false;
    offsets_loop_.stop();  // lets a running offsets change finish
    std::promise<void> stopped_work;
    auto work_done = stopped_work.get_future();
    std::string departure_target;  // the leader's URL when this worker is a follower
    std::optional<storage::session_key_record> key;
    if (!loop_.post([this, &stopped_work, &departure_target, &key] {
            work_.stop_all();
            fencing_waiters_.clear();
            if (!leader_) departure_target = leader_url_;
            key = snapshot_->session_key;
            stopped_work.set_value();
        }))
        stopped_work.set_value();
    work_done.wait();
    announce_departure(departure_target, key);
    if (auto flushed = statuses_.flush(options_.worker_sync_timeout); !flushed)
        log::warn("Statuses not flushed: {}", flushed.err().describe());
    if (coordinator_) {
        auto left = std::make_shared<std::promise<void>>();
        auto left_future = left->get_future();
        coordinator_->stop("the worker is shutting down", [left] { left->set_value(); });
        if (left_future.wait_for(leave_timeout) != std::future_status::ready)
            log::warn("Left the group without an answer from the coordinator");
    }
    loop_.stop();
    worker_.stop();
    log::info("Herder stopped");
}

void distributed_herder::announce_departure(const std::string& leader_url,
                                            const std::optional<storage::session_key_record>& key) {
    if (leader_url.empty() || options_.url.empty()) return;
    json::value body = json::value::make_object();
    body.set("url", options_.url);
    net::http_call call{.method = "POST",
                        .url = net::join_url(leader_url, "/internal/departures"),
                        .body = json::dump(body),
                        .headers = {},
                        .timeout = departure_timeout};
    if (key) {
        if (auto headers = sign_request(call.body, *key, options_.signing.signature_algorithm)) call.headers = *headers;
    }
    auto reply = net::http_request(call);
    if (reply && reply->status / 100 == 2) {
        log::info("Told the leader at {} that this worker is leaving", leader_url);
    } else {
        log::warn("Could not tell the leader at {} that this worker is leaving: {}", leader_url,
                  reply ? "HTTP " + std::to_string(reply->status) : reply.err().describe());
    }
}

// The config-topic offset stamps the snapshot's content (every change is a record read), so an
// unchanged offset needs neither a new copy nor a new REST listing view: a burst of records
// (1,000 connectors created) costs one copy per burst, not one per record (docs/scale.md).
void distributed_herder::refresh_snapshot() {
    if (listed_offset_ == configs_.offset()) return;
    snapshot_ = configs_.snapshot();
    if (listed_offset_ == snapshot_->offset) return;
    listed_offset_ = snapshot_->offset;
    // Built when first read: under a stream of creations most snapshots are never listed.
    listing_.publish([config = snapshot_, &validator = validator_] {
        std::vector<copycat::herder::connector_info> connectors;
        for (const auto& [name, _] : config->connector_configs) connectors.push_back(info_of(*config, name, validator));
        return connectors;
    });
}

coordination::work_set distributed_herder::running_allocation() const {
    coordination::work_set out;
    out.connectors = work_.connectors();
    for (const task_id& id : work_.tasks()) out.tasks.push_back({id.connector, id.task});
    // Tasks waiting for their connector's fencing are this worker's too (docs/exactly-once-source.md).
    for (const task_id& id : fencing_waiters_) out.tasks.push_back({id.connector, id.task});
    return out;
}

void distributed_herder::request_rejoin(const std::string& reason) {
    if (coordinator_) coordinator_->request_rejoin(reason);
}

void distributed_herder::reconfigure(const std::string& connector) {
    if (!work_.runs(connector)) return;
    publisher_.reconfigure(connector, *snapshot_, {leader_, leader_url_}, [this, connector] {
        refresh_snapshot();
        reconfigure(connector);
    });
}

void distributed_herder::request_task_reconfiguration(const std::string& connector) {
    loop_.post([this, connector] {
        if (!work_.runs(connector)) {
            log::error("Task that requested reconfiguration does not exist: {}", connector);
            return;
        }
        refresh_snapshot();
        reconfigure(connector);
    });
}

// ---- rebalances -------------------------------------------------------------------------------

void distributed_herder::on_assignment(const coordination::connect_assignment& assignment,
                                       const coordination::work_set& full, std::int32_t generation,
                                       const std::string& member_id, coordination::connect_protocol chosen) {
    loop_.post([this, assignment, full, generation, member_id, chosen] {
        handle_assignment(assignment, full, generation, member_id, chosen);
    });
}

void distributed_herder::handle_assignment(const coordination::connect_assignment& assignment,
                                           const coordination::work_set& full, std::int32_t generation,
                                           const std::string& member_id, coordination::connect_protocol chosen) {
    (void)full;  // this worker's own view (running_allocation) is what it advertises
    generation_ = generation;
    sessioned_ = chosen == coordination::connect_protocol::sessioned;
    statuses_.set_generation(generation);
    log::info("Joined group at generation {} as {} (leader {} at {}), config offset {}: assigned {} connector(s) "
              "and {} task(s), revoked {} connector(s) and {} task(s), delay {} ms",
              generation, member_id, assignment.leader, assignment.leader_url, assignment.config_offset,
              assignment.assigned.connectors.size(), assignment.assigned.tasks.size(),
              assignment.revoked.connectors.size(), assignment.revoked.tasks.size(), assignment.delay_ms);
    if (assignment.error != 0) {
        log::warn("The leader reported a config mismatch (offset {}); reading the config topic and rejoining",
                  assignment.config_offset);
        if (auto read = configs_.read_to_end(options_.worker_sync_timeout); !read)
            log::warn("Reading the config topic failed: {}", read.err().describe());
        request_rejoin("config mismatch");
        return;
    }
    // Revocations apply whatever else happens (Kafka: WorkerCoordinator calls onRevoked first).
    for (const task_id& id : task_ids(assignment.revoked.tasks)) fencing_waiters_.erase(id);
    work_.stop_tasks(task_ids(assignment.revoked.tasks));
    for (const std::string& c : assignment.revoked.connectors) work_.stop_connector(c);
    // A revoked task that no longer exists (tasks.max shrank, the connector was stopped) keeps no
    // status (Kafka: the leader tombstones the statuses of deleted tasks after a rebalance).
    refresh_snapshot();
    for (const task_id& id : task_ids(assignment.revoked.tasks)) {
        if (snapshot_->task_config(id.connector, id.task) == nullptr) statuses_.remove_task(id);
    }

    leader_ = assignment.leader == member_id;
    leader_url_ = assignment.leader_url;
    if (configs_.offset() < assignment.config_offset) {
        if (auto read = configs_.read_to_end(options_.worker_sync_timeout); !read) {
            log::warn("Could not catch up with the leader's config offset {}: {}; rejoining",
                      assignment.config_offset, read.err().describe());
            if (coordinator_) coordinator_->set_current_allocation(running_allocation());
            request_rejoin("config topic behind the leader");
            return;
        }
    }
    refresh_snapshot();
    if (snapshot_->offset < assignment.config_offset) {
        log::info("Config offset {} is behind the leader's {}: starting nothing and rejoining", snapshot_->offset,
                  assignment.config_offset);
        if (coordinator_) coordinator_->set_current_allocation(running_allocation());
        request_rejoin("config offset mismatch");
        return;
    }
    // Past the leader's offset (configs written since it assigned): the assigned work that still
    // has a config starts with the newer one, and the next rebalance assigns what is new.
    // Kafka starts nothing then; under a stream of creations that wasted every other rebalance
    // (docs/scale.md "Creating connectors at scale").
    const bool ahead = snapshot_->offset > assignment.config_offset;
    claim_write_privileges();
    check_session_key();
    start_assigned(assignment.assigned);
    if (coordinator_) coordinator_->set_current_allocation(running_allocation());
    rebalancing_ = false;
    ready_ = true;
    run_waiting_writes();
    if (ahead) request_rejoin("config offset past the assignment's");
    if (!assignment.revoked.empty()) request_rejoin("work was revoked: second round of the cooperative rebalance");
    if (assignment.delay_ms > 0) {
        log::info("A rebalance is scheduled in {} ms (departed workers may return)", assignment.delay_ms);
        loop_.post_after(std::chrono::milliseconds(assignment.delay_ms),
                         [this] { request_rejoin("scheduled rebalance delay expired"); });
    }
}

// Tasks first: starting one returns at once (it starts on the task pool or its own thread), while
// a connector's start waits for the plugin's start(), so 1,000 tasks do not wait for 1,000
// connector starts one after the other. Kafka starts both at once on 8 threads; a task needs
// nothing from its connector's instance (docs/scale.md "Start-up at scale").
void distributed_herder::start_assigned(const coordination::work_set& assigned) {
    for (const task_id& id : task_ids(assigned.tasks)) {
        if (work_.runs(id)) continue;
        if (awaits_fencing(id.connector)) {
            fencing_waiters_.insert(id);
            continue;
        }
        work_.start_task(id, *snapshot_);
    }
    for (const std::string& c : assigned.connectors) {
        if (work_.runs(c)) continue;
        work_.start_connector(c, *snapshot_);
    }
    for (const std::string& c : assigned.connectors) reconfigure(c);
    maybe_fence();
}

void distributed_herder::on_revoke_all(const coordination::work_set&) {
    // Eager protocol: every worker must have stopped its work before it joins again, or a task
    // could run twice. So this waits (on the member's strand) until the loop has stopped it all,
    // as Kafka's WorkerCoordinator.onJoinPrepare does.
    auto stopped = std::make_shared<std::promise<void>>();
    auto done = stopped->get_future();
    const bool posted = loop_.post([this, stopped] {
        log::info("Eager rebalance: stopping all work");
        rebalancing_ = true;
        work_.stop_all();
        fencing_waiters_.clear();
        if (coordinator_) coordinator_->set_current_allocation({});
        stopped->set_value();
    });
    if (posted) done.wait();
}

void distributed_herder::on_rejoin_started(const std::string& reason) {
    loop_.post([this, reason] {
        log::info("Rebalance started: {}", reason);
        rebalancing_ = true;
    });
}

void distributed_herder::on_membership_lost(const std::string& reason) {
    loop_.post([this, reason] {
        log::warn("Group membership lost ({}): stopping all work until the next assignment", reason);
        rebalancing_ = true;
        leader_ = false;
        work_.stop_all();
        fencing_waiters_.clear();
        if (coordinator_) coordinator_->set_current_allocation({});
    });
}

void distributed_herder::on_fatal_error(const error& e) {
    log::error("The group membership failed for good: {}; this worker runs nothing until restarted", e.describe());
    loop_.post([this] {
        rebalancing_ = true;
        leader_ = false;
        work_.stop_all();
        fencing_waiters_.clear();
    });
}

void distributed_herder::claim_write_privileges() {
    if (!leader_ || stopped_ || claim_retry_scheduled_) return;
    if (auto claimed = configs_.claim_write_privileges(); !claimed) {
        // Kafka retries after CONFIG_TOPIC_WRITE_PRIVILEGES_BACKOFF_MS (250 ms) while it leads.
        log::error("Unable to claim write privileges for the config topic as leader; retrying in 250 ms: {}",
                   claimed.err().describe());
        claim_retry_scheduled_ = true;
        loop_.post_after(250ms, [this] {
            claim_retry_scheduled_ = false;
            claim_write_privileges();
        });
    }
}

void distributed_herder::on_write_privileges_lost() {
    loop_.post([this] {
        if (leader_) request_rejoin("fenced from the config topic: another worker may lead the group now");
    });
}

// ---- session keys (KIP-507) ---------------------------------------------------------------------

result<void> distributed_herder::verify_internal_request(const std::optional<request_signature>& signature) const {
    if (!sessioned_) return {};
    return verify_request_signature(signature, snapshot_->session_key, options_.signing);
}

void distributed_herder::check_session_key() {
    if (!leader_ || !sessioned_ || stopped_) return;
    const auto now = std::chrono::system_clock::now();
    const std::int64_t now_ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count();
    std::chrono::milliseconds next_check{1'000};  // after a failed write
    if (auto reason = session_key_rotation_reason(snapshot_->session_key, now_ms, options_.signing)) {
        log::info("Distributing a new session key: {}", *reason);
        auto key = generate_session_key(options_.signing, now_ms);
        auto written = key ? configs_.put_session_key(*key) : result<void>(key.err());
        if (!written) log::error("Failed to distribute a new session key: {}", written.err().describe());
        refresh_snapshot();
    }
    if (snapshot_->session_key && !session_key_rotation_reason(snapshot_->session_key, now_ms, options_.signing))
        next_check =
            std::chrono::milliseconds(session_key_expiration(*snapshot_->session_key, options_.signing) - now_ms);
    const std::uint64_t epoch = ++key_check_epoch_;
    loop_.post_after(next_check, [this, epoch] {
        if (epoch != key_check_epoch_) return;  // a later check took over
        refresh_snapshot();
        check_session_key();
    });
}

void distributed_herder::on_session_key_update(const storage::session_key_record& key) {
    loop_.post([this, key] {
        log::info("Read a new session key ({}, created at {})", key.algorithm, key.creation_timestamp);
        refresh_snapshot();
        check_session_key();  // a leader reschedules its rotation for the key's expiration
    });
}

// ---- config topic updates ---------------------------------------------------------------------

// Config-topic events come one per record. The loop handles those that queued up meanwhile
// together, after one refresh of the snapshot (which holds all of them): a burst of records costs
// one copy of the configs, not one per record (docs/scale.md "Creating connectors at scale").
void distributed_herder::post_config_event(std::function<void()> handler) {
    std::lock_guard lock(config_events_mutex_);
    config_events_.push_back(std::move(handler));
    if (config_events_.size() > 1) return;  // the job below is posted already
    loop_.post([this] {
        std::vector<std::function<void()>> events;
        {
            std::lock_guard taken(config_events_mutex_);
            events.swap(config_events_);
        }
        refresh_snapshot();
        for (auto& handle : events) handle();
    });
}

void distributed_herder::on_connector_config_update(const std::string& connector) {
    post_config_event([this, connector] {
        const bool existed = known_connectors_.contains(connector);
        if (!snapshot_->contains(connector)) {
            known_connectors_.erase(connector);
            known_tasks_.erase(connector);
            log::info("Connector {} was deleted", connector);
            work_.remove_connector(connector);
            statuses_.remove_connector(connector);
            if (existed) request_rejoin("connector " + connector + " deleted");
            return;
        }
        known_connectors_.insert(connector);
        if (!existed) {
            request_rejoin("connector " + connector + " created");
            return;
        }
        if (work_.refresh_connector(connector, *snapshot_)) reconfigure(connector);
        refresh_tasks(connector, false);
    });
}

void distributed_herder::on_task_configs_update(const std::string& connector) {
    post_config_event([this, connector] {
        std::vector<std::int32_t> tasks = snapshot_->tasks(connector);
        const bool count_changed = known_tasks_[connector] != tasks;
        known_tasks_[connector] = std::move(tasks);
        refresh_tasks(connector, true);
        maybe_fence();
        if (count_changed) request_rejoin("the tasks of connector " + connector + " changed");
    });
}

void distributed_herder::on_target_state_change(const std::string& connector) {
    post_config_event([this, connector] {
        work_.apply_target_state(connector, *snapshot_);
        if (snapshot_->target(connector) == storage::target_state_value::started) reconfigure(connector);
    });
}

void distributed_herder::on_restart_request(const storage::restart_request_record& request) {
    post_config_event([this, request] {
        const restart_request r{request.connector, request.only_failed, request.include_tasks};
        if (work_.runs(request.connector)) {
            auto status = statuses_.get(request.connector);
            if (!status || r.should_restart_connector(*status)) {
                work_.restart_connector(request.connector, *snapshot_);
                reconfigure(request.connector);
            }
        }
        for (const task_id& id : work_.tasks_of(request.connector)) {
            auto status = statuses_.get(id);
            if (status && r.should_restart_task(*status)) restart_task_or_await_fencing(id);
        }
    });
}

}  // namespace copycat::herder
