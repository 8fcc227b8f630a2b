#pragma once
// incremental_cooperative_assignor: Kafka's IncrementalCooperativeAssignor (KIP-415,
// docs/group-protocol.md#incremental-cooperative-assignor). Assignments are deltas: each member
// is told what to start (assigned) and what to stop (revoked), and nothing moves in one round: an
// item revoked in round N is assigned in round N+1 (the holders rejoin at once after stopping
// it), so no item is owned twice in a generation. Work of a worker that disappeared is held for up to
// scheduled.rebalance.max.delay.ms (the delay is reported to every member, who rejoin when it
// expires), then given to workers that came back empty, or balanced like new work.
//
// Deliberate differences from Kafka:
//  * Work of a worker that left GRACEFULLY (its URL in input.departed_gracefully_urls) is
//    reassigned in the next round; only a worker that vanished has its work held for the delay.
//    A vanished worker whose URL is in the group again (it restarted, or rejoined under a new
//    member id after losing its membership) is back: its former work is reassigned at once.
//    The leader cannot see a LeaveGroup: a leaving worker tells the leader's herder over REST
//    (POST /internal/departures) before it leaves, and the herder tells the coordinator. To know
//    whose work was lost, the leader memory keeps each item's previous owner URL.
//  * "deleted" is (previous ∪ active) − configured, not previous − configured: an item a member
//    still runs that is no longer configured is revoked even right after a leader change.
//  * Workers are walked in member-id order (Java: HashMap order).
//
// The leader memory (previous assignment, revocations, generation, members, scheduled
// rebalance, candidates, successive-revocation backoff 40 ms x 40^n up to the max delay) lives in
// memory and is void after a leadership change: the caller passes last_completed_generation, and
// a mismatch with the generation this instance last assigned empties the memory, so nothing
// counts as lost and no delay is applied.
//
// Owned by the worker_coordinator (one instance across rebalances); called on the group
// member's strand only. Not thread-safe. The clock is input.now (injected).

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "coordination/assignor_input.hpp"
#include "coordination/connect_protocol.hpp"
#include "coordination/worker_loads.hpp"

namespace copycat::coordination {

class incremental_cooperative_assignor {
public:
    using clock = std::chrono::steady_clock;

    // max_delay: scheduled.rebalance.max.delay.ms (0 disables delays).
    explicit incremental_cooperative_assignor(std::chrono::milliseconds max_delay);

    // One member id -> assignment per member (version input.version, error 0, the leader fields
    // and input.config.offset); empty when there are no members.
    std::map<std::string, connect_assignment> assign(const assignor_input& input);

    // The delay reported in the last round (0 when none).
    std::int32_t delay_ms() const noexcept { return delay_; }
    // When the held work of vanished workers is due for reassignment, if a delay runs.
    std::optional<clock::time_point> scheduled_rebalance() const noexcept { return scheduled_; }

private:
    // What the leader remembers of the last round: every item and its owner's URL.
    struct owned_work {
        std::map<std::string, std::string> connectors;
        std::map<task_ref, std::string> tasks;
        work_set items() const;
    };

    // Kafka's handleLostAssignments, for the work of workers that vanished.
    void handle_lost(const work_set& lost, work_set& to_reassign, worker_loads& next, const assignor_input& input);
    void give_to_candidates(const work_set& lost, work_set& to_reassign, worker_loads& next);
    // Step 8: load-balancing revocations, with the guard against revocation storms.
    void balance(const work_set& configured, worker_loads& next, revocations& to_revoke, clock::time_point now);
    void reset_delay();
    std::int32_t backoff(int attempts) const;
    // Splits lost work by its previous owner: {gracefully departed or back in the group, vanished}.
    std::pair<work_set, work_set> split_lost(const work_set& lost, const assignor_input& input) const;
    bool previous_members_present(const assignor_input& input) const;
    void remember(const worker_loads& next, const work_set& lost, const revocations& revoked,
                  const assignor_input& input);

    std::chrono::milliseconds max_delay_;
    owned_work previous_;
    work_set previous_revocation_;
    bool revoked_in_previous_ = false;
    std::vector<std::string> candidates_;  // member ids, insertion order
    std::optional<clock::time_point> scheduled_;
    std::int32_t delay_ = 0;
    std::int32_t previous_generation_ = -1;
    std::map<std::string, std::string> previous_members_;  // member id -> url
    int successive_revoking_rounds_ = 0;
};

}  // namespace copycat::coordination
