#pragma once
// Heartbeat (key 12; versions 0-4, flexible from 4): keeps a member's session alive and tells it
// when a rebalance starts (REBALANCE_IN_PROGRESS). GroupInstanceId v3+; ThrottleTimeMs v1+.

#include <cstdint>
#include <optional>
#include <string>

#include "common/result.hpp"
#include "kafka/protocol/error_code.hpp"
#include "kafka/protocol/types.hpp"
#include "kafka/protocol/versions.hpp"

namespace copycat::kafka_protocol {

struct heartbeat_request {
    static constexpr api_key api = api_key::heartbeat;

    std::string group_id;
    std::int32_t generation_id = 0;
    std::string member_id;
    std::optional<std::string> group_instance_id;  // v3+; static membership only

    result<bytes> encode(std::int16_t version) const;
    static result<heartbeat_request> decode(bytes_view data, std::int16_t version);
    bool operator==(const heartbeat_request&) const = default;
};

struct heartbeat_response {
    static constexpr api_key api = api_key::heartbeat;

    std::int32_t throttle_time_ms = 0;  // v1+
    error_code error = error_code::none;

    result<bytes> encode(std::int16_t version) const;
    static result<heartbeat_response> decode(bytes_view data, std::int16_t version);
    bool operator==(const heartbeat_response&) const = default;
};

}  // namespace copycat::kafka_protocol
