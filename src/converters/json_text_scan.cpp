#include "converters/json_text_scan.hpp"

#include <array>
#include <cstring>

namespace copycat::converters {
namespace {

bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

bool is_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

bool is_number_char(char c) noexcept { return is_digit(c) || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'; }

// Index just past the string literal whose opening quote is at text[i] (text.size() when it
// is not closed).
std::size_t skip_string(std::string_view text, std::size_t i) noexcept {
    const char* const begin = text.data();
    const char* const end = begin + text.size();
    const char* p = begin + i + 1;
    while (p < end) {
        const auto* quote = static_cast<const char*>(std::memchr(p, '"', static_cast<std::size_t>(end - p)));
        if (quote == nullptr) {
            return text.size();
        }
        // The quote is escaped when an odd number of backslashes precedes it.
        std::size_t backslashes = 0;
        for (const char* q = quote; q > p && q[-1] == '\\'; --q) {
            ++backslashes;
        }
        if (backslashes % 2 == 0) {
            return static_cast<std::size_t>(quote - begin) + 1;
        }
        p = quote + 1;
    }
    return text.size();
}

// Characters that matter when matching brackets.
constexpr std::array<bool, 256> make_structural() {
    std::array<bool, 256> table{};
    for (const char c : {'"', '{', '}', '[', ']'}) {
        table[static_cast<unsigned char>(c)] = true;
    }
    return table;
}

constexpr auto structural = make_structural();

std::size_t skip_number(std::string_view text, std::size_t i) noexcept {
    while (i < text.size() && is_number_char(text[i])) {
        ++i;
    }
    return i;
}

std::size_t skip_spaces(std::string_view text, std::size_t i) noexcept {
    while (i < text.size() && is_space(text[i])) {
        ++i;
    }
    return i;
}

// Skips whitespace and `token` at text[i]; false when the token is not there.
bool expect(std::string_view text, std::size_t& i, std::string_view token) noexcept {
    i = skip_spaces(text, i);
    if (text.substr(i, token.size()) != token) {
        return false;
    }
    i += token.size();
    return true;
}

// Index just past the JSON value starting at text[i] (not whitespace; nullopt at the end), found lexically: strings
// and brackets are matched, scalars end at whitespace (and, when not the root, at , ] }).
// nullopt when the value does not end inside the text. The value itself is not validated.
std::optional<std::size_t> value_end(std::string_view text, std::size_t i, bool root) noexcept {
    if (i >= text.size()) {
        return std::nullopt;
    }
    const char first = text[i];
    if (first == '"') {
        const std::size_t end = skip_string(text, i);
        return end > i + 1 && text[end - 1] == '"' ? std::optional<std::size_t>(end) : std::nullopt;
    }
    if (first != '{' && first != '[') {
        while (i < text.size() && !is_space(text[i]) &&
               (root || (text[i] != ',' && text[i] != '}' && text[i] != ']'))) {
            ++i;
        }
        return i;
    }
    int depth = 0;
    while (i < text.size()) {
        const char c = text[i];
        if (!structural[static_cast<unsigned char>(c)]) {
            ++i;
        } else if (c == '"') {
            i = skip_string(text, i);
        } else if (c == '{' || c == '[') {
            ++depth;
            ++i;
        } else if (--depth == 0) {
            return i + 1;
        } else {
            ++i;
        }
    }
    return std::nullopt;
}

// Pre-order walk collecting number nodes in document order.
void collect_numbers(const json::value& v, std::vector<const json::value*>& out) {
    if (v.is_number()) {
        out.push_back(&v);
    } else if (v.is_array()) {
        for (const auto& e : v.as_array()) {
            collect_numbers(e, out);
        }
    } else if (v.is_object()) {
        for (const auto& m : v.as_object()) {
            collect_numbers(m.val, out);
        }
    }
}

}  // namespace

std::vector<std::string_view> scan_json_numbers(std::string_view text) {
    std::vector<std::string_view> tokens;
    std::size_t i = 0;
    while (i < text.size()) {
        const char c = text[i];
        if (c == '"') {
            i = skip_string(text, i);
        } else if (c == '-' || is_digit(c)) {
            const std::size_t end = skip_number(text, i);
            tokens.push_back(text.substr(i, end - i));
            i = end;
        } else {
            ++i;
        }
    }
    return tokens;
}

std::optional<std::string> strip_leading_zeros(std::string_view text) {
    std::string out;
    bool changed = false;
    std::size_t copied = 0;  // text[0, copied) is already in `out`
    std::size_t i = 0;
    while (i < text.size()) {
        const char c = text[i];
        if (c == '"') {
            i = skip_string(text, i);
            continue;
        }
        if (c != '-' && !is_digit(c)) {
            ++i;
            continue;
        }
        std::size_t digits = c == '-' ? i + 1 : i;
        std::size_t zeros_end = digits;
        // Drop zeros while another integer digit follows ("007" -> "7", "00" -> "0").
        while (zeros_end + 1 < text.size() && text[zeros_end] == '0' && is_digit(text[zeros_end + 1])) {
            ++zeros_end;
        }
        if (zeros_end != digits) {
            out.append(text, copied, digits - copied);
            copied = zeros_end;
            changed = true;
        }
        i = skip_number(text, zeros_end);
    }
    if (!changed) {
        return std::nullopt;
    }
    out.append(text, copied, std::string_view::npos);
    return out;
}

std::optional<std::size_t> json_root_end(std::string_view text) noexcept {
    const std::size_t i = skip_spaces(text, 0);
    if (i == text.size()) {
        return std::nullopt;
    }
    return value_end(text, i, true);
}

std::optional<envelope_text> split_envelope(std::string_view text, std::string_view known_schema) noexcept {
    std::size_t i = skip_spaces(text, 0);
    if (!expect(text, i, "{") || !expect(text, i, "\"schema\"") || !expect(text, i, ":")) {
        return std::nullopt;
    }
    i = skip_spaces(text, i);
    std::optional<std::size_t> schema_end;
    if (!known_schema.empty() && text.substr(i, known_schema.size()) == known_schema) {
        schema_end = i + known_schema.size();  // a complete JSON value ends where it ends
    } else {
        schema_end = value_end(text, i, false);
    }
    if (!schema_end) {
        return std::nullopt;
    }
    const std::string_view schema = text.substr(i, *schema_end - i);
    i = *schema_end;
    if (!expect(text, i, ",") || !expect(text, i, "\"payload\"") || !expect(text, i, ":")) {
        return std::nullopt;
    }
    // The payload runs to the closing brace of the envelope, the last character of the text.
    std::size_t last = text.size();
    while (last > i && is_space(text[last - 1])) {
        --last;
    }
    if (last == i || text[last - 1] != '}') {
        return std::nullopt;
    }
    --last;
    i = skip_spaces(text, i);
    while (last > i && is_space(text[last - 1])) {
        --last;
    }
    if (last == i) {
        return std::nullopt;
    }
    return envelope_text{schema, text.substr(i, last - i)};
}

std::optional<std::string_view> json_number_source::text_of(const json::value& node) {
    if (!built_) {
        build();
    }
    const auto it = texts_.find(&node);
    if (it == texts_.end()) {
        return std::nullopt;
    }
    return it->second;
}

void json_number_source::build() {
    built_ = true;
    std::vector<const json::value*> nodes;
    collect_numbers(*root_, nodes);
    const std::vector<std::string_view> tokens = scan_json_numbers(text_);
    if (nodes.size() != tokens.size()) {
        return;  // not the text of this document: leave every lookup unanswered
    }
    texts_.reserve(nodes.size());
    for (std::size_t k = 0; k < nodes.size(); ++k) {
        texts_.emplace(nodes[k], tokens[k]);
    }
}

}  // namespace copycat::converters
