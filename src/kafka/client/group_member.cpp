#include "kafka/client/group_member.hpp"

#include <algorithm>
#include <utility>

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>

#include "common/logging.hpp"
#include "kafka/client/group_error_policy.hpp"
#include "kafka/client/kafka_error.hpp"

namespace copycat::kafka_client {

namespace asio = boost::asio;
namespace kp = kafka_protocol;

namespace {

// JoinGroup v0-1 are refused by Kafka 4.0.0; v2 is the oldest every 4.x broker accepts.
constexpr kp::version_range kJoinGroupVersions{2, 9};

}  // namespace

result<std::shared_ptr<group_member>> group_member::create(executor_type executor, group_member_config config,
                                                           group_listener& listener) {
    COPYCAT_TRY_VOID(validate(config));
    auto strand = asio::make_strand(std::move(executor));
    std::shared_ptr<group_member> member(new group_member(strand, std::move(config), listener));
    // The parts call back through weak references: the member owns them.
    std::weak_ptr<group_member> weak = member;
    member->coordinator_ = coordinator_link::create(
        member->strand_, member->config_,
        [weak](const std::string& why) {
            if (auto self = weak.lock()) self->mark_coordinator_unknown(why);
        },
        [weak] {
            if (auto self = weak.lock()) self->on_coordinator_unreachable();
        });
    member->heartbeat_ =
        member_heartbeat::create(member->strand_, member->config_, [weak](const member_heartbeat::event& e) {
            if (auto self = weak.lock()) self->on_heartbeat_event(e);
        });
    return member;
}

group_member::group_member(executor_type strand, group_member_config config, group_listener& listener)
    : strand_(std::move(strand)),
      config_(std::move(config)),
      listener_(listener),
      who_("group " + config_.group_id + " (" + config_.connection.client_id + ")"),
      retry_timer_(strand_) {}

void group_member::start() {
    asio::post(strand_, [self = shared_from_this()] {
        if (self->lifecycle_ != lifecycle::created && self->lifecycle_ != lifecycle::stopped) return;
        log::info("{}: starting", self->who_);
        self->lifecycle_ = lifecycle::running;
        self->rejoin_needed_ = true;
        self->needs_join_prepare_ = true;
        self->rejoin_reason_.clear();
        self->drive();
    });
}

void group_member::request_rejoin(std::string reason) {
    asio::post(strand_, [self = shared_from_this(), reason = std::move(reason)]() mutable {
        if (self->lifecycle_ == lifecycle::running) self->request_rejoin_now(std::move(reason));
    });
}

void group_member::stop(std::string reason, std::function<void()> done) {
    asio::post(strand_, [self = shared_from_this(), reason = std::move(reason), done = std::move(done)]() mutable {
        if (done) self->stop_waiters_.push_back(std::move(done));
        self->begin_stop(reason);
    });
}

void group_member::drive() {
    if (lifecycle_ != lifecycle::running || retry_pending_) return;
    if (!coordinator_->known()) {
        if (!coordinator_->finding()) find_coordinator();
        return;
    }
    if (rejoin_needed_ && !join_in_flight_) join_group();
}

void group_member::backoff_then_drive() {
    if (retry_pending_ || lifecycle_ != lifecycle::running) return;
    retry_pending_ = true;
    retry_timer_.expires_after(config_.retry_backoff);
    retry_timer_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
        self->retry_pending_ = false;
        if (!ec) self->drive();
    });
}

void group_member::find_coordinator() {
    coordinator_->find([self = shared_from_this()](result<void> found) {
        if (self->lifecycle_ != lifecycle::running) return;
        if (!found) {
            // A broker refusing our credentials or certificate trust will not change its mind.
            const auto code = kafka_code_of(found.err().code);
            if ((code && find_coordinator_action(*code) == group_action::fatal) ||
                is_authentication_failure(found.err())) {
                self->fail(found.err());
                return;
            }
            // Logged once per outage; the retries every retry.backoff.ms go to the debug level.
            log::at(self->lookup_failures_++ == 0 ? log::level::info : log::level::debug,
                    "{}: coordinator lookup failed, retrying: {}", self->who_, found.err().describe());
            self->backoff_then_drive();
            return;
        }
        self->on_coordinator_found();
    });
}

