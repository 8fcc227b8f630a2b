// Lexical scanning of JSON text, for what Kafka's Jackson setup reads and the JSON facade does
// not: the exact text of numbers, numbers with leading zeros, and text after the root value.
//
// The JSON facade parses numbers into int64/uint64/double, which loses digits that Kafka keeps
// (Jackson reads floats as BigDecimal: a NUMERIC Decimal of 1.23456789123456789 or 1.5600 must
// keep every digit and its scale). Numbers appear in the facade's DOM in document order, so
// the k-th number node of a pre-order walk is the k-th number token of the text; this file
// finds those tokens. It also implements Jackson's ALLOW_LEADING_ZEROS_FOR_NUMBERS, which
// Kafka's JsonDeserializer enables and the facade does not accept.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "common/json.hpp"

namespace copycat::converters {

/// The number tokens of a JSON text in document order (text outside strings that starts with
/// '-' or a digit). The text must outlive the result.
std::vector<std::string_view> scan_json_numbers(std::string_view text);

/// The text with redundant leading zeros of numbers removed ("0012" -> "12", "-007.5" ->
/// "-7.5", "00" -> "0"), or nullopt when no number has any.
std::optional<std::string> strip_leading_zeros(std::string_view text);

/// The length of the first JSON value of `text` (leading whitespace included), or nullopt when
/// it does not end inside `text`. Jackson, as Kafka configures it, reads the first value and
/// ignores whatever follows it ("1 2" reads as 1); this finds where that value ends.
std::optional<std::size_t> json_root_end(std::string_view text) noexcept;

/// The two members of an envelope written as {"schema":<schema>,"payload":<payload>} (in this
/// order, any whitespace between tokens).
struct envelope_text {
    std::string_view schema;
    std::string_view payload;
};

/// Splits `text` into the raw text of its schema and payload when it is laid out as above, the
/// closing brace being the last non-blank character; nullopt for any other layout. Only the
/// layout is checked: the payload is everything between "payload": and the final brace, so
/// both parts still need parsing (a payload that does not parse as one value means another
/// layout). `known_schema`, when not empty, is the text of a schema seen before: if the schema
/// starts with it, its extent is known without scanning.
std::optional<envelope_text> split_envelope(std::string_view text, std::string_view known_schema = {}) noexcept;

/// Finds the text of number nodes of a parsed document, lazily: nothing is scanned until the
/// first call to text_of(). `text` and `root` must outlive this object, and `root` must be the
/// result of parsing exactly `text`.
class json_number_source {
public:
    json_number_source(std::string_view text, const json::value& root) noexcept : text_(text), root_(&root) {}

    /// The source text of `node`, a number node inside the root; nullopt if it cannot be found.
    std::optional<std::string_view> text_of(const json::value& node);

private:
    void build();

    std::string_view text_;
    const json::value* root_;
    bool built_ = false;
    std::unordered_map<const json::value*, std::string_view> texts_;
};

}  // namespace copycat::converters
