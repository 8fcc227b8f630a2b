#pragma once
// coordinator_listener: what a worker_coordinator tells its user, the herder (Kafka's
// WorkerRebalanceListener, seen through WorkerCoordinator).
//
// Threading: every method is called on the coordinator's strand (the group member's), one at a
// time. Implementations post to their own loop and return at once; they may call the
// coordinator's public methods (those are thread-safe or queued). The listener must outlive the
// coordinator's activity (until stop()'s handler has run).

#include <cstdint>
#include <string>

#include "common/result.hpp"
#include "coordination/connect_protocol.hpp"

namespace copycat::coordination {

class coordinator_listener {
public:
    virtual ~coordinator_listener() = default;

    // A rebalance completed. `assignment` is this worker's blob as the leader sent it (its error
    // may be CONFIG_MISMATCH: catch up with the config topic, then request_rejoin). `full` is the
    // complete set of work after applying it: eager -> assigned (the previous work was revoked
    // in on_revoke_all); incremental -> (previous full - revoked) + assigned, so the revoked
    // items must be stopped now, then (when revoked is non-empty) request_rejoin at once, and a
    // rejoin scheduled after assignment.delay_ms when it is positive. `full` is also what the
    // coordinator advertises as its allocation at the next join, unless set_current_allocation
    // says otherwise. `chosen` is the protocol the group chose.
    virtual void on_assignment(const connect_assignment& assignment, const work_set& full, std::int32_t generation,
                               const std::string& member_id, connect_protocol chosen) = 0;

    // Eager protocol only: a rebalance starts and all of `previous` must stop now.
    virtual void on_revoke_all(const work_set& previous) = 0;

    // A rebalance starts (any protocol); the reason that triggered it.
    virtual void on_rejoin_started(const std::string& reason) { (void)reason; }

    // The membership is gone (generation reset, coordinator unreachable for
    // heartbeat.interval.ms): stop all work, the assignment is void. A rejoin follows.
    virtual void on_membership_lost(const std::string& reason) = 0;

    // The coordinator gave up (see group_listener::on_fatal_error): stop all work.
    virtual void on_fatal_error(const error& failure) = 0;
};

}  // namespace copycat::coordination
