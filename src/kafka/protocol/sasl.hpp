#pragma once
// SASL authentication messages, sent right after ApiVersions on a SASL connection.
//
// SaslHandshake (key 17; versions 0-1, never flexible): the client names a mechanism ("PLAIN",
// "SCRAM-SHA-256", ...) and the broker lists the ones it enables. From v1 the mechanism's tokens
// then travel in SaslAuthenticate (key 36; versions 0-2, flexible from 2); SessionLifetimeMs is
// in responses from v1.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "kafka/protocol/error_code.hpp"
#include "kafka/protocol/types.hpp"
#include "kafka/protocol/versions.hpp"

namespace copycat::kafka_protocol {

struct sasl_handshake_request {
    static constexpr api_key api = api_key::sasl_handshake;

    std::string mechanism;

    result<bytes> encode(std::int16_t version) const;
    static result<sasl_handshake_request> decode(bytes_view data, std::int16_t version);
    bool operator==(const sasl_handshake_request&) const = default;
};

struct sasl_handshake_response {
    static constexpr api_key api = api_key::sasl_handshake;

    error_code error = error_code::none;
    std::vector<std::string> mechanisms;  // the mechanisms the broker enables

    result<bytes> encode(std::int16_t version) const;
    static result<sasl_handshake_response> decode(bytes_view data, std::int16_t version);
    bool operator==(const sasl_handshake_response&) const = default;
};

struct sasl_authenticate_request {
    static constexpr api_key api = api_key::sasl_authenticate;

    bytes auth_bytes;  // the mechanism's client token

    result<bytes> encode(std::int16_t version) const;
    static result<sasl_authenticate_request> decode(bytes_view data, std::int16_t version);
    bool operator==(const sasl_authenticate_request&) const = default;
};

struct sasl_authenticate_response {
    static constexpr api_key api = api_key::sasl_authenticate;

    error_code error = error_code::none;
    std::optional<std::string> error_message;
    bytes auth_bytes;                      // the mechanism's server token
    std::int64_t session_lifetime_ms = 0;  // v1+; 0: no re-authentication required

    result<bytes> encode(std::int16_t version) const;
    static result<sasl_authenticate_response> decode(bytes_view data, std::int16_t version);
    bool operator==(const sasl_authenticate_response&) const = default;
};

}  // namespace copycat::kafka_protocol