void group_member::on_coordinator_found() {
    lookup_failures_ = 0;
    const auto& found = coordinator_->coordinator();
    log::info("{}: coordinator is node {} at {}", who_, found.node_id, found.address.to_string());
    if (in_group()) heartbeat_->start(coordinator_->shared_connection(), generation_, false);
    drive();
}

void group_member::mark_coordinator_unknown(const std::string& reason) {
    if (!coordinator_->mark_unknown() || lifecycle_ != lifecycle::running) return;
    log::info("{}: coordinator {} marked unknown: {}", who_, coordinator_->coordinator().address.to_string(), reason);
    if (join_in_flight_) {
        join_in_flight_ = false;
        rejoin_needed_ = true;
    }
    heartbeat_->stop();
    backoff_then_drive();
}

void group_member::on_coordinator_unreachable() {
    if (lifecycle_ != lifecycle::running || !has_assignment_) return;
    const std::string reason = "the coordinator could not be found within heartbeat.interval.ms";
    lose_membership(reason);
    rejoin_needed_ = true;
    rejoin_reason_ = reason;
}

void group_member::request_failed(const std::string& request, const error& failure) {
    // No usable version, or a request that cannot be encoded, will not get better by retrying.
    if (failure.code == make_error_code(errc::unsupported) || failure.code == make_error_code(errc::invalid_argument)) {
        fail(error(failure.code, request + ": " + failure.describe()));
        return;
    }
    mark_coordinator_unknown(request + " failed: " + failure.describe());
}

void group_member::request_rejoin_now(std::string reason) {
    log::info("{}: rejoin requested: {}", who_, reason);
    rejoin_needed_ = true;
    rejoin_reason_ = std::move(reason);
    drive();
}

void group_member::join_group() {
    if (needs_join_prepare_) {
        needs_join_prepare_ = false;
        listener_.on_rejoin_started(rejoin_info{generation_.id, generation_.member_id, rejoin_reason_});
        if (lifecycle_ != lifecycle::running) return;
    }
    state_ = member_state::preparing_rebalance;
    heartbeat_->stop();
    rejoin_needed_ = false;
    join_in_flight_ = true;
    send_join_group();
}

void group_member::send_join_group() {
    auto request = make_join_group_request(config_, generation_.member_id, listener_.protocols(), rejoin_reason_);
    if (request.protocols.empty()) {
        fail(make_error(errc::invalid_argument, "the group listener offered no protocols"));
        return;
    }
    log::debug("{}: JoinGroup as '{}'", who_, request.member_id);
    coordinator_->connection().send(
        request,
        [self = shared_from_this(), sent = generation_, epoch = coordinator_->epoch()](
            result<kp::join_group_response> response) { self->on_join_response(std::move(response), sent, epoch); },
        request_options{.timeout = join_group_timeout(config_), .versions = kJoinGroupVersions});
}

void group_member::on_join_response(result<kp::join_group_response> response, const generation_state& sent,
                                    std::uint64_t epoch) {
    if (epoch != coordinator_->epoch() || lifecycle_ != lifecycle::running) return;
    if (!response) {
        request_failed("JoinGroup", response.err());
        return;
    }
    const kp::error_code code = response->error;
    const std::string what = "JoinGroup: " + kp::describe(code);
    switch (join_group_action(code)) {
        case group_action::proceed:
            on_joined(*response);
            return;
        case group_action::adopt_member_id:
            generation_.member_id = response->member_id;
            log::debug("{}: coordinator assigned member id {}", who_, generation_.member_id);
            send_join_group();
            return;
        case group_action::reset_member:
            if (sent == generation_) reset_generation(true, what);
            retry_join(what, false);
            return;
        case group_action::rejoin_now:
        case group_action::backoff_retry:
            retry_join(what, join_group_action(code) == group_action::backoff_retry);
            return;
        case group_action::coordinator_lost:
            mark_coordinator_unknown(what);
            return;
        default:
            fail(kafka_error(code, "JoinGroup for group " + config_.group_id));
            return;
    }
}

