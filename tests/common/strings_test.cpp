#include <catch2/catch.hpp>

#include "common/strings.hpp"

using namespace copycat;

TEST_CASE("trim strips what Java's String.trim() strips: every character <= ' '") {
    CHECK(trim("  a b \t") == "a b");
    CHECK(trim("\r\n\f\va\v") == "a");
    CHECK(trim(std::string_view("\0\x01x\x1f ", 5)) == "x");
    CHECK(trim("\x7f" "a") == "\x7f" "a");  // DEL is above ' '
    CHECK(trim("   ").empty());
    CHECK(trim("").empty());
}

TEST_CASE("trim_whitespace strips only isspace characters (Java's regex \\s)") {
    CHECK(trim_whitespace(" \t\n\v\f\ra\r\n") == "a");
    CHECK(trim_whitespace(std::string_view("\x01" "a", 2)) == std::string_view("\x01" "a", 2));
    CHECK(trim_whitespace(" \t ").empty());
}

TEST_CASE("split_list trims items and leaves out empty ones") {
    CHECK(split_list("a, b ,\tc") == std::vector<std::string>{"a", "b", "c"});
    CHECK(split_list("a, ,b,") == std::vector<std::string>{"a", "b"});
    CHECK(split_list(" ").empty());
    CHECK(split_list("").empty());
    CHECK(split_list("x;y", ';') == std::vector<std::string>{"x", "y"});
    CHECK(split_list("x;y") == std::vector<std::string>{"x;y"});
}

TEST_CASE("case helpers change and compare ASCII letters only") {
    CHECK(to_lower("GET Content-Type 1\xC3\x89") == "get content-type 1\xC3\x89");
    CHECK(to_upper("sasl_ssl-9") == "SASL_SSL-9");
    CHECK(iequals("Content-Length", "content-LENGTH"));
    CHECK_FALSE(iequals("abc", "abd"));
    CHECK_FALSE(iequals("abc", "ab"));
    CHECK(iequals("", ""));
    CHECK(istarts_with("Basic dXNlcg==", "basic "));
    CHECK_FALSE(istarts_with("Bas", "basic "));
    CHECK(istarts_with("anything", ""));
}
