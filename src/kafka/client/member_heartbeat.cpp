#include "kafka/client/member_heartbeat.hpp"

#include <utility>

#include <boost/asio/post.hpp>

#include "common/logging.hpp"
#include "kafka/client/group_error_policy.hpp"

namespace copycat::kafka_client {

namespace kp = kafka_protocol;

std::shared_ptr<member_heartbeat> member_heartbeat::create(executor_type strand, const group_member_config& config,
                                                           event_handler on_event) {
    return std::shared_ptr<member_heartbeat>(new member_heartbeat(std::move(strand), config, std::move(on_event)));
}

member_heartbeat::member_heartbeat(executor_type strand, const group_member_config& config, event_handler on_event)
    : strand_(std::move(strand)),
      config_(config),
      on_event_(std::move(on_event)),
      schedule_(config.heartbeat_interval, config.session_timeout, config.retry_backoff),
      timer_(strand_) {}

void member_heartbeat::start(std::shared_ptr<broker_connection> connection, group_generation generation,
                             bool reset_timers) {
    ++run_;
    connection_ = std::move(connection);
    generation_ = std::move(generation);
    in_flight_ = false;
    const auto now = heartbeat_schedule::clock::now();
    if (reset_timers) {
        schedule_.reset(now);
    } else {
        schedule_.reset_session(now);
    }
    schedule();
}

void member_heartbeat::stop() {
    ++run_;
    connection_.reset();
    in_flight_ = false;
    timer_.cancel();
}

void member_heartbeat::schedule() {
    timer_.expires_at(schedule_.next_check(in_flight_));
    timer_.async_wait([self = shared_from_this(), run = run_](const boost::system::error_code& ec) {
        if (!ec && run == self->run_) self->tick();
    });
}

void member_heartbeat::tick() {
    const auto now = heartbeat_schedule::clock::now();
    if (schedule_.session_expired(now)) {
        report({event::kind::session_expired, kp::error_code::none, std::nullopt, generation_});
        return;
    }
    if (!in_flight_ && schedule_.should_heartbeat(now)) {
        schedule_.sent(now);
        in_flight_ = true;
        connection_->send(make_heartbeat_request(config_, generation_),
                          [self = shared_from_this(), run = run_](result<kp::heartbeat_response> r) {
                              self->on_answer(std::move(r), run);
                          });
    }
    schedule();
}

void member_heartbeat::on_answer(result<kp::heartbeat_response> answer, std::uint64_t run) {
    if (run != run_) return;
    in_flight_ = false;
    const auto now = heartbeat_schedule::clock::now();
    if (!answer) {
        schedule_.failed(now);
        report({event::kind::failed, kp::error_code::none, answer.err(), generation_});
        return;
    }
    const auto action = heartbeat_action(answer->error);
    if (action == group_action::proceed || action == group_action::rebalance_started) {
        schedule_.received(now);
    } else {
        schedule_.failed(now);
        log::debug("group {}: heartbeat answered {}", config_.group_id, kp::describe(answer->error));
    }
    schedule();
    report({event::kind::answered, answer->error, std::nullopt, generation_});
}

void member_heartbeat::report(event e) {
    // The handler may stop or restart this loop; it runs after the current step is complete.
    boost::asio::post(strand_, [self = shared_from_this(), run = run_, e = std::move(e)] {
        if (run == self->run_) self->on_event_(e);
    });
}

}  // namespace copycat::kafka_client
