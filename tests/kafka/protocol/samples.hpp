#pragma once
// Sample messages for tests: for each message and version, a value that sets every field the
// version carries to something other than its default (so a dropped field shows up).

#include <cstdint>

#include "kafka/protocol/api_versions.hpp"
#include "kafka/protocol/find_coordinator.hpp"
#include "kafka/protocol/heartbeat.hpp"
#include "kafka/protocol/join_group.hpp"
#include "kafka/protocol/leave_group.hpp"
#include "kafka/protocol/sasl.hpp"
#include "kafka/protocol/sync_group.hpp"

// Every message struct, for TEMPLATE_TEST_CASE and the decoder table.
#define COPYCAT_KAFKA_PROTOCOL_MESSAGES                                                                        \
    copycat::kafka_protocol::api_versions_request, copycat::kafka_protocol::api_versions_response,             \
        copycat::kafka_protocol::find_coordinator_request, copycat::kafka_protocol::find_coordinator_response, \
        copycat::kafka_protocol::join_group_request, copycat::kafka_protocol::join_group_response,             \
        copycat::kafka_protocol::sync_group_request, copycat::kafka_protocol::sync_group_response,             \
        copycat::kafka_protocol::heartbeat_request, copycat::kafka_protocol::heartbeat_response,               \
        copycat::kafka_protocol::leave_group_request, copycat::kafka_protocol::leave_group_response,           \
        copycat::kafka_protocol::sasl_handshake_request, copycat::kafka_protocol::sasl_handshake_response,     \
        copycat::kafka_protocol::sasl_authenticate_request, copycat::kafka_protocol::sasl_authenticate_response

namespace copycat::kafka_protocol::testing {

void fill_sample(api_versions_request& m, std::int16_t version);
void fill_sample(api_versions_response& m, std::int16_t version);
void fill_sample(find_coordinator_request& m, std::int16_t version);
void fill_sample(find_coordinator_response& m, std::int16_t version);
void fill_sample(join_group_request& m, std::int16_t version);
void fill_sample(join_group_response& m, std::int16_t version);
void fill_sample(sync_group_request& m, std::int16_t version);
void fill_sample(sync_group_response& m, std::int16_t version);
void fill_sample(heartbeat_request& m, std::int16_t version);
void fill_sample(heartbeat_response& m, std::int16_t version);
void fill_sample(leave_group_request& m, std::int16_t version);
void fill_sample(leave_group_response& m, std::int16_t version);
void fill_sample(sasl_handshake_request& m, std::int16_t version);
void fill_sample(sasl_handshake_response& m, std::int16_t version);
void fill_sample(sasl_authenticate_request& m, std::int16_t version);
void fill_sample(sasl_authenticate_response& m, std::int16_t version);

template <class Message>
Message sample(std::int16_t version) {
    Message m;
    fill_sample(m, version);
    return m;
}

// True for the request structs (sent with a request header), false for responses.
template <class Message>
inline constexpr bool is_request_v = false;
template <>
inline constexpr bool is_request_v<api_versions_request> = true;
template <>
inline constexpr bool is_request_v<find_coordinator_request> = true;
template <>
inline constexpr bool is_request_v<join_group_request> = true;
template <>
inline constexpr bool is_request_v<sync_group_request> = true;
template <>
inline constexpr bool is_request_v<heartbeat_request> = true;
template <>
inline constexpr bool is_request_v<leave_group_request> = true;
template <>
inline constexpr bool is_request_v<sasl_handshake_request> = true;
template <>
inline constexpr bool is_request_v<sasl_authenticate_request> = true;

}  // namespace copycat::kafka_protocol::testing
