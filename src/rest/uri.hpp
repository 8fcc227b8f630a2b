#pragma once
// Request-target helpers for the REST layer: splitting a target into path and query, and
// percent-decoding the pieces the way JAX-RS does (path segments keep '+', query parts turn '+'
// into a space). Pure functions, no I/O; safe from any thread.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace copycat::rest {

// Decoded query parameters in the order they appeared; a name may repeat (?expand=a&expand=b).
using query_params = std::vector<std::pair<std::string, std::string>>;

struct split_target {
    std::string_view path;   // raw (still encoded), "/" when the target had none
    std::string_view query;  // raw text after '?', without the '?'; empty when absent
};

// Splits "/a/b?x=1#frag" into path "/a/b" and query "x=1" (a fragment is dropped).
split_target split_request_target(std::string_view target);

// Decodes %XX escapes; with plus_as_space a '+' becomes ' '. nullopt for a malformed escape.
std::optional<std::string> percent_decode(std::string_view text, bool plus_as_space);

// Splits an encoded path at '/' and decodes every segment, so "%2F" stays inside its segment.
// "/" gives no segments; one trailing slash is ignored ("/connectors/" == "/connectors").
// nullopt for a malformed escape.
std::optional<std::vector<std::string>> decode_path_segments(std::string_view path);

// Parses "a=1&b&a=2" into {{"a","1"},{"b",""},{"a","2"}}. nullopt for a malformed escape.
std::optional<query_params> parse_query(std::string_view query);

}  // namespace copycat::rest
