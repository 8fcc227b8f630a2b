#include <catch2/catch.hpp>

#include "copycat/data/base64.hpp"

using namespace copycat;

namespace {

std::vector<std::uint8_t> b(std::string_view s) { return {s.begin(), s.end()}; }

}  // namespace

TEST_CASE("base64 encodes the RFC 4648 test vectors") {
    CHECK(base64_encode("") == "");
    CHECK(base64_encode("f") == "Zg==");
    CHECK(base64_encode("fo") == "Zm8=");
    CHECK(base64_encode("foo") == "Zm9v");
    CHECK(base64_encode("foob") == "Zm9vYg==");
    CHECK(base64_encode("fooba") == "Zm9vYmE=");
    CHECK(base64_encode("foobar") == "Zm9vYmFy");
    CHECK(base64_encode(std::vector<std::uint8_t>{0x00, 0x9C}) == "AJw=");
    CHECK(base64_encode(std::vector<std::uint8_t>{0xFB, 0xFF, 0xBF}) == "+/+/");  // the standard alphabet, not URL-safe
    std::string out = "x=";
    append_base64(out, b("fo"));
    CHECK(out == "x=Zm8=");
}

TEST_CASE("base64 decodes the RFC 4648 test vectors, with or without the final padding") {
    for (const auto& [text, plain] : std::vector<std::pair<std::string, std::string>>{
             {"", ""}, {"Zg==", "f"}, {"Zm8=", "fo"}, {"Zm9v", "foo"}, {"Zm9vYg==", "foob"},
             {"Zm9vYmE=", "fooba"}, {"Zm9vYmFy", "foobar"}, {"Zg", "f"}, {"Zm9vYmE", "fooba"}}) {
        INFO(text);
        CHECK(base64_decode_string(text) == plain);
        CHECK(base64_decode(text) == b(plain));
    }
    CHECK(base64_decode("+/+/") == std::vector<std::uint8_t>{0xFB, 0xFF, 0xBF});
}

TEST_CASE("base64 rejects what java.util.Base64.getDecoder() rejects") {
    for (const char* bad : {"Z", "Zm9vZ", "Zm9v!", "Zg=a", "Zg=", "Zg===", "Zm9v=", "=", "@@@@", "Z=g=", "Zm9v Yg==",
                            "Zm9v\n", "-_-_"}) {
        INFO(bad);
        CHECK_FALSE(base64_decode(bad).has_value());
        CHECK_FALSE(base64_decode_string(bad).has_value());
    }
}

TEST_CASE("base64 can skip whitespace, as the JSON converter's decoding does") {
    CHECK(base64_decode(" Zm9v\n", base64_spaces::skip) == b("foo"));
    CHECK(base64_decode("Zm9v\r\nYg =\t=", base64_spaces::skip) == b("foob"));
    CHECK(base64_decode("  ", base64_spaces::skip) == b(""));
    CHECK_FALSE(base64_decode("Zm9v Y", base64_spaces::skip).has_value());
    CHECK_FALSE(base64_decode("Zg= a", base64_spaces::skip).has_value());
}
