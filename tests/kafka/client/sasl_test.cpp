// SASL: the SCRAM client against RFC 7677's test vector, and PLAIN / SCRAM-SHA-256 /
// SCRAM-SHA-512 authentication of a broker_connection against fake_broker playing a SASL
// server (SaslHandshake v1 + SaslAuthenticate).
#include <catch2/catch.hpp>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "client_loop.hpp"
#include "copycat/data/base64.hpp"
#include "fake_broker.hpp"
#include "group_test_support.hpp"
#include "kafka/client/broker_connection.hpp"
#include "kafka/client/kafka_error.hpp"
#include "kafka/client/scram_client.hpp"

using namespace copycat;
using namespace copycat::kafka_client;
using namespace copycat::kafka_client::testing;
using kp::api_key;
using kp::error_code;

namespace {

std::string text_of_view(kp::bytes_view b) { return {reinterpret_cast<const char*>(b.data()), b.size()}; }

// A broker-side SASL exchange for one user, PLAIN and SCRAM (salt and iterations fixed; the
// SCRAM proof is checked the way a server does: H(ClientProof XOR ClientSignature) == StoredKey).
class fake_sasl_server {
public:
    fake_sasl_server(std::vector<std::string> mechanisms, std::string user, std::string password)
        : mechanisms_(std::move(mechanisms)), user_(std::move(user)), password_(std::move(password)) {}

    fake_reply handle(const fake_request& request) {
        std::lock_guard lock(mutex_);
        if (request.header.key == api_key::sasl_handshake) {
            const auto hs = decode_request<kp::sasl_handshake_request>(request);
            kp::sasl_handshake_response response{error_code::none, mechanisms_};
            if (std::find(mechanisms_.begin(), mechanisms_.end(), hs.mechanism) == mechanisms_.end()) {
                response.error = error_code::unsupported_sasl_mechanism;
            }
            mechanism_[request.connection] = hs.mechanism;
            return {{response_frame(response, request)}, response.error != error_code::none};
        }
        if (request.header.key != api_key::sasl_authenticate) return {};
        const auto token = text_of_view(decode_request<kp::sasl_authenticate_request>(request).auth_bytes);
        const std::string mechanism = mechanism_[request.connection];
        std::optional<std::string> answer =
            mechanism == "PLAIN" ? plain(token) : scram(mechanism, request.connection, token);
        kp::sasl_authenticate_response response;
        if (!answer) {
            response.error = error_code::sasl_authentication_failed;
            response.error_message = "Authentication failed: Invalid username or password";
            return {{response_frame(response, request)}, true};
        }
        response.auth_bytes = bytes_of(*answer);
        return {{response_frame(response, request)}, false};
    }

    int authenticated() const {
        std::lock_guard lock(mutex_);
        return authenticated_;
    }

private:
    std::optional<std::string> plain(const std::string& token) {
        if (token != std::string(1, '\0') + user_ + std::string(1, '\0') + password_) return std::nullopt;
        ++authenticated_;
        return std::string();
    }

    std::optional<std::string> scram(const std::string& mechanism, std::size_t connection, const std::string& token) {
        const scram_hash hash = mechanism == "SCRAM-SHA-256" ? scram_hash::sha256 : scram_hash::sha512;
        auto& state = scram_[connection];
        if (state.client_first_bare.empty()) {
            if (token.rfind("n,,n=" + user_ + ",r=", 0) != 0) return std::nullopt;
            state.client_first_bare = token.substr(3);
            state.nonce = token.substr(token.find(",r=") + 3) + "server-nonce";
            state.server_first = "r=" + state.nonce + ",s=" + base64_encode(salt_) + ",i=4096";
            return state.server_first;
        }
        const auto proof_at = token.find(",p=");
        if (proof_at == std::string::npos) return std::nullopt;
        const std::string without_proof = token.substr(0, proof_at);
        if (without_proof != "c=biws,r=" + state.nonce) return std::nullopt;
        const auto proof = base64_decode_string(token.substr(proof_at + 3));
        const std::string salted = scram_salted_password(hash, password_, salt_, 4096);
        const std::string stored_key = scram_digest(hash, scram_hmac(hash, salted, "Client Key"));
        const std::string auth_message = state.client_first_bare + "," + state.server_first + "," + without_proof;
        const std::string signature = scram_hmac(hash, stored_key, auth_message);
        if (!proof || proof->size() != signature.size()) return std::nullopt;
        std::string client_key = *proof;
        for (std::size_t i = 0; i < client_key.size(); ++i)
            client_key[i] = static_cast<char>(client_key[i] ^ signature[i]);
        if (scram_digest(hash, client_key) != stored_key) return std::nullopt;
        ++authenticated_;
        const std::string server_key = scram_hmac(hash, salted, "Server Key");
        return "v=" + base64_encode(scram_hmac(hash, server_key, auth_message));
    }

    struct scram_state {
        std::string client_first_bare;
        std::string nonce;
        std::string server_first;
    };

