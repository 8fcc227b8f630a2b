#pragma once
// group_listener: what a group_member's user supplies and is told (the hooks Kafka's
// AbstractCoordinator leaves to subclasses such as Connect's WorkerCoordinator).
//
// Threading: every method is called on the group_member's strand, one at a time, never while
// the member holds a lock; a method may call the member's public methods (they are queued). The
// listener must outlive the member's activity: until stop()'s handler has run, or for the
// member's lifetime.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "kafka/protocol/types.hpp"

namespace copycat::kafka_client {

using kafka_protocol::bytes;

// A protocol this member supports and its metadata for it (JoinGroup Protocols entry).
struct group_protocol {
    std::string name;
    bytes metadata;
};

// A member as the leader sees it: its metadata for the chosen protocol.
struct group_member_metadata {
    std::string member_id;
    std::optional<std::string> group_instance_id;
    bytes metadata;
};

// What the leader computes assignments from.
struct leader_context {
    std::int32_t generation = -1;
    std::string leader_id;                       // this member
    std::string protocol_name;                   // chosen by the coordinator
    std::vector<group_member_metadata> members;  // every member, this one included
};

// The leader's assignment for one member (SyncGroup Assignments entry).
struct member_assignment {
    std::string member_id;
    bytes assignment;
};

// What every member receives after a completed rebalance.
struct group_assignment {
    std::int32_t generation = -1;
    std::string member_id;
    std::string leader_id;
    std::string protocol_name;
    bytes assignment;  // this member's bytes from the leader (may be empty)

    bool is_leader() const noexcept { return !member_id.empty() && member_id == leader_id; }
};

// Tells the user a new rebalance begins (Kafka's onJoinPrepare).
struct rejoin_info {
    std::int32_t generation = -1;  // the generation being left; -1 when none
    std::string member_id;         // "" before the first join
    std::string reason;
};

class group_listener {
public:
    virtual ~group_listener() = default;

    // The protocols to offer, in preference order, with their metadata. Called before every
    // JoinGroup (metadata may change between rebalances, e.g. Connect's config offset).
    virtual std::vector<group_protocol> protocols() = 0;

    // Leader only: one assignment per member (members left out receive empty bytes). An error
    // is fatal: the member reports it through on_fatal_error.
    virtual result<std::vector<member_assignment>> assign(const leader_context& context) = 0;

    // The rebalance completed (SyncGroup succeeded): this member's assignment.
    virtual void on_assigned(const group_assignment& assignment) = 0;

    // A rebalance starts: called once before the first JoinGroup of each rebalance. The last
    // assignment still stands (an eager user stops its work here; a cooperative one keeps it).
    virtual void on_rejoin_started(const rejoin_info& info) { (void)info; }

    // The last assignment is void and its work must stop: the coordinator reset this member's
    // generation (UNKNOWN_MEMBER_ID, ILLEGAL_GENERATION, session expired) or it could not be
    // reached for heartbeat.interval.ms (Connect's rule against zombie work). Called at most once
    // per on_assigned; a rejoin follows.
    virtual void on_membership_lost(const std::string& reason) { (void)reason; }

    // A fatal error (INCONSISTENT_GROUP_PROTOCOL, INVALID_SESSION_TIMEOUT,
    // GROUP_AUTHORIZATION_FAILED, FENCED_INSTANCE_ID, an authentication failure such as
    // SASL_AUTHENTICATION_FAILED or a refused TLS handshake (is_authentication_failure), an
    // assign() failure, ...): the error carries the Kafka code (kafka_code_of) when there is one.
    // The member does nothing more until stop(); any assignment it had must be considered lost.
    virtual void on_fatal_error(const error& failure) { (void)failure; }
};

}  // namespace copycat::kafka_client
