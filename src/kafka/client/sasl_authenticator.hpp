#pragma once
// sasl_authenticator: SASL authentication on a new connection (security.protocol SASL_*),
// between the ApiVersions exchange and the connection becoming ready, as Kafka's
// SaslClientAuthenticator does it: SaslHandshake v1 names the mechanism, then SaslAuthenticate
// requests carry the mechanism's tokens (KIP-152) until the sasl_client is satisfied.
//
// Failures: UNSUPPORTED_SASL_MECHANISM, SASL_AUTHENTICATION_FAILED (with the broker's message)
// and ILLEGAL_SASL_STATE come back as kafka errors; a broker without SaslHandshake v1 or
// SaslAuthenticate as errc::unsupported.
//
// Ownership and threading: runs on the connection's strand, keeping itself alive until `done`
// has been called once.

#include <cstdint>
#include <functional>
#include <memory>

#include "common/result.hpp"
#include "kafka/client/broker_connection.hpp"
#include "kafka/client/sasl_client.hpp"

namespace copycat::kafka_client {

class sasl_authenticator : public std::enable_shared_from_this<sasl_authenticator> {
public:
    using done_handler = std::function<void(result<void>)>;

    static void run(std::shared_ptr<broker_connection> connection, std::unique_ptr<sasl_client> client,
                    done_handler done);

private:
    sasl_authenticator(std::shared_ptr<broker_connection> connection, std::unique_ptr<sasl_client> client,
                       done_handler done);

    void handshake();
    void send_token(kafka_protocol::bytes token);
    void finish(result<void> outcome);

    std::shared_ptr<broker_connection> connection_;
    std::unique_ptr<sasl_client> client_;
    done_handler done_;
};

}  // namespace copycat::kafka_client