    mutable std::mutex mutex_;
    std::vector<std::string> mechanisms_;
    std::string user_;
    std::string password_;
    const std::string salt_ = "fixed-salt-16byt";
    std::map<std::size_t, std::string> mechanism_;
    std::map<std::size_t, scram_state> scram_;
    int authenticated_ = 0;
};

// Connects with `sasl` to a fake broker serving `server`; the connect outcome.
result<void> connect_with(fake_broker& broker, client_loop& loop, const sasl_options& sasl) {
    connection_options options;
    options.security = security_protocol::sasl_plaintext;
    options.sasl = sasl;
    auto conn = broker_connection::create(loop.io.get_executor(), options);
    std::optional<result<void>> ready;
    conn->connect(broker.address(), [&](result<void> r) { ready = std::move(r); });
    REQUIRE(loop.run_until([&] { return ready.has_value(); }));
    conn->close();
    return *ready;
}

}  // namespace

TEST_CASE("SCRAM-SHA-256 matches the RFC 7677 test vector") {
    scram_client client(scram_hash::sha256, "user", "pencil", "rOprNGfwEbeRWgbNEkqO");
    CHECK(client.mechanism() == "SCRAM-SHA-256");
    auto first = client.first_message();
    REQUIRE(first.ok());
    CHECK(text_of(*first) == "n,,n=user,r=rOprNGfwEbeRWgbNEkqO");
    const std::string server_first =
        "r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096";
    auto final_message = client.evaluate(bytes_of(server_first));
    REQUIRE(final_message.ok());
    REQUIRE(final_message->has_value());
    CHECK(text_of(**final_message) ==
          "c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,"
          "p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=");
    SECTION("a good server signature completes it") {
        auto done = client.evaluate(bytes_of("v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4="));
        REQUIRE(done.ok());
        CHECK_FALSE(done->has_value());
    }
    SECTION("a bad server signature fails it") {
        auto done = client.evaluate(bytes_of("v=AAAATRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4="));
        REQUIRE_FALSE(done.ok());
        CHECK(is_kafka_error(done.err(), error_code::sasl_authentication_failed));
    }
}

TEST_CASE("SCRAM refuses weak or foreign server-first messages") {
    const auto attempt = [](const std::string& server_first) {
        scram_client client(scram_hash::sha512, "user", "pencil", "abc");
        REQUIRE(client.first_message().ok());
        return client.evaluate(bytes_of(server_first)).ok();
    };
    CHECK(attempt("r=abcdef,s=c2FsdA==,i=4096"));
    CHECK_FALSE(attempt("r=abcdef,s=c2FsdA==,i=4095"));  // below Kafka's minimum
    CHECK_FALSE(attempt("r=xyzdef,s=c2FsdA==,i=4096"));  // not our nonce
    CHECK_FALSE(attempt("r=abc,s=c2FsdA==,i=4096"));     // nothing added by the server
    CHECK_FALSE(attempt("m=ext,r=abcdef,s=c2FsdA==,i=4096"));
    CHECK_FALSE(attempt("r=abcdef,s=c2FsdA=,i=4096"));  // bad base64
}

TEST_CASE("a SASL_PLAINTEXT connection authenticates before it is ready") {
    fake_broker broker;
    fake_sasl_server server({"PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"}, "alice", "s3cret");
    broker.set_responder([&](const fake_request& r) { return server.handle(r); });
    client_loop loop;
    const auto mechanism = GENERATE(as<std::string>{}, "PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512");
    INFO(mechanism);

    SECTION("with the right password") {
        auto ready = connect_with(broker, loop, {mechanism, "alice", "s3cret"});
        INFO((ready.ok() ? std::string("ok") : ready.err().describe()));
        CHECK(ready.ok());
        CHECK(server.authenticated() == 1);
        const auto seen = broker.requests();
        REQUIRE(seen.size() >= 3);
        CHECK(seen[0].header.key == api_key::api_versions);
        CHECK(seen[1].header.key == api_key::sasl_handshake);
        CHECK(seen[1].header.api_version == 1);
        CHECK(seen[2].header.key == api_key::sasl_authenticate);
        CHECK(broker.count(api_key::sasl_authenticate) == (mechanism == "PLAIN" ? 1u : 2u));
    }
    SECTION("with a wrong password") {
        auto ready = connect_with(broker, loop, {mechanism, "alice", "wrong"});
        REQUIRE_FALSE(ready.ok());
        CHECK(is_kafka_error(ready.err(), error_code::sasl_authentication_failed));
        CHECK(ready.err().message.find("Invalid username or password") != std::string::npos);
    }
}

TEST_CASE("a mechanism the broker does not enable fails with UNSUPPORTED_SASL_MECHANISM") {
    fake_broker broker;
    fake_sasl_server server({"PLAIN"}, "alice", "s3cret");
    broker.set_responder([&](const fake_request& r) { return server.handle(r); });
    client_loop loop;
    auto ready = connect_with(broker, loop, {"SCRAM-SHA-512", "alice", "s3cret"});
    REQUIRE_FALSE(ready.ok());
    CHECK(is_kafka_error(ready.err(), error_code::unsupported_sasl_mechanism));
    CHECK(ready.err().message.find("PLAIN") != std::string::npos);
    CHECK_FALSE(connect_with(broker, loop, {"GSSAPI", "alice", "x"}).ok());
}
