#pragma once
// heartbeat_schedule: the timers of Kafka's Heartbeat class, without I/O: when the next
// heartbeat is due and when the session counts as expired on this side.
//
// sent() schedules the next heartbeat heartbeat.interval.ms after this one was sent; failed()
// schedules it retry.backoff.ms from now; received() (a successful response) restarts the
// session timer; reset() restarts both (after a JoinGroup/SyncGroup succeeds and when the
// coordinator is found again). Time is passed in, so tests need no clock. Owned by one
// group_member; not thread-safe.

#include <chrono>

namespace copycat::kafka_client {

class heartbeat_schedule {
public:
    using clock = std::chrono::steady_clock;

    heartbeat_schedule(std::chrono::milliseconds interval, std::chrono::milliseconds session_timeout,
                       std::chrono::milliseconds retry_backoff) noexcept;

    void reset(clock::time_point now) noexcept;
    void reset_session(clock::time_point now) noexcept;
    void sent(clock::time_point now) noexcept;
    void received(clock::time_point now) noexcept;
    void failed(clock::time_point now) noexcept;

    bool should_heartbeat(clock::time_point now) const noexcept { return now >= next_heartbeat_; }
    bool session_expired(clock::time_point now) const noexcept { return now >= session_deadline_; }
    // When to look again: the next heartbeat or the session deadline, whichever comes first; only
    // the session deadline while a heartbeat is in flight.
    clock::time_point next_check(bool heartbeat_in_flight) const noexcept;

    clock::time_point last_sent() const noexcept { return last_sent_; }
    clock::time_point last_received() const noexcept { return last_received_; }

private:
    std::chrono::milliseconds interval_;
    std::chrono::milliseconds session_timeout_;
    std::chrono::milliseconds retry_backoff_;
    clock::time_point next_heartbeat_{};
    clock::time_point session_deadline_{};
    clock::time_point last_sent_{};
    clock::time_point last_received_{};
};

}  // namespace copycat::kafka_client
