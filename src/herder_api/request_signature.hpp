#pragma once
// A KIP-507 internal request's signature as the REST layer reads it from the request's headers
// (Kafka: InternalRequestSignature.fromHeaders), for the herder to check
// (herder/request_signing.hpp has the rules, the keys and the checking).

#include <optional>
#include <string>
#include <string_view>

#include "common/result.hpp"

namespace copycat::herder {

inline constexpr std::string_view signature_header = "X-Connect-Authorization";
inline constexpr std::string_view signature_algorithm_header = "X-Connect-Request-Signature-Algorithm";

// A received signature: the algorithm named, the decoded MAC, and the body it covers.
struct request_signature {
    std::string algorithm;
    std::string mac;
    std::string body;
};

// Java's InternalRequestSignature.fromHeaders: nullopt when either header is missing;
// invalid_argument (400) for an algorithm Copycat cannot compute ("Algorithm X not available") or
// a signature that is not base64.
result<std::optional<request_signature>> read_request_signature(std::optional<std::string_view> algorithm,
                                                                std::optional<std::string_view> encoded_mac,
                                                                std::string body);

}  // namespace copycat::herder
