#include "kafka/client/sasl_authenticator.hpp"

#include <utility>

#include "common/logging.hpp"
#include "kafka/client/kafka_error.hpp"

namespace copycat::kafka_client {

namespace kp = kafka_protocol;

void sasl_authenticator::run(std::shared_ptr<broker_connection> connection, std::unique_ptr<sasl_client> client,
                             done_handler done) {
    std::shared_ptr<sasl_authenticator>(
        new sasl_authenticator(std::move(connection), std::move(client), std::move(done)))
        ->handshake();
}

sasl_authenticator::sasl_authenticator(std::shared_ptr<broker_connection> connection,
                                       std::unique_ptr<sasl_client> client, done_handler done)
    : connection_(std::move(connection)), client_(std::move(client)), done_(std::move(done)) {}

void sasl_authenticator::handshake() {
    // SaslHandshake v0 would send the tokens as raw frames; only v1 (KIP-152) is spoken here.
    if (!connection_->negotiated_version(kp::api_key::sasl_handshake, {1, 1}) ||
        !connection_->negotiated_version(kp::api_key::sasl_authenticate)) {
        finish(make_error(errc::unsupported, "broker " + connection_->address().to_string() +
                                                 " lacks SaslHandshake v1 or SaslAuthenticate"));
        return;
    }
    connection_->send_during_setup(
        kp::sasl_handshake_request{client_->mechanism()},
        [self = shared_from_this()](result<kp::sasl_handshake_response> response) {
            if (!response) {
                self->finish(response.err());
                return;
            }
            if (response->error != kp::error_code::none) {
                std::string offered;
                for (const auto& m : response->mechanisms) offered += (offered.empty() ? "" : ", ") + m;
                self->finish(kafka_error(
                    response->error, "SASL " + self->client_->mechanism() + " (the broker offers: " + offered + ")"));
                return;
            }
            auto first = self->client_->first_message();
            if (!first) {
                self->finish(first.err());
                return;
            }
            self->send_token(std::move(*first));
        },
        request_options{.timeout = std::nullopt, .versions = {1, 1}});
}

void sasl_authenticator::send_token(kp::bytes token) {
    connection_->send_during_setup(
        kp::sasl_authenticate_request{std::move(token)},
        [self = shared_from_this()](result<kp::sasl_authenticate_response> response) {
            if (!response) {
                self->finish(response.err());
                return;
            }
            if (response->error != kp::error_code::none) {
                self->finish(kafka_error(response->error, "SASL " + self->client_->mechanism() + " authentication: " +
                                                              response->error_message.value_or("no message")));
                return;
            }
            auto next = self->client_->evaluate(response->auth_bytes);
            if (!next) {
                self->finish(next.err());
            } else if (*next) {
                self->send_token(std::move(**next));
            } else {
                self->finish(result<void>{});
            }
        });
}

void sasl_authenticator::finish(result<void> outcome) {
    if (!done_) return;
    if (outcome) {
        log::debug("authenticated to {} with SASL {}", connection_->address().to_string(), client_->mechanism());
    }
    auto done = std::exchange(done_, nullptr);
    connection_.reset();
    done(std::move(outcome));
}

}  // namespace copycat::kafka_client
