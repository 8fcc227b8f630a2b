#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "converters/json_text_scan.hpp"
#include "converters/utf8_text.hpp"

using namespace copycat;
using namespace copycat::converters;

namespace {
bytes b(std::string_view s) { return bytes(s.begin(), s.end()); }
}  // namespace

TEST_CASE("UTF-8 decoding keeps valid text and replaces malformed sequences like Java") {
    CHECK(decode_utf8_lossy(b("plain")) == "plain");
    CHECK(decode_utf8_lossy(b("h\xC3\xA9llo \xE2\x82\xAC \xF0\x9F\x98\x80")) ==
          "h\xC3\xA9llo \xE2\x82\xAC \xF0\x9F\x98\x80");
    const std::string fffd = "\xEF\xBF\xBD";
    CHECK(decode_utf8_lossy(b("a\x80z")) == "a" + fffd + "z");
    CHECK(decode_utf8_lossy(b("a\xC3")) == "a" + fffd);
    CHECK(decode_utf8_lossy(b("\xE2\x82z")) == fffd + "z");
    CHECK(decode_utf8_lossy(b("\xC0\xAF")) == fffd + fffd);                        // overlong
    CHECK(decode_utf8_lossy(b("\xED\xA0\x80")) == fffd);                           // surrogate: one, as Java
    CHECK(decode_utf8_lossy(b("\xED\xA0z")) == fffd + "z");
    CHECK(decode_utf8_lossy(b("\xF4\x90\x80\x80")) == fffd + fffd + fffd + fffd);  // > U+10FFFF
    CHECK(decode_utf8_lossy(b("\xFF")) == fffd);
}

TEST_CASE("JSON number tokens are found in document order, outside strings") {
    const auto tokens = scan_json_numbers(R"({"a":1.50,"b":"12","c":[-3e2,0],"d\"4":true})");
    REQUIRE(tokens.size() == 3);
    CHECK(tokens[0] == "1.50");
    CHECK(tokens[1] == "-3e2");
    CHECK(tokens[2] == "0");
}

TEST_CASE("leading zeros of JSON numbers are stripped like Jackson's ALLOW_LEADING_ZEROS_FOR_NUMBERS") {
    CHECK_FALSE(strip_leading_zeros(R"({"a":0,"b":0.5,"c":10})").has_value());
    CHECK(strip_leading_zeros(R"({"a":0012,"b":-007.5,"c":00,"d":"0012"})") ==
          std::string(R"({"a":12,"b":-7.5,"c":0,"d":"0012"})"));
}

TEST_CASE("json_number_source maps number nodes to their text") {
    const std::string text = R"({"x":[1.5600, 2], "y":{"z":1.23456789123456789}})";
    auto parsed = json::parse(text);
    REQUIRE(parsed.ok());
    json_number_source numbers(text, parsed.value());
    const json::value& root = parsed.value();
    CHECK(numbers.text_of(root.find("x")->as_array()[0]) == std::optional<std::string_view>("1.5600"));
    CHECK(numbers.text_of(root.find("x")->as_array()[1]) == std::optional<std::string_view>("2"));
    CHECK(numbers.text_of(*root.find("y")->find("z")) == std::optional<std::string_view>("1.23456789123456789"));
    CHECK_FALSE(numbers.text_of(root).has_value());
}

TEST_CASE("split_envelope finds the schema and payload of an envelope written schema first") {
    const auto parts =
        split_envelope(R"( { "schema" : {"type":"struct","doc":"a\"}]","fields":[]} , "payload" : {"x":"}"} } )");
    REQUIRE(parts.has_value());
    CHECK(parts->schema == R"({"type":"struct","doc":"a\"}]","fields":[]})");
    CHECK(parts->payload == R"({"x":"}"})");
    const auto nulls = split_envelope(R"({"schema":null,"payload":null})");
    REQUIRE(nulls.has_value());
    CHECK(nulls->schema == "null");
    CHECK(nulls->payload == "null");
    // A schema seen before is recognised by its text.
    const auto known = split_envelope(R"({"schema":{"type":"int8"},"payload":1})", R"({"type":"int8"})");
    REQUIRE(known.has_value());
    CHECK(known->schema == R"({"type":"int8"})");
    CHECK(known->payload == "1");
    for (const char* other : {R"({"payload":1,"schema":null})", R"({"schema":null})",
                              R"({"schema":null,"payload":1} x)", R"({"schema":{"type":"int8","payload":1})",
                              R"([{"schema":null,"payload":1}])", "", R"({"schema":null,"payload":})"}) {
        INFO(other);
        CHECK_FALSE(split_envelope(other).has_value());
    }
}

TEST_CASE("json_root_end finds the end of the first value") {
    CHECK(json_root_end("  {\"a\":[1,\"]\"]} x") == std::optional<std::size_t>(15));
    CHECK(json_root_end("1 2") == std::optional<std::size_t>(1));
    CHECK(json_root_end("\"a\\\"b\" c") == std::optional<std::size_t>(6));
    CHECK_FALSE(json_root_end("{\"a\":[1}").has_value());
    CHECK_FALSE(json_root_end("   ").has_value());
}
