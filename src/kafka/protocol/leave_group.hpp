#pragma once
// LeaveGroup (key 13; versions 0-5, flexible from 4): a member leaves so the group rebalances
// without waiting for its session to expire.
//
// v0-2 name one MemberId; v3+ send a batch of Members (MemberId, GroupInstanceId, Reason v5+)
// and get a result per member. A field the version lacks must keep its default when encoding,
// except the ignorable Members' Reason.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "kafka/protocol/error_code.hpp"
#include "kafka/protocol/types.hpp"
#include "kafka/protocol/versions.hpp"

namespace copycat::kafka_protocol {

// A leaving member (v3+).
struct leave_group_member {
    std::string member_id;
    std::optional<std::string> group_instance_id;
    std::optional<std::string> reason;  // v5+
    bool operator==(const leave_group_member&) const = default;
};

struct leave_group_request {
    static constexpr api_key api = api_key::leave_group;

    std::string group_id;
    std::string member_id;                    // v0-2
    std::vector<leave_group_member> members;  // v3+

    // A request for one dynamic member in the form `version` uses (MemberId or Members).
    static leave_group_request for_member(std::string group_id, std::string member_id,
                                          std::optional<std::string> reason, std::int16_t version);

    result<bytes> encode(std::int16_t version) const;
    static result<leave_group_request> decode(bytes_view data, std::int16_t version);
    bool operator==(const leave_group_request&) const = default;
};

// The result for one leaving member (v3+).
struct leave_group_member_response {
    std::string member_id;
    std::optional<std::string> group_instance_id;
    error_code error = error_code::none;
    bool operator==(const leave_group_member_response&) const = default;
};

struct leave_group_response {
    static constexpr api_key api = api_key::leave_group;

    std::int32_t throttle_time_ms = 0;  // v1+
    error_code error = error_code::none;
    std::vector<leave_group_member_response> members;  // v3+

    // The top-level error if set, else the first member's error that is set (Kafka's client rule).
    error_code effective_error() const noexcept;

    result<bytes> encode(std::int16_t version) const;
    static result<leave_group_response> decode(bytes_view data, std::int16_t version);
    bool operator==(const leave_group_response&) const = default;
};

}  // namespace copycat::kafka_protocol
