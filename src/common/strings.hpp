#pragma once
// Small ASCII string helpers shared by every module. Two trims on purpose, because Kafka uses two:
//  - trim() is Java's String.trim(): it strips every character <= ' ' (space and all ASCII control
//    characters). Kafka calls it on config values (ConfigDef's CLASS/LIST parsing, connector
//    names, topic names), and Double.parseDouble trims the same way.
//  - trim_whitespace() strips the ASCII whitespace of C's isspace() and Java's regex \s
//    (space, \t, \n, \v, \f, \r), as ConfigDef's list separator "\\s*,\\s*" does around items.
// Case conversions and comparisons are ASCII-only (Java's toLowerCase(Locale.ROOT) on the ASCII
// names these are used for: protocols, HTTP methods and headers, config keywords).

#include <string>
#include <string_view>
#include <vector>

namespace copycat {

/// Java's String.trim(): without leading and trailing characters <= ' '.
std::string_view trim(std::string_view s) noexcept;

/// Without leading and trailing ASCII whitespace (" \t\n\v\f\r").
std::string_view trim_whitespace(std::string_view s) noexcept;

/// The items of a `sep`-separated list, each without surrounding whitespace (trim_whitespace);
/// empty items are left out, so "a, ,b," gives {"a", "b"} and "" gives {}.
std::vector<std::string> split_list(std::string_view text, char sep = ',');

/// ASCII lower/upper case; other bytes are kept.
std::string to_lower(std::string_view s);
std::string to_upper(std::string_view s);

/// Equal ignoring ASCII case.
bool iequals(std::string_view a, std::string_view b) noexcept;

/// `text` starts with `prefix`, ignoring ASCII case.
bool istarts_with(std::string_view text, std::string_view prefix) noexcept;

}  // namespace copycat
