#include "herder/request_signing.hpp"

#include <algorithm>

#include "copycat/data/base64.hpp"
#include "net/hmac.hpp"

namespace copycat::herder {
namespace {

std::string joined(const std::vector<std::string>& items) {
    // Java's List.toString(): "[a, b]".
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i) out += (i == 0 ? "" : ", ") + items[i];
    return out + "]";
}

std::optional<std::string> decoded_key(const storage::session_key_record& key) { return base64_decode_string(key.key); }

}  // namespace

result<void> verify_request_signature(const std::optional<request_signature>& signature,
                                      const std::optional<storage::session_key_record>& key,
                                      const request_signing_settings& settings) {
    if (!signature) return make_error(errc::invalid_argument, "Internal request missing required signature");
    const auto& allowed = settings.verification_algorithms;
    if (std::find(allowed.begin(), allowed.end(), signature->algorithm) == allowed.end())
        return make_error(errc::invalid_argument,
                          "This worker does not support the '" + signature->algorithm +
                              "' key signing algorithm used by other workers. This worker is currently configured "
                              "to use: " +
                              joined(allowed) +
                              ". Check that all workers' configuration files permit the same set of signature "
                              "algorithms, and correct any misconfigured worker and restart it.");
    const error invalid = make_error(errc::forbidden, "Internal request contained invalid signature.");
    if (!key) return invalid;  // no key read yet: nothing can be verified
    auto raw_key = decoded_key(*key);
    if (!raw_key) return invalid;
    auto expected = net::hmac(signature->algorithm, *raw_key, signature->body);
    if (!expected || !net::equal_in_constant_time(*expected, signature->mac)) return invalid;
    return {};
}

result<std::vector<std::pair<std::string, std::string>>> sign_request(std::string_view body,
                                                                      const storage::session_key_record& key,
                                                                      std::string_view algorithm) {
    auto raw_key = decoded_key(key);
    if (!raw_key) return make_error(errc::invalid_argument, "The session key is not base64");
    COPYCAT_TRY(const std::string mac, net::hmac(algorithm, *raw_key, body));
    return std::vector<std::pair<std::string, std::string>>{
        {std::string(signature_header), base64_encode(mac)},
        {std::string(signature_algorithm_header), std::string(algorithm)}};
}

std::int64_t session_key_expiration(const storage::session_key_record& key, const request_signing_settings& settings) {
    return key.creation_timestamp + settings.key_ttl.count();
}

std::optional<std::string> session_key_rotation_reason(const std::optional<storage::session_key_record>& key,
                                                       std::int64_t now_ms, const request_signing_settings& settings) {
    if (!key) return "no session key has been distributed yet";
    if (session_key_expiration(*key, settings) <= now_ms) return "the session key expired";
    auto raw_key = decoded_key(*key);
    auto sample = net::generate_hmac_key(settings.key_generation_algorithm, settings.key_size_bits);
    if (key->algorithm != settings.key_generation_algorithm || !raw_key || !sample || raw_key->size() != sample->size())
        return "the session key has another algorithm or size than this worker's configuration asks for";
    return std::nullopt;
}

result<storage::session_key_record> generate_session_key(const request_signing_settings& settings,
                                                         std::int64_t now_ms) {
    COPYCAT_TRY(const std::string key,
                net::generate_hmac_key(settings.key_generation_algorithm, settings.key_size_bits));
    return storage::session_key_record{base64_encode(key), settings.key_generation_algorithm, now_ms};
}

}  // namespace copycat::herder
