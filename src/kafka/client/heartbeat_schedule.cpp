#include "kafka/client/heartbeat_schedule.hpp"

#include <algorithm>

namespace copycat::kafka_client {

heartbeat_schedule::heartbeat_schedule(std::chrono::milliseconds interval, std::chrono::milliseconds session_timeout,
                                       std::chrono::milliseconds retry_backoff) noexcept
    : interval_(interval), session_timeout_(session_timeout), retry_backoff_(retry_backoff) {}

void heartbeat_schedule::reset(clock::time_point now) noexcept {
    next_heartbeat_ = now + interval_;
    session_deadline_ = now + session_timeout_;
}

void heartbeat_schedule::reset_session(clock::time_point now) noexcept { session_deadline_ = now + session_timeout_; }

void heartbeat_schedule::sent(clock::time_point now) noexcept {
    last_sent_ = now;
    next_heartbeat_ = now + interval_;
}

void heartbeat_schedule::received(clock::time_point now) noexcept {
    last_received_ = now;
    session_deadline_ = now + session_timeout_;
}

void heartbeat_schedule::failed(clock::time_point now) noexcept { next_heartbeat_ = now + retry_backoff_; }

heartbeat_schedule::clock::time_point heartbeat_schedule::next_check(bool heartbeat_in_flight) const noexcept {
    return heartbeat_in_flight ? session_deadline_ : std::min(next_heartbeat_, session_deadline_);
}

}  // namespace copycat::kafka_client
