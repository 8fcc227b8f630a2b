#pragma once
// sasl_client: the client side of one SASL mechanism (the tokens only; sasl_authenticator
// carries them in SaslAuthenticate requests). make_sasl_client picks PLAIN (RFC 4616) or
// SCRAM-SHA-256 / SCRAM-SHA-512 (RFC 5802, scram_client.hpp) by sasl.mechanism.
//
// Ownership and threading: one object per authentication, used by one connection on its strand.

#include <memory>
#include <optional>
#include <string>

#include "common/result.hpp"
#include "kafka/client/connection_options.hpp"
#include "kafka/protocol/types.hpp"

namespace copycat::kafka_client {

class sasl_client {
public:
    virtual ~sasl_client() = default;

    // The mechanism's name as SaslHandshake carries it ("PLAIN", "SCRAM-SHA-256", ...).
    virtual std::string mechanism() const = 0;
    // The client's first token.
    virtual result<kafka_protocol::bytes> first_message() = 0;
    // The server's token: the next client token, nullopt when authentication is complete, or an
    // error when the server's token is malformed or fails verification.
    virtual result<std::optional<kafka_protocol::bytes>> evaluate(kafka_protocol::bytes_view server_message) = 0;
};

// invalid_argument for an unknown mechanism or missing credentials.
result<std::unique_ptr<sasl_client>> make_sasl_client(const sasl_options& options);

}  // namespace copycat::kafka_client
