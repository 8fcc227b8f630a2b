#pragma once
// HMAC under Java's algorithm names (javax.crypto Mac / KeyGenerator: "HmacSHA256", ...), for
// KIP-507 request signing between workers (docs/rest-api.md#request-signing). OpenSSL stays behind
// this header. Pure functions, any thread.

#include <optional>
#include <string>
#include <string_view>

#include "common/result.hpp"

namespace copycat::net {

// Whether `algorithm` names an HMAC Copycat computes: HmacMD5, HmacSHA1, HmacSHA224, HmacSHA256,
// HmacSHA384, HmacSHA512 (exact names, as Java's providers match them).
bool hmac_supported(std::string_view algorithm);

// The MAC of `data` under `key` (raw bytes); invalid_argument "Algorithm <a> not available" (the
// text of Java's NoSuchAlgorithmException) for an unknown algorithm.
result<std::string> hmac(std::string_view algorithm, std::string_view key, std::string_view data);

// A fresh random key for `algorithm` (Java's KeyGenerator): `size_bits` bits, or the size Java's
// SunJCE provider picks by default (64 bytes for HmacMD5 and HmacSHA1, the digest size otherwise).
result<std::string> generate_hmac_key(std::string_view algorithm, std::optional<int> size_bits);

// Compares two MACs in time that depends only on their lengths (Java: MessageDigest.isEqual).
bool equal_in_constant_time(std::string_view a, std::string_view b);

}  // namespace copycat::net
