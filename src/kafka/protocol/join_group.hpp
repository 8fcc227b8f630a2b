#pragma once
// JoinGroup (key 11; versions 0-9, flexible from 6): a member (re)joins a classic group and
// offers its protocols; the coordinator answers with the generation, the chosen protocol, the
// leader and, for the leader only, every member's metadata.
//
// Request: RebalanceTimeoutMs v1+, GroupInstanceId v5+, Reason v8+. Response: ThrottleTimeMs
// v2+, ProtocolType v7+, ProtocolName nullable from v7, SkipAssignment v9+, Members'
// GroupInstanceId v5+. From v4 a first join with an empty MemberId is answered with
// MEMBER_ID_REQUIRED and a MemberId to join again with. Encoding a value that the version cannot
// carry fails, except for ignorable fields (RebalanceTimeoutMs, Reason, ThrottleTimeMs,
// ProtocolType, Members' GroupInstanceId), which older versions drop as Kafka's client does.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "kafka/protocol/error_code.hpp"
#include "kafka/protocol/types.hpp"
#include "kafka/protocol/versions.hpp"

namespace copycat::kafka_protocol {

// A protocol the member supports, with its metadata for that protocol.
struct join_group_protocol {
    std::string name;
    bytes metadata;
    bool operator==(const join_group_protocol&) const = default;
};

struct join_group_request {
    static constexpr api_key api = api_key::join_group;

    std::string group_id;
    std::int32_t session_timeout_ms = 0;
    std::int32_t rebalance_timeout_ms = -1;        // v1+
    std::string member_id;                         // "" on the first join
    std::optional<std::string> group_instance_id;  // v5+; static membership only
    std::string protocol_type;                     // "connect"
    std::vector<join_group_protocol> protocols;    // in preference order
    std::optional<std::string> reason;             // v8+

    result<bytes> encode(std::int16_t version) const;
    static result<join_group_request> decode(bytes_view data, std::int16_t version);
    bool operator==(const join_group_request&) const = default;
};

// A member of the group as the leader sees it, with its metadata for the chosen protocol.
struct join_group_member {
    std::string member_id;
    std::optional<std::string> group_instance_id;  // v5+
    bytes metadata;
    bool operator==(const join_group_member&) const = default;
};

struct join_group_response {
    static constexpr api_key api = api_key::join_group;

    std::int32_t throttle_time_ms = 0;  // v2+
    error_code error = error_code::none;
    std::int32_t generation_id = -1;
    std::optional<std::string> protocol_type;  // v7+
    // The chosen protocol; null only from v7 (encoding null below v7 fails).
    std::optional<std::string> protocol_name = std::string();
    std::string leader;
    bool skip_assignment = false;  // v9+
    std::string member_id;
    std::vector<join_group_member> members;  // the leader's response only

    bool is_leader() const noexcept { return !member_id.empty() && member_id == leader; }

    result<bytes> encode(std::int16_t version) const;
    static result<join_group_response> decode(bytes_view data, std::int16_t version);
    bool operator==(const join_group_response&) const = default;
};

}  // namespace copycat::kafka_protocol
