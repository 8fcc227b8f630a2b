// Java regular expressions (java.util.regex) on top of std::regex.
//
// Patterns are compiled with the ECMAScript grammar, which agrees with Java for the patterns
// topic routing uses (classes, groups, alternation, greedy and lazy quantifiers, anchors,
// \d \w \s). A leading inline flag group "(?i)" turns on case-insensitive matching. Java-only
// syntax (possessive quantifiers, lookbehind, named groups, \p{...}, \Q...\E) is rejected as an
// invalid pattern.
#pragma once

#include <regex>
#include <string>
#include <string_view>

#include "copycat/config/config_validator.hpp"

namespace copycat::transforms {

/// Compiles a Java pattern; throws std::regex_error when std::regex cannot take it.
std::regex compile_java_regex(std::string_view pattern);

/// Matcher.matches(): the whole text matches.
bool java_regex_matches(const std::regex& re, std::string_view text);

/// Matcher.replaceFirst(replacement): the first match of `re` in `text` replaced, with Java's
/// replacement syntax ("$1" group references, "\$" escapes). Throws data_error for an illegal
/// group reference ("No group 3", "Illegal group reference") or a trailing backslash.
std::string java_replace_first(std::string_view text, const std::regex& re, std::string_view replacement);

/// Kafka's RegexValidator: "Invalid value <v> for configuration <k>: Invalid regex: <reason>";
/// null is accepted (a missing required key is reported on its own). to_string(): "valid regex".
validator_ptr regex_validator();

}  // namespace copycat::transforms
