// Strings and the JSON literal Kafka's JsonConverter (Jackson's UTF8JsonGenerator) writes for each
// Java String that Java's UTF-8 decoder reads from the bytes (docs/compatibility.md "Strings").
// The expected literals were printed by Kafka 4.4's JsonConverter; tests/jvm/json_bytes_test.cpp
// checks them against Kafka's classes again on every run.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace copycat::testing {

struct jackson_string_case {
    std::string name;
    std::string text;     // Copycat's UTF-8 bytes
    std::string literal;  // what Jackson writes, quotes included
};

inline std::string all_control_characters() {
    std::string text;
    for (int c = 0; c < 0x20; ++c) text.push_back(static_cast<char>(c));
    return text;
}

inline const std::vector<jackson_string_case>& jackson_string_corpus() {
    using namespace std::string_literals;
    static const std::vector<jackson_string_case> corpus = {
        {"empty", "", R"("")"},
        {"ASCII", "plain text 123", R"("plain text 123")"},
        {"quote, backslash, slash", "a\"b\\c/d", R"("a\"b\\c/d")"},
        {"HTML characters", "<>&'", R"("<>&'")"},
        {"control characters", all_control_characters(),
         R"("\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000B\f\r\u000E\u000F)"
         R"(\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001A\u001B\u001C\u001D\u001E\u001F")"},
        {"NUL inside", "a\0b"s, R"("a\u0000b")"},
        {"DEL", "\x7F", "\"\x7F\""},
        {"C1 controls", "\xC2\x80\xC2\x9F", "\"\xC2\x80\xC2\x9F\""},
        {"two-byte", "h\xC3\xA9llo", "\"h\xC3\xA9llo\""},
        {"line and paragraph separators", "\xE2\x80\xA8\xE2\x80\xA9", "\"\xE2\x80\xA8\xE2\x80\xA9\""},
        {"BMP edges", "\xED\x9F\xBF\xEE\x80\x80\xEF\xBB\xBF\xEF\xBF\xBE\xEF\xBF\xBF",
         "\"\xED\x9F\xBF\xEE\x80\x80\xEF\xBB\xBF\xEF\xBF\xBE\xEF\xBF\xBF\""},
        {"U+1D11E", "\xF0\x9D\x84\x9E", R"("\uD834\uDD1E")"},
        {"emoji in text", "hi \xF0\x9F\x98\x80!", R"("hi \uD83D\uDE00!")"},
        {"U+10000 and U+10FFFF", "\xF0\x90\x80\x80\xF4\x8F\xBF\xBF", R"("\uD800\uDC00\uDBFF\uDFFF")"},
        {"encoded high surrogate", "\xED\xA0\x80", "\"\xEF\xBF\xBD\""},
        {"encoded low surrogate", "x\xED\xB0\x80y", "\"x\xEF\xBF\xBDy\""},
        {"encoded surrogate pair (CESU-8)", "\xED\xA0\x80\xED\xB0\x80", "\"\xEF\xBF\xBD\xEF\xBF\xBD\""},
        {"truncated encoded surrogate", "\xED\xA0z", "\"\xEF\xBF\xBDz\""},
        {"stray continuation bytes", "\x80\xBF", "\"\xEF\xBF\xBD\xEF\xBF\xBD\""},
        {"overlong NUL", "\xC0\x80", "\"\xEF\xBF\xBD\xEF\xBF\xBD\""},
        {"overlong three-byte", "\xE0\x80\x80", "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\""},
        {"above U+10FFFF", "\xF4\x90\x80\x80", "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\""},
        {"truncated four-byte at the end", "a\xF0\x9F", "\"a\xEF\xBF\xBD\""},
        {"truncated four-byte before ASCII", "\xF0\x9F\x98" "A", "\"\xEF\xBF\xBD" "A\""},
        {"truncated two-byte", "a\xC3", "\"a\xEF\xBF\xBD\""},
        {"invalid lead bytes", "\xF5\xFF\xFE", "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\""},
    };
    return corpus;
}

}  // namespace copycat::testing
