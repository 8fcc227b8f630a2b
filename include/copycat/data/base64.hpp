#pragma once
// Base64 with the standard alphabet (RFC 4648 section 4) and '=' padding, without line breaks:
// what java.util.Base64.getEncoder()/getDecoder() read and write, and Jackson's default variant
// for binary JSON values. Kafka uses no URL-safe or MIME text in the places Copycat mirrors
// (converters, SCRAM, Basic authentication, session keys, offset files), so neither is offered.
//
// Decoding is Base64.getDecoder()'s: the final padding may be left out, but when present it must
// be complete ("QQ==" or "QQ", never "QQ="), and nothing may follow it. The converters also skip
// ASCII whitespace anywhere in the text (as Jackson does), with base64_spaces::skip.
//
// In the public API, std-only, so that the worker's modules and the plugins use this one
// implementation (docs/ARCHITECTURE.md#modules); value::to_string shows bytes this way too.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace copycat {

/// Appends the base64 text of `data` to `out`.
void append_base64(std::string& out, std::span<const std::uint8_t> data);

/// The base64 text of `data`.
std::string base64_encode(std::span<const std::uint8_t> data);

/// The base64 text of the bytes held in `data`.
std::string base64_encode(std::string_view data);

enum class base64_spaces {
    reject,  // java.util.Base64.getDecoder()
    skip,    // ASCII whitespace (" \t\n\v\f\r") is ignored wherever it appears
};

/// The bytes `text` encodes; nullopt when it is not base64 (a character outside the alphabet,
/// a lone final character, wrong padding, or anything after the padding).
std::optional<std::vector<std::uint8_t>> base64_decode(std::string_view text,
                                                       base64_spaces spaces = base64_spaces::reject);

/// base64_decode, with the bytes in a std::string.
std::optional<std::string> base64_decode_string(std::string_view text, base64_spaces spaces = base64_spaces::reject);

}  // namespace copycat
