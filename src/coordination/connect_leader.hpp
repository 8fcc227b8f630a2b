#pragma once
// connect_leader: what the elected leader of a Connect group does with the JoinGroup member list
// (Kafka's WorkerCoordinator.onLeaderElected and the common part of EagerAssignor /
// IncrementalCooperativeAssignor.performAssignment;
// docs/group-protocol.md#the-leader-and-the-config-offset):
//  1. decode every member's metadata and take maxOffset, the highest config offset reported;
//  2. if its own snapshot is behind maxOffset, take a fresh one;
//  3. if still behind, answer every member CONFIG_MISMATCH with config-offset = maxOffset;
//  4. otherwise assign with the eager assignor for the "default" protocol and the incremental
//     cooperative one (a single instance, kept across rebalances) otherwise; every member gets
//     the same leader, leader URL (from the leader's own metadata) and config offset.
// A member whose metadata does not decode is logged and left out of the computation; it receives
// an assignment with no work.
//
// Owned by the worker_coordinator; called on the group member's strand only. Not thread-safe.

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>

#include "common/result.hpp"
#include "coordination/assignor_input.hpp"
#include "coordination/connect_protocol.hpp"
#include "coordination/incremental_cooperative_assignor.hpp"
#include "kafka/client/group_listener.hpp"

namespace copycat::coordination {

// The leader's view of who runs what after an assignment (Kafka's WorkerCoordinator.LeaderState).
struct work_owners {
    std::map<std::string, std::string> connectors;  // connector -> owner's URL
    std::map<task_ref, std::string> tasks;          // task -> owner's URL
};

struct leader_request {
    const kafka_client::leader_context* context = nullptr;
    connect_protocol protocol = connect_protocol::sessioned;  // the chosen protocol
    config_view snapshot;                                     // taken when this worker's metadata was built
    std::function<config_view()> fresh_snapshot;              // a newer snapshot, when behind
    std::int32_t last_completed_generation = -1;
    std::set<std::string> departed_gracefully_urls;
    std::chrono::steady_clock::time_point now{};
    std::string own_url;  // used when the leader's own metadata is missing
};

struct leader_outcome {
    std::map<std::string, connect_assignment> assignments;  // one per member id
    std::map<std::string, std::string> member_urls;         // members whose metadata decoded
    work_owners owners;                                     // empty after CONFIG_MISMATCH
    bool config_mismatch = false;
};

class connect_leader {
public:
    explicit connect_leader(std::chrono::milliseconds max_delay) : incremental_(max_delay) {}

    result<leader_outcome> assign(const leader_request& request);

    incremental_cooperative_assignor& incremental() noexcept { return incremental_; }

private:
    incremental_cooperative_assignor incremental_;
};

// Encodes each assignment as a SyncGroup entry.
result<std::vector<kafka_client::member_assignment>> encode_assignments(
    const std::map<std::string, connect_assignment>& assignments);

}  // namespace copycat::coordination
