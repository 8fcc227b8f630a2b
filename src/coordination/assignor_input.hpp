#pragma once
// What the leader's assignors work from (the arguments of Kafka's ConnectAssignor
// .performAssignment, decoded): every member's URL and current allocation, the leader's config
// snapshot, the generations, and the protocol version of the blobs to produce. Plain values;
// the assignors never see bytes. Built by connect_leader on the group member's strand.

#include <chrono>
#include <cstdint>
#include <map>
#include <set>
#include <string>

#include "coordination/work_set.hpp"

namespace copycat::coordination {

// One member as its metadata describes it.
struct member_state {
    std::string url;      // its advertised REST URL
    work_set allocation;  // what it runs now (empty for V0 metadata or a null allocation)
};

// The part of a config snapshot assignment depends on (Kafka's ClusterConfigState).
struct config_view {
    std::int64_t offset = -1;                         // the config topic offset of the snapshot
    std::map<std::string, std::int32_t> task_counts;  // connector -> tasks (0 when inconsistent)

    bool operator==(const config_view&) const = default;
};

// Every connector of the view and its tasks 0..n-1.
work_set configured_work(const config_view& config);

struct assignor_input {
    std::string leader_id;
    std::string leader_url;
    std::map<std::string, member_state> members;  // member id -> state, the leader included
    config_view config;                           // the leader's snapshot (offset already checked)
    std::int32_t generation = -1;                 // the generation being assigned
    std::int32_t last_completed_generation = -1;  // the leader's last completed generation
    std::int16_t version = 1;                     // protocol version of the assignment blobs
    std::chrono::steady_clock::time_point now{};  // the clock of scheduled rebalances
    // Deliberate improvement over Kafka: URLs of workers known to have left the group GRACEFULLY
    // (LeaveGroup, e.g. a clean shutdown). Work they held is reassigned at once instead of being
    // held for scheduled.rebalance.max.delay.ms; only a worker that vanished keeps its work
    // parked for the delay. May stay empty (then Kafka's behaviour is unchanged).
    std::set<std::string> departed_gracefully_urls;
};

}  // namespace copycat::coordination
