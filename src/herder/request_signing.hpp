#pragma once
// KIP-507 internal request signing (Kafka: InternalRequestSignature and the session-key handling of
// DistributedHerder). Under connect.protocol=sessioned the leader keeps a session key in the config
// topic (record `session-key`), and every request one worker sends another's internal endpoints
// (POST /connectors/{c}/tasks, POST /internal/departures) carries
//
//   X-Connect-Authorization: <base64 of the HMAC of the exact body bytes under the session key>
//   X-Connect-Request-Signature-Algorithm: HmacSHA256
//
// which the receiver checks against the key it read. Pure functions, any thread; the herder calls
// them on its loop. docs/rest-api.md#request-signing has the rules and status codes.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/result.hpp"
#include "herder_api/request_signature.hpp"
#include "storage/config_records.hpp"

namespace copycat::herder {

// The inter.worker.* worker settings, with Kafka's defaults.
struct request_signing_settings {
    std::string key_generation_algorithm = "HmacSHA256";
    std::optional<int> key_size_bits;  // nullopt: the algorithm's default
    std::chrono::milliseconds key_ttl{3'600'000};
    std::string signature_algorithm = "HmacSHA256";
    std::vector<std::string> verification_algorithms{"HmacSHA256"};
};

// Java's DistributedHerder.requestNotSignedProperly, for a worker whose group runs the sessioned
// protocol: no signature → 400 "Internal request missing required signature"; an algorithm not in
// inter.worker.verification.algorithms → 400; a MAC that does not match the current key (compared
// in constant time) → 403 "Internal request contained invalid signature.".
result<void> verify_request_signature(const std::optional<request_signature>& signature,
                                      const std::optional<storage::session_key_record>& key,
                                      const request_signing_settings& settings);

// The two headers that sign `body` with `key` under `algorithm`.
result<std::vector<std::pair<std::string, std::string>>> sign_request(std::string_view body,
                                                                      const storage::session_key_record& key,
                                                                      std::string_view algorithm);

// When the leader must write a new key (Kafka: DistributedHerder.checkForKeyRotation): none yet,
// the current one expired (created + inter.worker.key.ttl.ms), or it has another algorithm or size
// than this worker generates. The reason, for the log; nullopt while the key stays good.
std::optional<std::string> session_key_rotation_reason(const std::optional<storage::session_key_record>& key,
                                                       std::int64_t now_ms, const request_signing_settings& settings);

// When `key` expires under these settings (ms since the epoch).
std::int64_t session_key_expiration(const storage::session_key_record& key, const request_signing_settings& settings);

// A new random key, created at now_ms.
result<storage::session_key_record> generate_session_key(const request_signing_settings& settings, std::int64_t now_ms);

}  // namespace copycat::herder
