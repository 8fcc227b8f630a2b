#pragma once
// response_t<Request>: the response message type that answers a request message type, for
// broker_connection::send.

#include "kafka/protocol/api_versions.hpp"
#include "kafka/protocol/find_coordinator.hpp"
#include "kafka/protocol/heartbeat.hpp"
#include "kafka/protocol/join_group.hpp"
#include "kafka/protocol/leave_group.hpp"
#include "kafka/protocol/sasl.hpp"
#include "kafka/protocol/sync_group.hpp"

namespace copycat::kafka_client {

template <class Request>
struct response_of;

template <>
struct response_of<kafka_protocol::api_versions_request> {
    using type = kafka_protocol::api_versions_response;
};
template <>
struct response_of<kafka_protocol::find_coordinator_request> {
    using type = kafka_protocol::find_coordinator_response;
};
template <>
struct response_of<kafka_protocol::join_group_request> {
    using type = kafka_protocol::join_group_response;
};
template <>
struct response_of<kafka_protocol::sync_group_request> {
    using type = kafka_protocol::sync_group_response;
};
template <>
struct response_of<kafka_protocol::heartbeat_request> {
    using type = kafka_protocol::heartbeat_response;
};
template <>
struct response_of<kafka_protocol::leave_group_request> {
    using type = kafka_protocol::leave_group_response;
};
template <>
struct response_of<kafka_protocol::sasl_handshake_request> {
    using type = kafka_protocol::sasl_handshake_response;
};
template <>
struct response_of<kafka_protocol::sasl_authenticate_request> {
    using type = kafka_protocol::sasl_authenticate_response;
};

template <class Request>
using response_t = typename response_of<Request>::type;

}  // namespace copycat::kafka_client
