#include "coordination/worker_coordinator.hpp"

#include <limits>
#include <utility>

#include "common/logging.hpp"

namespace copycat::coordination {

namespace kc = kafka_client;

result<std::shared_ptr<worker_coordinator>> worker_coordinator::create(executor_type executor,
                                                                       worker_coordinator_options options,
                                                                       std::function<config_view()> config_snapshot,
                                                                       coordinator_listener& listener) {
    if (options.url.empty()) return make_error(errc::invalid_argument, "the worker's advertised URL is empty");
    if (options.url.size() > 32767)
        return make_error(errc::invalid_argument, "the worker's advertised URL is too long");
    if (!config_snapshot) return make_error(errc::invalid_argument, "no config snapshot function");
    if (options.scheduled_rebalance_max_delay.count() < 0 ||
        options.scheduled_rebalance_max_delay.count() > std::numeric_limits<std::int32_t>::max()) {
        return make_error(errc::invalid_argument, "scheduled.rebalance.max.delay.ms must be in [0, 2147483647]");
    }
    options.member.protocol_type = std::string(connect_protocol_type);
    std::shared_ptr<worker_coordinator> self(
        new worker_coordinator(std::move(options), std::move(config_snapshot), listener));
    COPYCAT_TRY(auto member, kc::group_member::create(std::move(executor), self->options_.member, *self));
    self->member_ = std::move(member);
    return self;
}

worker_coordinator::worker_coordinator(worker_coordinator_options options, std::function<config_view()> config_snapshot,
                                       coordinator_listener& listener)
    : options_(std::move(options)),
      config_snapshot_(std::move(config_snapshot)),
      listener_(listener),
      who_("worker coordinator " + options_.member.group_id + " (" + options_.url + ")"),
      leader_(options_.scheduled_rebalance_max_delay),
      current_protocol_(options_.protocol) {}

void worker_coordinator::start() { member_->start(); }

void worker_coordinator::request_rejoin(std::string reason) {
    {
        std::lock_guard lock(mutex_);
        rejoin_pending_ = true;
    }
    member_->request_rejoin(std::move(reason));
}

void worker_coordinator::stop(std::string reason, std::function<void()> done) {
    member_->stop(std::move(reason), [self = shared_from_this(), done = std::move(done)] {
        if (done) done();
    });
}

void worker_coordinator::set_current_allocation(work_set allocation) {
    allocation.normalize();
    std::lock_guard lock(mutex_);
    allocation_ = std::move(allocation);
}

void worker_coordinator::note_graceful_departure(const std::string& url) {
    log::info("{}: noted that worker {} left the group gracefully", who_, url);
    std::lock_guard lock(mutex_);
    departed_.insert(url);
}

std::optional<std::string> worker_coordinator::owner_url(const std::string& connector) const {
    std::lock_guard lock(mutex_);
    if (!leading_ || rejoin_pending_) return std::nullopt;
    auto it = owners_.connectors.find(connector);
    return it == owners_.connectors.end() ? std::nullopt : std::optional<std::string>(it->second);
}

std::optional<std::string> worker_coordinator::owner_url(const task_ref& task) const {
    std::lock_guard lock(mutex_);
    if (!leading_ || rejoin_pending_) return std::nullopt;
    auto it = owners_.tasks.find(task);
    return it == owners_.tasks.end() ? std::nullopt : std::optional<std::string>(it->second);
}

std::optional<work_set> worker_coordinator::current_allocation() const {
    std::lock_guard lock(mutex_);
    return allocation_;
}

std::chrono::steady_clock::time_point worker_coordinator::now() const {
    return options_.now ? options_.now() : std::chrono::steady_clock::now();
}

std::vector<kc::group_protocol> worker_coordinator::protocols() {
    metadata_snapshot_ = config_snapshot_();
    const auto allocation = current_allocation();
    auto offered = try_join_protocols(options_.protocol, options_.url, metadata_snapshot_.offset, allocation);
    if (offered) return std::move(*offered);
    // Only a name too long for the wire gets here; advertising no allocation is still correct
    // (the leader then counts this worker's work as lost rather than running it twice).
    log::error("{}: cannot advertise the allocation: {}", who_, offered.err().describe());
    return join_protocols(options_.protocol, options_.url, metadata_snapshot_.offset, std::nullopt);
}

result<std::vector<kc::member_assignment>> worker_coordinator::assign(const kc::leader_context& context) {
    COPYCAT_TRY(auto protocol, protocol_from_name(context.protocol_name));
    leader_request request;
    request.context = &context;
    request.protocol = protocol;
    request.snapshot = metadata_snapshot_;
    request.fresh_snapshot = config_snapshot_;
    request.last_completed_generation = last_completed_generation_;
    request.now = now();
    request.own_url = options_.url;
    {
        std::lock_guard lock(mutex_);
        request.departed_gracefully_urls = departed_;
    }
    COPYCAT_TRY(auto outcome, leader_.assign(request));
    COPYCAT_TRY(auto encoded, encode_assignments(outcome.assignments));

    std::lock_guard lock(mutex_);
    owners_ = std::move(outcome.owners);
    if (!outcome.config_mismatch) {
        // A note is used up once a rebalance ran without its worker in the group.
        std::set<std::string> present;
        for (const auto& [id, url] : outcome.member_urls) present.insert(url);
        std::erase_if(departed_, [&](const std::string& url) { return present.count(url) == 0; });
    }
    return encoded;
}

void worker_coordinator::on_assigned(const kc::group_assignment& assignment) {
    auto decoded = decode_connect_assignment(assignment.assignment);
    if (!decoded) {
        log::error("{}: generation {}: the leader's assignment does not decode; rejoining: {}", who_,
                   assignment.generation, decoded.err().describe());
        member_->request_rejoin("the assignment did not decode");
        return;
    }
    auto chosen = protocol_from_name(assignment.protocol_name);
    current_protocol_ = chosen ? *chosen : options_.protocol;
    last_completed_generation_ = assignment.generation;

    work_set full;
    {
        std::lock_guard lock(mutex_);
        if (current_protocol_ == connect_protocol::eager) {
            if (!decoded->failed()) full = decoded->assigned;
        } else {
            full = apply_assignment(allocation_.value_or(work_set{}), decoded->revoked, decoded->assigned);
        }
        allocation_ = full;
        leading_ = !assignment.member_id.empty() && decoded->leader == assignment.member_id;
        if (!leading_) owners_ = {};
        rejoin_pending_ = false;
    }
    eager_running_.reset();
    if (current_protocol_ == connect_protocol::eager && !decoded->failed()) eager_running_ = full;
    log::info("{}: generation {} ({}{}): {}assigned {}; revoked {}; now running {}; delay {} ms", who_,
              assignment.generation, protocol_name(current_protocol_), leading_ ? ", leader" : "",
              decoded->failed() ? "CONFIG_MISMATCH, " : "", decoded->assigned.to_string(), decoded->revoked.to_string(),
              full.to_string(), decoded->delay_ms);
    listener_.on_assignment(*decoded, full, assignment.generation, assignment.member_id, current_protocol_);
}

void worker_coordinator::on_rejoin_started(const kc::rejoin_info& info) {
    {
        std::lock_guard lock(mutex_);
        rejoin_pending_ = true;
    }
    if (current_protocol_ == connect_protocol::eager && eager_running_) {
        const work_set previous = std::move(*eager_running_);
        eager_running_.reset();
        {
            std::lock_guard lock(mutex_);
            allocation_ = work_set{};
        }
        log::info("{}: eager rebalance: revoking {}", who_, previous.to_string());
        listener_.on_revoke_all(previous);
    }
    listener_.on_rejoin_started(info.reason);
}

void worker_coordinator::forget_work(const std::string& why) {
    log::warn("{}: the assignment is void: {}", who_, why);
    eager_running_.reset();
    std::lock_guard lock(mutex_);
    allocation_.reset();
    owners_ = {};
    leading_ = false;
    rejoin_pending_ = true;
}

void worker_coordinator::on_membership_lost(const std::string& reason) {
    forget_work(reason);
    listener_.on_membership_lost(reason);
}

void worker_coordinator::on_fatal_error(const error& failure) {
    forget_work(failure.describe());
    listener_.on_fatal_error(failure);
}

}  // namespace copycat::coordination
