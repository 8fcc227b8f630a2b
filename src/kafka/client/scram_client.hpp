#pragma once
// scram_client: SCRAM-SHA-256 and SCRAM-SHA-512 (RFC 5802, RFC 7677) as Kafka's ScramSaslClient
// speaks them: no channel binding ("n,,"), a random nonce, at least 4096 iterations, and the
// server's signature verified before authentication counts as complete. The crypto (PBKDF2,
// HMAC, digests, random bytes) is OpenSSL's.
//
// Ownership and threading: one object per authentication; not thread-safe.

#include <optional>
#include <string>

#include "kafka/client/sasl_client.hpp"

namespace copycat::kafka_client {

enum class scram_hash { sha256, sha512 };

class scram_client final : public sasl_client {
public:
    // `client_nonce` is for tests (RFC test vectors); empty means a fresh random one.
    scram_client(scram_hash hash, std::string username, std::string password, std::string client_nonce = {});

    std::string mechanism() const override;
    result<kafka_protocol::bytes> first_message() override;
    result<std::optional<kafka_protocol::bytes>> evaluate(kafka_protocol::bytes_view server_message) override;

    // Kafka's minimum iteration count for both hashes (ScramMechanism.minIterations).
    static constexpr int min_iterations = 4096;

private:
    enum class step { initial, first_sent, final_sent, done };

    result<std::optional<kafka_protocol::bytes>> on_server_first(const std::string& message);
    result<std::optional<kafka_protocol::bytes>> on_server_final(const std::string& message);

    scram_hash hash_;
    std::string username_;
    std::string password_;
    std::string client_nonce_;
    step step_ = step::initial;
    std::string client_first_bare_;
    std::string expected_server_signature_;  // base64
};

// Also used by the tests: HMAC and PBKDF2 for `hash`.
std::string scram_hmac(scram_hash hash, const std::string& key, const std::string& data);
std::string scram_digest(scram_hash hash, const std::string& data);
std::string scram_salted_password(scram_hash hash, const std::string& password, const std::string& salt,
                                  int iterations);

}  // namespace copycat::kafka_client
