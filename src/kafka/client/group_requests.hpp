#pragma once
// The group requests a member sends, built from its config and generation (what Kafka's
// AbstractCoordinator puts in each request builder), and the checks of successful answers.
// Pure functions.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "kafka/client/group_listener.hpp"
#include "kafka/client/group_member_config.hpp"
#include "kafka/protocol/heartbeat.hpp"
#include "kafka/protocol/join_group.hpp"
#include "kafka/protocol/leave_group.hpp"
#include "kafka/protocol/sync_group.hpp"

namespace copycat::kafka_client {

// Kafka's client cuts JoinGroup and LeaveGroup reasons to this many characters.
inline constexpr std::size_t max_reason_length = 255;

// The generation as Kafka's client keeps it: id, member id and the chosen protocol.
struct group_generation {
    std::int32_t id = -1;
    std::string member_id;
    std::string protocol_name;
    bool operator==(const group_generation&) const = default;
};

// A reason for the wire: nullopt when empty, else cut to max_reason_length.
std::optional<std::string> wire_reason(const std::string& reason);

// The JoinGroup request timeout: max(request.timeout.ms, rebalance.timeout.ms + 5 s).
std::chrono::milliseconds join_group_timeout(const group_member_config& config);

kafka_protocol::join_group_request make_join_group_request(const group_member_config& config,
                                                           const std::string& member_id,
                                                           std::vector<group_protocol> protocols,
                                                           const std::string& reason);

kafka_protocol::sync_group_request make_sync_group_request(const group_member_config& config,
                                                           const group_generation& generation,
                                                           std::vector<member_assignment> assignments);

kafka_protocol::heartbeat_request make_heartbeat_request(const group_member_config& config,
                                                         const group_generation& generation);

kafka_protocol::leave_group_request make_leave_group_request(const group_member_config& config,
                                                             const std::string& member_id, const std::string& reason,
                                                             std::int16_t version);

// A successful JoinGroup answer the member can use: INCONSISTENT_GROUP_PROTOCOL (a kafka error)
// when ProtocolType (v7+) differs from ours, no protocol was chosen, or SkipAssignment is set
// (Connect refuses it too).
result<void> check_join_response(const group_member_config& config,
                                 const kafka_protocol::join_group_response& response);

// A successful SyncGroup answer whose ProtocolType and ProtocolName (v5+, when present) match the
// config and the joined generation; INCONSISTENT_GROUP_PROTOCOL otherwise.
result<void> check_sync_response(const group_member_config& config, const group_generation& generation,
                                 const kafka_protocol::sync_group_response& response);

// What the leader's listener assigns from.
leader_context make_leader_context(const kafka_protocol::join_group_response& response);

}  // namespace copycat::kafka_client
