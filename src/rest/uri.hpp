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

// Splits "/a/b?x=1" into path "/a/b" and query "x=1". Meant for targets that refused_target()
// accepts (a fragment, which those never have, would be dropped).
split_target split_request_target(std::string_view target);

// Why a request target is refused before it is routed (the caller answers 400), or nullopt for a
// plain origin-form target, "/" path ["?" query], whose path means one thing however it is
// normalised. Refused, so that no target can reach a handler other than the one its text names
// (docs/security.md, "Request targets"): anything not starting with '/' (absolute form, authority
// form, "*"), a fragment or any '#', bytes outside visible ASCII, '\', empty segments ("//",
// except one trailing slash), dot segments ("." and "..", also when encoded), ';' (path
// parameters), an encoded '/', '\' or control character (Kafka Connect's Jetty answers 400 to
// "%2F" too), and a '%' that does not start a valid escape.
std::optional<std::string_view> refused_target(std::string_view target);

// Decodes %XX escapes; with plus_as_space a '+' becomes ' '. nullopt for a malformed escape.
std::optional<std::string> percent_decode(std::string_view text, bool plus_as_space);

// Splits an encoded path at '/' and decodes every segment ("%2F" would stay inside its segment,
// but refused_target() refuses it first).
// "/" gives no segments; one trailing slash is ignored ("/connectors/" == "/connectors").
// nullopt for a malformed escape.
std::optional<std::vector<std::string>> decode_path_segments(std::string_view path);

// Parses "a=1&b&a=2" into {{"a","1"},{"b",""},{"a","2"}}. nullopt for a malformed escape.
std::optional<query_params> parse_query(std::string_view query);

}  // namespace copycat::rest
