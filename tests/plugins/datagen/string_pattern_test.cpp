// The regex subset of the "regex" generator: what it generates matches the pattern (checked with
// std::regex), every choice is reached, and unsupported syntax is an error with its position.
#include <catch2/catch.hpp>

#include <regex>
#include <set>

#include "copycat/errors.hpp"
#include "datagen/string_pattern.hpp"

using namespace copycat;
using namespace copycat::datagen;
using Catch::Matchers::Contains;

namespace {

std::string error_of(std::string_view pattern) {
    try {
        string_pattern p(pattern);
    } catch (const config_error& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

TEST_CASE("generated strings match their pattern") {
    const auto pattern = GENERATE(as<std::string>{}, "User_[1-9]", "BYOC_Item_[1-9][0-9]{0,2}", "City_[1-9]{0,2}",
                                  "[a-cx_]{3}\\.\\d?", "a.b\\wc*d+", "x{2,}", "[\\]\\-]{4}", "plain");
    const string_pattern compiled(pattern);
    const std::regex re(pattern);
    random_source random(42);
    for (int i = 0; i < 200; ++i) {
        const std::string s = compiled.generate(random);
        INFO(pattern << " gave " << s);
        CHECK(std::regex_match(s, re));
    }
}

TEST_CASE("every character of a class and every count of a quantifier comes up") {
    random_source random(7);
    const string_pattern digits("[1-9]");
    std::set<std::string> seen;
    for (int i = 0; i < 500; ++i) seen.insert(digits.generate(random));
    CHECK(seen.size() == 9);

    const string_pattern counted("z{0,2}");
    std::set<std::size_t> lengths;
    for (int i = 0; i < 200; ++i) lengths.insert(counted.generate(random).size());
    CHECK(lengths == std::set<std::size_t>{0, 1, 2});
}

TEST_CASE("unsupported or broken patterns are refused with the position") {
    CHECK_THAT(error_of("a(b)"), Contains("'(' (groups and alternation) is not supported at position 2"));
    CHECK_THAT(error_of("a|b"), Contains("'|' (groups and alternation) is not supported"));
    CHECK_THAT(error_of("^a"), Contains("anchors"));
    CHECK_THAT(error_of("[^a]"), Contains("negated classes are not supported at position 2"));
    CHECK_THAT(error_of("*a"), Contains("has nothing to repeat at position 1"));
    CHECK_THAT(error_of("a**"), Contains("a quantifier cannot be repeated at position 3"));
    CHECK_THAT(error_of("[abc"), Contains("'[' without ']'"));
    CHECK_THAT(error_of("[]"), Contains("empty class"));
    CHECK_THAT(error_of("[z-a]"), Contains("range out of order"));
    CHECK_THAT(error_of("a{3,1}"), Contains("maximum is below its minimum"));
    CHECK_THAT(error_of("a{x}"), Contains("expected a count from 0 to 1000"));
    CHECK_THAT(error_of("a{99999}"), Contains("expected a count from 0 to 1000"));
    CHECK_THAT(error_of("a{2"), Contains("expected '}'"));
    CHECK_THAT(error_of("a\\"), Contains("'\\' at the end"));
    CHECK_THAT(error_of("\\s"), Contains("escape '\\s' is not supported"));
    CHECK_THAT(error_of("a]"), Contains("unmatched ']'"));
    CHECK_THAT(error_of("Caf\xc3\xa9+"), Contains("only ASCII characters are supported at position 4"));
}