void group_member::on_joined(const kp::join_group_response& response) {
    if (auto valid = check_join_response(config_, response); !valid) {
        fail(valid.err());
        return;
    }
    generation_ = {response.generation_id, response.member_id, *response.protocol_name};
    leader_id_ = response.leader;
    state_ = member_state::completing_rebalance;
    heartbeat_->start(coordinator_->shared_connection(), generation_, true);
    log::info("{}: joined generation {} as {} ({}), protocol {}", who_, generation_.id, generation_.member_id,
              response.is_leader() ? "leader" : "follower", generation_.protocol_name);
    std::vector<member_assignment> assignments;
    if (response.is_leader()) {
        const leader_context context = make_leader_context(response);
        auto assigned = listener_.assign(context);
        if (lifecycle_ != lifecycle::running) return;
        if (!assigned) {
            fail(error(assigned.err().code, "the group leader's assignment failed: " + assigned.err().describe()));
            return;
        }
        assignments = std::move(*assigned);
    }
    send_sync_group(std::move(assignments));
}

void group_member::send_sync_group(std::vector<member_assignment> assignments) {
    coordinator_->connection().send(
        make_sync_group_request(config_, generation_, std::move(assignments)),
        [self = shared_from_this(), sent = generation_, epoch = coordinator_->epoch()](
            result<kp::sync_group_response> r) { self->on_sync_response(std::move(r), sent, epoch); });
}

void group_member::on_sync_response(result<kp::sync_group_response> response, const generation_state& sent,
                                    std::uint64_t epoch) {
    if (epoch != coordinator_->epoch() || lifecycle_ != lifecycle::running) return;
    if (!response) {
        request_failed("SyncGroup", response.err());
        return;
    }
    const kp::error_code code = response->error;
    const std::string what = "SyncGroup: " + kp::describe(code);
    switch (sync_group_action(code)) {
        case group_action::proceed:
            break;
        case group_action::rejoin_now:
            retry_join(what, false);
            return;
        case group_action::reset_generation:
        case group_action::reset_member:
            if (sent == generation_) {
                reset_generation(code == kp::error_code::unknown_member_id, what);
            }
            retry_join(what, false);
            return;
        case group_action::coordinator_lost:
            mark_coordinator_unknown(what);
            return;
        default:
            fail(kafka_error(code, "SyncGroup for group " + config_.group_id));
            return;
    }
    if (auto valid = check_sync_response(config_, generation_, *response); !valid) {
        fail(valid.err());
        return;
    }
    if (sent != generation_ || state_ != member_state::completing_rebalance) {
        retry_join("the generation changed during SyncGroup", false);
        return;
    }
    state_ = member_state::stable;
    join_in_flight_ = false;
    needs_join_prepare_ = true;
    has_assignment_ = true;
    log::info("{}: generation {} is stable ({} assignment bytes)", who_, generation_.id, response->assignment.size());
    listener_.on_assigned(group_assignment{generation_.id, generation_.member_id, leader_id_, generation_.protocol_name,
                                           std::move(response->assignment)});
    drive();  // a rejoin requested meanwhile starts now
}

void group_member::retry_join(std::string reason, bool backoff) {
    log::info("{}: rejoining{}: {}", who_, backoff ? " after a backoff" : "", reason);
    join_in_flight_ = false;
    rejoin_needed_ = true;
    rejoin_reason_ = std::move(reason);
    backoff ? backoff_then_drive() : drive();
}

