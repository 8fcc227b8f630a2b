#pragma once
// Kafka protocol error codes as std::error_code values, so that a broker's answer (say
// GROUP_AUTHORIZATION_FAILED) can travel inside a copycat::error next to transport failures
// (errc::io_error, errc::timeout, ...) and still be recognised by the caller.

#include <optional>
#include <string_view>
#include <system_error>

#include "common/result.hpp"
#include "kafka/protocol/error_code.hpp"

namespace copycat::kafka_client {

// The category of Kafka protocol error codes; message() is describe(code).
const std::error_category& kafka_category() noexcept;

std::error_code make_kafka_error_code(kafka_protocol::error_code code) noexcept;

// An error carrying `code`, with a message "<context>: NOT_COORDINATOR (16)".
error kafka_error(kafka_protocol::error_code code, std::string_view context);

// The Kafka code inside `code`, or nullopt when it is not from kafka_category().
std::optional<kafka_protocol::error_code> kafka_code_of(const std::error_code& code) noexcept;

// True if `e` carries the Kafka error `code`.
bool is_kafka_error(const error& e, kafka_protocol::error_code code) noexcept;

// True when `code` is a TLS handshake the TLS library refused: the broker's certificate is not
// trusted or does not name the host, no common protocol or cipher, a handshake alert from the
// broker. Not a connection failing underneath (refused, reset, closed mid-handshake).
bool is_tls_refusal(const std::error_code& code) noexcept;

// True when `e` says the client cannot authenticate to the broker, which retrying will not
// change (Kafka's AuthenticationException): SASL_AUTHENTICATION_FAILED,
// UNSUPPORTED_SASL_MECHANISM, ILLEGAL_SASL_STATE, or a TLS refusal (Kafka's
// SslAuthenticationException).
bool is_authentication_failure(const error& e) noexcept;

}  // namespace copycat::kafka_client
