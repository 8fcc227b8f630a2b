// KIP-507 request signing: reading the headers, verifying as Kafka's DistributedHerder does, and
// when the leader rotates its session key.
#include <catch2/catch.hpp>

#include <string>

#include "copycat/data/base64.hpp"
#include "herder/request_signing.hpp"

using namespace copycat;
using namespace copycat::herder;

namespace {

const storage::session_key_record key{base64_encode(std::string(32, 'k')), "HmacSHA256", 1'000};

// The signature a peer computes for `body`, read back as the receiving worker reads it.
std::optional<request_signature> signed_by(const storage::session_key_record& k, const std::string& body,
                                           const std::string& received_body) {
    auto headers = sign_request(body, k, "HmacSHA256");
    REQUIRE(headers);
    REQUIRE(headers->size() == 2);
    CHECK((*headers)[0].first == "X-Connect-Authorization");
    CHECK((*headers)[1] == std::pair<std::string, std::string>{"X-Connect-Request-Signature-Algorithm", "HmacSHA256"});
    auto sig = read_request_signature((*headers)[1].second, (*headers)[0].second, received_body);
    REQUIRE(sig);
    return *sig;
}

}  // namespace

TEST_CASE("a signature over the exact body verifies with the same key") {
    const std::string body = R"([{"task.class":"x"}])";
    CHECK(verify_request_signature(signed_by(key, body, body), key, {}));
}

TEST_CASE("Java's answers for missing, forged and stale signatures") {
    const request_signing_settings settings;
    auto missing = verify_request_signature(std::nullopt, key, settings);
    REQUIRE_FALSE(missing);
    CHECK(missing.err().code == errc::invalid_argument);
    CHECK(missing.err().message == "Internal request missing required signature");

    auto tampered = verify_request_signature(signed_by(key, "[]", "[{}]"), key, settings);
    REQUIRE_FALSE(tampered);
    CHECK(tampered.err().code == errc::forbidden);
    CHECK(tampered.err().message == "Internal request contained invalid signature.");

    const storage::session_key_record older{base64_encode(std::string(32, 'o')), "HmacSHA256", 500};
    auto stale = verify_request_signature(signed_by(older, "[]", "[]"), key, settings);
    REQUIRE_FALSE(stale);
    CHECK(stale.err().code == errc::forbidden);

    CHECK(verify_request_signature(signed_by(key, "[]", "[]"), std::nullopt, settings).err().code == errc::forbidden);
}

TEST_CASE("an algorithm outside inter.worker.verification.algorithms is a 400 naming the allowed ones") {
    request_signing_settings settings;
    settings.verification_algorithms = {"HmacSHA512", "HmacSHA384"};
    auto r = verify_request_signature(signed_by(key, "[]", "[]"), key, settings);
    REQUIRE_FALSE(r);
    CHECK(r.err().code == errc::invalid_argument);
    CHECK(
        r.err().message.starts_with("This worker does not support the 'HmacSHA256' key signing algorithm used by "
                                    "other workers. This worker is currently configured to use: [HmacSHA512, "
                                    "HmacSHA384]."));
}

TEST_CASE("reading the signature headers") {
    CHECK_FALSE(read_request_signature(std::nullopt, "abc=", "")->has_value());
    CHECK_FALSE(read_request_signature("HmacSHA256", std::nullopt, "")->has_value());
    auto unknown = read_request_signature("HmacFoo", "AAAA", "");
    REQUIRE_FALSE(unknown);
    CHECK(unknown.err().code == errc::invalid_argument);
    CHECK(unknown.err().message == "Algorithm HmacFoo not available");
    CHECK_FALSE(read_request_signature("HmacSHA256", "not base64!", ""));
}

TEST_CASE("the leader rotates a missing, expired or differently configured key") {
    request_signing_settings settings;
    settings.key_ttl = std::chrono::milliseconds(60'000);
    CHECK(session_key_rotation_reason(std::nullopt, 0, settings));
    CHECK_FALSE(session_key_rotation_reason(key, 1'000 + 59'999, settings));
    CHECK(session_key_rotation_reason(key, 1'000 + 60'000, settings));
    CHECK(session_key_expiration(key, settings) == 61'000);
    settings.key_size_bits = 128;
    CHECK(session_key_rotation_reason(key, 2'000, settings));
    settings.key_size_bits.reset();
    settings.key_generation_algorithm = "HmacSHA512";
    CHECK(session_key_rotation_reason(key, 2'000, settings));
}

TEST_CASE("a generated key is what Java writes: base64 of the key bytes, the algorithm, the creation time") {
    auto k = generate_session_key({}, 1'730'000'000'000);
    REQUIRE(k);
    CHECK(k->algorithm == "HmacSHA256");
    CHECK(k->creation_timestamp == 1'730'000'000'000);
    REQUIRE(base64_decode_string(k->key));
    CHECK(base64_decode_string(k->key)->size() == 32);
    CHECK_FALSE(session_key_rotation_reason(*k, 1'730'000'000'001, {}));
}
