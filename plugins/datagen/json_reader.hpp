// A small JSON reader for the schema descriptions of the datagen connector. Plugins build on the
// public API alone (docs/ARCHITECTURE.md#modules), which has no JSON, and a description is a few
// hundred bytes read once per start: a plain recursive-descent parser is all it needs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace copycat::datagen {

/// A parsed JSON value. Objects keep their members in the order written (a repeated key is a
/// syntax error, as it is almost certainly a mistake in a hand-written description).
struct json_node {
    enum class kind { null, boolean, number, string, array, object };

    kind type = kind::null;
    bool boolean = false;
    /// For numbers: the value as a double, and as an integer when the text had no fraction or
    /// exponent and fits in 64 bits.
    double number = 0;
    std::optional<std::int64_t> integer;
    std::string text;  // for strings
    std::vector<json_node> items;
    std::vector<std::pair<std::string, json_node>> members;

    /// The member named `key` of an object, or nullptr.
    const json_node* find(std::string_view key) const noexcept;
};

/// The name of a kind for messages: "null", "a boolean", "a number", "a string", "an array",
/// "an object".
std::string_view describe(json_node::kind k) noexcept;

/// Parses one JSON document (RFC 8259; surrounding white space allowed). Throws config_error
/// naming the problem and where it is: "expected ',' or '}' at line 1, column 17".
json_node parse_json(std::string_view text);

}  // namespace copycat::datagen
