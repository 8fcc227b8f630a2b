#include "coordination/coordinated_worker.hpp"

#include <future>

#include <catch2/catch.hpp>

namespace copycat::itest {

namespace co = coordination;

coordinated_worker::coordinated_worker(std::string name, kafka_client::group_member_config member,
                                       co::config_view config, std::chrono::milliseconds max_delay)
    : name_(std::move(name)), url_("http://" + name_ + ":8083/"), guard_(io_.get_executor()), delay_timer_(io_) {
    co::worker_coordinator_options options;
    options.member = std::move(member);
    options.member.connection.client_id = "copycat-" + name_;
    options.url = url_;
    options.scheduled_rebalance_max_delay = max_delay;
    auto created =
        co::worker_coordinator::create(io_.get_executor(), std::move(options), [config] { return config; }, *this);
    REQUIRE(created.ok());
    coordinator_ = *created;
    thread_ = std::thread([this] { io_.run(); });
    coordinator_->start();
}

coordinated_worker::~coordinated_worker() {
    if (!stopped_) stop("test over");
    guard_.reset();
    io_.stop();
    thread_.join();
}

bool coordinated_worker::stop(const std::string& reason, std::chrono::milliseconds limit) {
    auto done = std::make_shared<std::promise<void>>();
    auto finished = done->get_future();
    coordinator_->stop(reason, [done] { done->set_value(); });
    stopped_ = finished.wait_for(limit) == std::future_status::ready;
    return stopped_;
}

std::optional<seen_rebalance> coordinated_worker::last() const {
    std::lock_guard lock(mutex_);
    if (history_.empty()) return std::nullopt;
    return history_.back();
}

std::vector<seen_rebalance> coordinated_worker::history() const {
    std::lock_guard lock(mutex_);
    return history_;
}

std::size_t coordinated_worker::lost_count() const {
    std::lock_guard lock(mutex_);
    return lost_;
}

std::optional<error> coordinated_worker::fatal() const {
    std::lock_guard lock(mutex_);
    return fatal_;
}

void coordinated_worker::on_assignment(const co::connect_assignment& assignment, const co::work_set& full,
                                       std::int32_t generation, const std::string& member_id,
                                       co::connect_protocol /*chosen*/) {
    {
        std::lock_guard lock(mutex_);
        history_.push_back({assignment, full, generation, member_id});
    }
    // The herder's duties: stop the revoked work (nothing to stop here), then rejoin at once; a
    // mismatch rejoins once caught up (the config never changes here); a delay rejoins later.
    if (assignment.failed()) {
        coordinator_->request_rejoin("config mismatch");
    } else if (!assignment.revoked.empty()) {
        coordinator_->request_rejoin("revoked work stopped");
    } else if (assignment.delay_ms > 0) {
        delay_timer_.expires_after(std::chrono::milliseconds(assignment.delay_ms));
        delay_timer_.async_wait([this](const boost::system::error_code& ec) {
            if (!ec) coordinator_->request_rejoin("scheduled rebalance");
        });
    }
}

void coordinated_worker::on_revoke_all(const co::work_set& /*previous*/) {}

void coordinated_worker::on_membership_lost(const std::string& /*reason*/) {
    std::lock_guard lock(mutex_);
    ++lost_;
}

void coordinated_worker::on_fatal_error(const error& failure) {
    std::lock_guard lock(mutex_);
    fatal_ = failure;
}

}  // namespace copycat::itest
