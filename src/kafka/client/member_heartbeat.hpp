#pragma once
// member_heartbeat: the heartbeats of one group member (Kafka's HeartbeatThread, run on the
// member's strand instead of a thread of its own).
//
// start() begins heartbeating for a generation over the coordinator connection: one Heartbeat
// every heartbeat.interval.ms (retry.backoff.ms after a failed one), at most one in flight. Every
// answer is reported to the member, which applies group_error_policy; the loop keeps the
// session timer itself: a successful answer (or REBALANCE_IN_PROGRESS, which the coordinator only
// sends to live members) restarts it, and when it runs out the member is told (Kafka then marks
// the coordinator unknown). stop() ends the loop; answers to earlier heartbeats are dropped.
//
// Ownership and threading: shared; owned by one group_member. Methods are called on the
// member's strand and the event handler runs on it, never inside start() or stop().

#include <functional>
#include <memory>
#include <optional>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>

#include "common/result.hpp"
#include "kafka/client/broker_connection.hpp"
#include "kafka/client/group_member_config.hpp"
#include "kafka/client/group_requests.hpp"
#include "kafka/client/heartbeat_schedule.hpp"
#include "kafka/protocol/error_code.hpp"

namespace copycat::kafka_client {

class member_heartbeat : public std::enable_shared_from_this<member_heartbeat> {
public:
    using executor_type = boost::asio::any_io_executor;

    struct event {
        enum class kind { answered, failed, session_expired };
        kind what = kind::answered;
        kafka_protocol::error_code code = kafka_protocol::error_code::none;  // answered
        std::optional<error> failure;                                        // failed
        group_generation sent;  // the generation the heartbeat was sent for
    };
    using event_handler = std::function<void(const event&)>;

    static std::shared_ptr<member_heartbeat> create(executor_type strand, const group_member_config& config,
                                                    event_handler on_event);

    // Heartbeats for `generation` over `connection` (ready; owned by the caller, which stops the
    // loop before dropping it). `reset_timers`: restart the heartbeat and session timers (after a
    // join) rather than only the session timer (after the coordinator was found again).
    void start(std::shared_ptr<broker_connection> connection, group_generation generation, bool reset_timers);
    void stop();
    bool running() const noexcept { return connection_ != nullptr; }

private:
    member_heartbeat(executor_type strand, const group_member_config& config, event_handler on_event);

    void schedule();
    void tick();
    void on_answer(result<kafka_protocol::heartbeat_response> answer, std::uint64_t run);
    void report(event e);

    executor_type strand_;
    group_member_config config_;
    event_handler on_event_;
    heartbeat_schedule schedule_;
    boost::asio::steady_timer timer_;
    std::shared_ptr<broker_connection> connection_;
    group_generation generation_;
    std::uint64_t run_ = 0;  // bumped by start() and stop(); older answers and ticks are dropped
    bool in_flight_ = false;
};

}  // namespace copycat::kafka_client
