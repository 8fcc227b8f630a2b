// KIP-618 zombie fencing in the distributed herder (see distributed_herder.hpp and
// docs/exactly-once-source.md#fencing-and-the-task-count-record; Kafka: DistributedHerder's
// fenceZombieSourceTasks and ZombieFencing). A source connector whose latest task configs came
// after its latest task-count record is "pending fencing": its tasks wait until the leader has
// fenced the producers of the previous generation and written tasks-fencing-<c>.
#include <chrono>
#include <utility>

#include "common/logging.hpp"
#include "copycat/errors.hpp"
#include "herder/distributed_herder.hpp"
#include "herder/distributed_herder_submit.hpp"
#include "net/http_client.hpp"
#include "runtime/error_trace.hpp"

namespace copycat::herder {

using namespace std::chrono_literals;

namespace {

// A failed round is retried as Kafka retries a failed connector reconfiguration: 250 ms, doubling
// up to 60 s.
const backoff_policy fencing_retry_policy{.initial = 250ms, .max = 60s};
// How long a follower waits for the leader's answer (Kafka's rest.request.timeout.ms default).
constexpr auto fence_request_timeout = 90s;

std::int32_t generation_of(const storage::cluster_config& config, const std::string& connector) {
    auto it = config.task_config_generations.find(connector);
    return it == config.task_config_generations.end() ? -1 : it->second;
}

}  // namespace

bool distributed_herder::runs_fenced_tasks(const std::string& connector) const {
    if (!runtime::fencing_enabled(options_.exactly_once_source)) return false;
    const string_map* config = snapshot_->connector_config(connector);
    return config != nullptr && validator_.type_of(*config) == connector_type::source;
}

bool distributed_herder::awaits_fencing(const std::string& connector) const {
    return snapshot_->pending_fencing.contains(connector) && runs_fenced_tasks(connector);
}

void distributed_herder::maybe_fence() {
    if (leader_url_.empty()) return;
    std::set<std::string> wanted;
    if (leader_) {
        for (const std::string& c : snapshot_->pending_fencing)
            if (awaits_fencing(c)) wanted.insert(c);
    } else {
        for (const task_id& id : fencing_waiters_)
            if (awaits_fencing(id.connector)) wanted.insert(id.connector);
    }
    for (const std::string& c : wanted) {
        if (!fencing_asked_.insert(c).second) continue;  // in flight, or its retry is scheduled
        auto done = [this, c, generation = generation_of(*snapshot_, c)](outcome<void> r) {
            on_fencing_done(c, generation, r);
        };
        if (leader_) {
            fence_connector(c, std::move(done));
        } else {
            ask_leader_to_fence(c, std::move(done));
        }
    }
}

void distributed_herder::on_fencing_done(const std::string& connector, std::int32_t generation,
                                         const outcome<void>& done) {
    if (done.ok()) {
        fencing_backoffs_.erase(connector);
        fencing_asked_.erase(connector);
        return;
    }
    refresh_snapshot();
    if (!done.forwarded() && done.err().code != errc::conflict && generation_of(*snapshot_, connector) == generation)
        return fail_fencing_waiters(connector, done.err());
    // The leader moved, or a newer generation of task configs came (whose tasks wait for a round
    // of their own): a new round, not a failure.
    const std::string why = done.forwarded() ? "the leader is now " + done.forwarded()->url : done.err().describe();
    const auto delay = fencing_backoffs_.try_emplace(connector, fencing_retry_policy).first->second.next();
    log::error("Zombie fencing of connector {} failed: {}; its tasks wait, retrying in {} ms", connector, why,
               delay.count());
    loop_.post_after(delay, [this, connector] {
        fencing_asked_.erase(connector);
        refresh_snapshot();
        maybe_fence();
    });
}

// Kafka fails a task whose preflight round of zombie fencing failed (the round's error is the
// task's trace), and a restart of the task asks for a round again: no retry meanwhile.
void distributed_herder::fail_fencing_waiters(const std::string& connector, const error& why) {
    fencing_backoffs_.erase(connector);
    fencing_asked_.erase(connector);
    // The leader's own error already says so; a follower's is the leader's HTTP answer.
    const std::string round_failed = "Failed to perform round of zombie fencing for connector " + connector;
    const std::string trace = runtime::error_trace(std::make_exception_ptr(connect_error(
        why.message.starts_with(round_failed) ? why.message : round_failed + ": " + why.describe())));
    std::size_t failed = 0;
    for (auto it = fencing_waiters_.begin(); it != fencing_waiters_.end();) {
        if (it->connector != connector) {
            ++it;
            continue;
        }
        work_.fail_task(*it, *snapshot_, trace);
        it = fencing_waiters_.erase(it);
        ++failed;
    }
    log::error("Zombie fencing of connector {} failed: {}; {} of its task(s) on this worker failed (a restart retries)",
               connector, why.describe(), failed);
}

void distributed_herder::restart_task_or_await_fencing(const task_id& id) {
    if (!awaits_fencing(id.connector)) return work_.restart_task(id, *snapshot_);
    work_.stop_tasks({id});
    fencing_waiters_.insert(id);
    maybe_fence();
}

void distributed_herder::fence_connector(const std::string& connector, callback<void> cb) {
    if (!snapshot_->pending_fencing.contains(connector)) {
        log::debug("Connector {} needs no zombie fencing: its task-count record is current", connector);
        return cb(result<void>{});
    }
    auto [round, fresh] = fencings_.try_emplace(connector);
    round->second.push_back(std::move(cb));
    if (!fresh) return;  // answered when the round in flight ends

    const std::int32_t task_count = snapshot_->task_count(connector);
    const std::int32_t generation = generation_of(*snapshot_, connector);
    auto recorded = snapshot_->task_count_records.find(connector);
    // As Kafka: without a task-count record no transactional producer ran for this connector; with
    // one task before and after, the new task's own InitProducerId fences the old one.
    if (recorded == snapshot_->task_count_records.end() || (recorded->second == 1 && task_count == 1)) {
        log::info("Writing the task count record of connector {} without a round of zombie fencing ({})", connector,
                  recorded == snapshot_->task_count_records.end() ? "its first with exactly-once support"
                                                                 : "one task before and after");
        finish_fencing(connector, generation, task_count, {});
        return;
    }
    const std::int32_t previous = recorded->second;
    log::info("Fencing the producers of the {} task(s) of connector {}'s previous generation", previous, connector);
    const bool posted = offsets_loop_.post(
        [this, connector, generation, task_count, previous, config = *snapshot_->connector_config(connector)] {
            auto fenced = worker_.fence_zombies(connector, config, previous);
            loop_.post([this, connector, generation, task_count, fenced = std::move(fenced)]() mutable {
                finish_fencing(connector, generation, task_count, std::move(fenced));
            });
        });
    if (!posted) finish_fencing(connector, generation, task_count, make_error(errc::unavailable, "The herder is stopping"));
}

void distributed_herder::finish_fencing(const std::string& connector, std::int32_t generation,
                                        std::int32_t task_count, result<void> fenced) {
    auto round = fencings_.extract(connector);
    result<void> answer = std::move(fenced);
    if (!answer) {
        answer = make_error(errc::internal, "Failed to perform round of zombie fencing for connector " + connector +
                                                ": " + answer.err().describe());
    } else {
        refresh_snapshot();
        if (generation_of(*snapshot_, connector) != generation) {
            answer = make_error(errc::conflict,
                                 "Fencing failed because new task configurations were generated for the connector");
        } else if (snapshot_->pending_fencing.contains(connector)) {
            if (auto written = configs_.put_task_count_record(connector, task_count); !written)
                answer = make_error(errc::internal, "Failed to write the task count record of connector " +
                                                        connector + ": " + written.err().describe());
            refresh_snapshot();
        }
    }
    if (round.empty()) return;
    for (auto& cb : round.mapped()) cb(answer);
}

void distributed_herder::ask_leader_to_fence(const std::string& connector, callback<void> cb) {
    net::http_call call{.method = "PUT",
                        .url = net::join_url(leader_url_, "/connectors/" + net::encode_path_segment(connector) + "/fence"),
                        .body = {},
                        .headers = {},
                        .timeout = fence_request_timeout};
    if (snapshot_->session_key) {
        // Java signs whenever it holds a key, whatever the protocol.
        if (auto headers = sign_request(call.body, *snapshot_->session_key, options_.signing.signature_algorithm))
            call.headers = std::move(*headers);
    }
    log::info("Requesting zombie fencing for connector {} from the leader at {}", connector, leader_url_);
    net::async_http_request(loop_.executor(), std::move(call), [cb = std::move(cb)](result<net::http_reply> reply) {
        if (reply && reply->status / 100 == 2) return cb(result<void>{});
        cb(make_error(errc::internal, reply ? "HTTP " + std::to_string(reply->status) + " " + reply->body
                                            : reply.err().describe()));
    });
}

void distributed_herder::start_fenced_tasks(const std::string& connector) {
    for (auto it = fencing_waiters_.begin(); it != fencing_waiters_.end();) {
        if (it->connector != connector || awaits_fencing(connector)) {
            ++it;
            continue;
        }
        if (!work_.runs(*it)) work_.start_task(*it, *snapshot_);
        it = fencing_waiters_.erase(it);
    }
    if (coordinator_) coordinator_->set_current_allocation(running_allocation());
}

void distributed_herder::refresh_tasks(const std::string& connector, bool new_generation) {
    if (!awaits_fencing(connector) && !(new_generation && runs_fenced_tasks(connector))) {
        work_.refresh_tasks(connector, *snapshot_);
        return;
    }
    // Kafka restarts every task of a connector with a new generation of task configs, each after
    // the round of fencing of that generation: the round fences the producers of the previous
    // generation, a task left running among them too.
    const std::vector<task_id> tasks = work_.tasks_of(connector);
    if (tasks.empty()) return;
    work_.stop_tasks(tasks);
    if (!awaits_fencing(connector)) {
        for (const task_id& id : tasks) work_.start_task(id, *snapshot_);
        return;
    }
    log::info("Stopped {} task(s) of connector {} until its zombie fencing is done", tasks.size(), connector);
    fencing_waiters_.insert(tasks.begin(), tasks.end());
}

void distributed_herder::on_task_count_record(const std::string& connector) {
    loop_.post([this, connector] {
        refresh_snapshot();
        start_fenced_tasks(connector);
    });
}

void distributed_herder::fence_zombies(const std::string& name, std::optional<request_signature> signature,
                                       callback<void> cb) {
    submit_to_leader(std::move(cb), [this, name, signature = std::move(signature)](callback<void> done) {
        refresh_snapshot();
        if (auto signed_properly = verify_internal_request(signature); !signed_properly)
            return done(signed_properly.err());
        if (!snapshot_->contains(name)) return done(connector_not_found(name));
        if (validator_.type_of(snapshot_->connector_configs.at(name)) != connector_type::source)
            return done(make_error(errc::invalid_argument, "Connector " + name + " is not a source connector"));
        fence_connector(name, std::move(done));
    });
}

}  // namespace copycat::herder
