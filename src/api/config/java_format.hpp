// How Java prints and parses a few things, so that Copycat's config messages match Kafka's.
// Private to the config implementation.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace copycat::java {

/// String.trim(): removes leading and trailing characters <= ' '.
std::string_view trim(std::string_view s) noexcept;

/// Long.parseLong within [min, max]: an optional sign and decimal digits; nullopt otherwise.
std::optional<std::int64_t> parse_integer(std::string_view s, std::int64_t min, std::int64_t max) noexcept;

/// Double.parseDouble on an already trimmed string (decimal forms, an optional f/F/d/D suffix,
/// "NaN", "Infinity"); nullopt when Java would throw NumberFormatException.
std::optional<double> parse_double(std::string_view s) noexcept;

/// String.equalsIgnoreCase for ASCII.
bool equals_ignore_case(std::string_view a, std::string_view b) noexcept;

/// toUpperCase(Locale.ROOT) for ASCII letters.
std::string to_upper(std::string_view s);

/// The iteration order of a java.util.HashSet<String> filled with `items` in order (default
/// capacity, load factor 0.75), duplicates removed.
std::vector<std::string> hash_set_order(const std::vector<std::string>& items);

/// The Unicode code points of a UTF-8 string (invalid bytes are returned as themselves).
std::vector<std::uint32_t> code_points(std::string_view utf8);

}  // namespace copycat::java
