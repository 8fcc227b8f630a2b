#pragma once
// SyncGroup (key 14; versions 0-5, flexible from 4): after a join, the leader sends every
// member's assignment and each member receives its own.
//
// GroupInstanceId v3+; ProtocolType and ProtocolName v5+ in both directions (KIP-559: the
// broker answers INCONSISTENT_GROUP_PROTOCOL on a mismatch). Followers send no assignments.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "kafka/protocol/error_code.hpp"
#include "kafka/protocol/types.hpp"
#include "kafka/protocol/versions.hpp"

namespace copycat::kafka_protocol {

// The leader's assignment for one member.
struct sync_group_assignment {
    std::string member_id;
    bytes assignment;
    bool operator==(const sync_group_assignment&) const = default;
};

struct sync_group_request {
    static constexpr api_key api = api_key::sync_group;

    std::string group_id;
    std::int32_t generation_id = 0;
    std::string member_id;
    std::optional<std::string> group_instance_id;    // v3+; static membership only
    std::optional<std::string> protocol_type;        // v5+, ignorable
    std::optional<std::string> protocol_name;        // v5+, ignorable
    std::vector<sync_group_assignment> assignments;  // leader only

    result<bytes> encode(std::int16_t version) const;
    static result<sync_group_request> decode(bytes_view data, std::int16_t version);
    bool operator==(const sync_group_request&) const = default;
};

struct sync_group_response {
    static constexpr api_key api = api_key::sync_group;

    std::int32_t throttle_time_ms = 0;  // v1+
    error_code error = error_code::none;
    std::optional<std::string> protocol_type;  // v5+
    std::optional<std::string> protocol_name;  // v5+
    bytes assignment;                          // this member's assignment

    result<bytes> encode(std::int16_t version) const;
    static result<sync_group_response> decode(bytes_view data, std::int16_t version);
    bool operator==(const sync_group_response&) const = default;
};

}  // namespace copycat::kafka_protocol