void group_member::on_heartbeat_event(const member_heartbeat::event& e) {
    if (lifecycle_ != lifecycle::running) return;
    if (e.what == member_heartbeat::event::kind::session_expired) {
        mark_coordinator_unknown("session timed out without receiving a heartbeat response");
        return;
    }
    if (e.what == member_heartbeat::event::kind::failed) {
        request_failed("Heartbeat", *e.failure);
        return;
    }
    const std::string what = "Heartbeat: " + kp::describe(e.code);
    switch (heartbeat_action(e.code)) {
        case group_action::rebalance_started:
            // During COMPLETING_REBALANCE the SyncGroup answer settles it; only STABLE rejoins.
            if (state_ == member_state::stable) request_rejoin_now("the group is rebalancing");
            return;
        case group_action::reset_generation:
        case group_action::reset_member:
            // Only when it is about the generation we still hold: a stale answer is ignored.
            if (e.sent == generation_ && in_group()) {
                reset_generation(e.code == kp::error_code::unknown_member_id, what);
                drive();
            }
            return;
        case group_action::coordinator_lost:
            mark_coordinator_unknown(what);
            return;
        case group_action::fatal:
            fail(kafka_error(e.code, "Heartbeat for group " + config_.group_id));
            return;
        default:  // NONE, or a failure the loop retries after the backoff
            return;
    }
}

void group_member::reset_generation(bool reset_member_id, const std::string& reason) {
    log::info("{}: resetting generation {}{}: {}", who_, generation_.id, reset_member_id ? " and member id" : "",
              reason);
    generation_.id = -1;
    generation_.protocol_name.clear();
    if (reset_member_id) generation_.member_id.clear();
    leader_id_.clear();
    state_ = member_state::unjoined;
    heartbeat_->stop();
    rejoin_needed_ = true;
    rejoin_reason_ = reason;
    lose_membership(reason);
}

void group_member::lose_membership(const std::string& reason) {
    if (!has_assignment_) return;
    has_assignment_ = false;
    log::warn("{}: membership lost, the assignment is void: {}", who_, reason);
    listener_.on_membership_lost(reason);
}

void group_member::fail(const error& failure) {
    if (lifecycle_ != lifecycle::running) return;
    log::error("{}: {}", who_, failure.describe());
    lifecycle_ = lifecycle::failed;
    has_assignment_ = false;
    join_in_flight_ = false;
    heartbeat_->stop();
    retry_timer_.cancel();
    listener_.on_fatal_error(failure);
}

void group_member::begin_stop(const std::string& reason) {
    if (lifecycle_ == lifecycle::stopping) return;  // the running stop calls every waiter
    if (lifecycle_ == lifecycle::created || lifecycle_ == lifecycle::stopped) {
        finish_stop();
        return;
    }
    lifecycle_ = lifecycle::stopping;
    heartbeat_->stop();
    retry_timer_.cancel();
    // Kafka's rule: only a dynamic member that has joined, with a known coordinator, leaves.
    const bool leave = !config_.group_instance_id && !generation_.member_id.empty() &&
                       state_ != member_state::unjoined && coordinator_->known();
    if (!leave) {
        coordinator_->close();
        finish_stop();
        return;
    }
    log::info("{}: member {} leaving the group: {}", who_, generation_.member_id, reason);
    coordinator_->leave(
        [config = config_, member_id = generation_.member_id, reason](std::int16_t version) {
            return make_leave_group_request(config, member_id, reason, version);
        },
        join_in_flight_, [self = shared_from_this()] { self->finish_stop(); });
}

void group_member::finish_stop() {
    if (lifecycle_ == lifecycle::stopping) log::info("{}: member stopped", who_);
    lifecycle_ = lifecycle::stopped;
    coordinator_->close();
    generation_ = {};
    leader_id_.clear();
    state_ = member_state::unjoined;
    join_in_flight_ = false;
    has_assignment_ = false;
    auto waiters = std::move(stop_waiters_);
    stop_waiters_.clear();
    for (auto& done : waiters) done();
}

}  // namespace copycat::kafka_client
