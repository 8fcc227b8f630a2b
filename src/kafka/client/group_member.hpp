#pragma once
// group_member: one member of a Kafka classic group (the state machine of Kafka's
// AbstractCoordinator), for a protocol type of the user's choosing ("connect" for workers).
//
//   struct worker_listener : group_listener { ... };   // protocols(), assign(), on_assigned(), ...
//   worker_listener listener;
//   auto member = group_member::create(io.get_executor(), config, listener);
//   (*member)->start();
//   ...
//   (*member)->request_rejoin("connector added");
//   (*member)->stop("worker shutting down", [] { /* left the group; listener may go */ });
//
// What it does. Finds the coordinator (FindCoordinator to a bootstrap broker; retriable errors
// are retried after retry.backoff.ms), connects to it, and joins: JoinGroup with the listener's
// protocols (MEMBER_ID_REQUIRED is answered by joining again with the given id; JoinGroup
// versions 2-9; its request timeout is max(request.timeout.ms, rebalance.timeout.ms + 5 s)).
// The leader's listener turns every member's metadata into assignments; SyncGroup delivers each
// member its own, through on_assigned. In COMPLETING_REBALANCE and STABLE it heartbeats every
// heartbeat.interval.ms; errors follow group_error_policy (docs/group-protocol.md#error-handling): a
// rebalance seen by a heartbeat triggers a rejoin; ILLEGAL_GENERATION resets the generation and
// UNKNOWN_MEMBER_ID the member id too, but only when the generation captured at send time is
// still current; NOT_COORDINATOR, COORDINATOR_NOT_AVAILABLE, a disconnect or a session with no
// successful heartbeat mark the coordinator unknown and it is found again. Fatal errors go to
// on_fatal_error. A coordinator that stays unknown for heartbeat.interval.ms voids the
// assignment (on_membership_lost), as Connect's WorkerCoordinator does.
//
// stop() sends LeaveGroup (v5 carries the reason) when the member is dynamic and has joined,
// waits for the answer (at most request.timeout.ms), closes its connections and resets the
// member id and generation; start() may then be called again. Static members
// (group.instance.id) never send LeaveGroup. A static leader that restarts is answered with
// SkipAssignment, which is fatal here as it is in Connect.
//
// Parts: coordinator_link (lookup and the coordinator connection), member_heartbeat (the
// heartbeat loop), group_requests (request building, answer checks), group_error_policy (what
// each error code means).
//
// Ownership and threading: shared (std::shared_ptr); the io_context and its threads belong to the
// caller. The member runs on a strand of the given executor: every listener call, every
// internal handler and stop()'s completion run on that strand. start(), request_rejoin() and
// stop() may be called from any thread (they post to the strand). The member keeps itself alive
// while it has work queued; after stop()'s handler it holds no timers or connections.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>

#include "common/result.hpp"
#include "kafka/client/coordinator_link.hpp"
#include "kafka/client/group_listener.hpp"
#include "kafka/client/group_member_config.hpp"
#include "kafka/client/group_requests.hpp"
#include "kafka/client/member_heartbeat.hpp"
#include "kafka/protocol/join_group.hpp"
#include "kafka/protocol/sync_group.hpp"

namespace copycat::kafka_client {

// Kafka's MemberState.
enum class member_state { unjoined, preparing_rebalance, completing_rebalance, stable };

class group_member : public std::enable_shared_from_this<group_member> {
public:
    using executor_type = boost::asio::any_io_executor;

    // invalid_argument when validate(config) fails. `listener` must outlive the member's
    // activity (see group_listener.hpp).
    static result<std::shared_ptr<group_member>> create(executor_type executor, group_member_config config,
                                                        group_listener& listener);

    group_member(const group_member&) = delete;
    group_member& operator=(const group_member&) = delete;

    // Starts finding the coordinator and joining. Ignored unless new or stopped.
    void start();
    // Starts a rebalance (Kafka's requestRejoin); the reason goes into JoinGroup v8+ and into
    // on_rejoin_started. Ignored unless running.
    void request_rejoin(std::string reason);
    // Leaves the group (see the file comment) and calls `done` on the strand. May be called
    // more than once; every `done` runs.
    void stop(std::string reason, std::function<void()> done = nullptr);

    // The strand everything runs on.
    const executor_type& executor() const noexcept { return strand_; }

private:
    enum class lifecycle { created, running, stopping, stopped, failed };
    using generation_state = group_generation;

    group_member(executor_type strand, group_member_config config, group_listener& listener);

    // Does the next step that is due: find the coordinator, or start a rebalance.
    void drive();
    void backoff_then_drive();
    void find_coordinator();
    void on_coordinator_found();
    void mark_coordinator_unknown(const std::string& reason);
    void on_coordinator_unreachable();
    // A request got no answer: the coordinator is marked unknown, or the member fails when the
    // request can never succeed (no common version, not encodable).
    void request_failed(const std::string& request, const error& failure);
    void request_rejoin_now(std::string reason);

    void join_group();
    void send_join_group();
    void on_join_response(result<kafka_protocol::join_group_response> response, const generation_state& sent,
                          std::uint64_t epoch);
    void on_joined(const kafka_protocol::join_group_response& response);
    void send_sync_group(std::vector<member_assignment> assignments);
    void on_sync_response(result<kafka_protocol::sync_group_response> response, const generation_state& sent,
                          std::uint64_t epoch);
    // Ends a failed rebalance round; the next one starts now or after the backoff.
    void retry_join(std::string reason, bool backoff);

    bool in_group() const noexcept {
        return state_ == member_state::completing_rebalance || state_ == member_state::stable;
    }
    void on_heartbeat_event(const member_heartbeat::event& e);

    void reset_generation(bool reset_member_id, const std::string& reason);
    void lose_membership(const std::string& reason);
    void fail(const error& failure);

    void begin_stop(const std::string& reason);
    void finish_stop();

    executor_type strand_;
    group_member_config config_;
    group_listener& listener_;
    std::string who_;  // "group <id> (<client id>)", the prefix of every log line
    std::shared_ptr<coordinator_link> coordinator_;

    lifecycle lifecycle_ = lifecycle::created;
    unsigned lookup_failures_ = 0;  // consecutive failed coordinator lookups
    member_state state_ = member_state::unjoined;
    generation_state generation_;
    std::string leader_id_;

    bool rejoin_needed_ = true;
    std::string rejoin_reason_;
    bool needs_join_prepare_ = true;
    bool join_in_flight_ = false;  // a JoinGroup or SyncGroup of the current round
    bool has_assignment_ = false;  // on_assigned ran and the assignment was not lost since

    std::shared_ptr<member_heartbeat> heartbeat_;
    boost::asio::steady_timer retry_timer_;
    bool retry_pending_ = false;

    std::vector<std::function<void()>> stop_waiters_;
};

}  // namespace copycat::kafka_client
