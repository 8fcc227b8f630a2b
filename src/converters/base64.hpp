// Base64 as Kafka's converters use it: the standard alphabet with '=' padding and no line
// breaks (Jackson's default variant for binary JSON values, java.util.Base64 for headers).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "copycat/data/bytes.hpp"

namespace copycat::converters {

/// Appends the base64 text of `data` to `out`.
void append_base64(std::string& out, bytes_view data);

/// The base64 text of `data`.
std::string base64_encode(bytes_view data);

/// Decodes base64 text. ASCII whitespace is skipped and the final padding may be left out;
/// any other character outside the alphabet, or a truncated group, gives nullopt.
std::optional<bytes> base64_decode(std::string_view text);

}  // namespace copycat::converters
