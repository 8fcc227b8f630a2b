#include <catch2/catch.hpp>

#include "copycat/config/validators.hpp"
#include "copycat/errors.hpp"

using namespace copycat;

namespace {

std::string error_of(const validator_ptr& validator, const parsed_value& v) {
    try {
        validator->ensure_valid("k", v);
    } catch (const config_error& e) {
        return e.what();
    }
    return "valid";
}

}  // namespace

TEST_CASE("range checks bounds with Kafka's messages") {
    auto at_least = range::at_least(1);
    CHECK(error_of(at_least, std::int32_t{1}) == "valid");
    CHECK(error_of(at_least, std::int64_t{100}) == "valid");
    CHECK(error_of(at_least, std::int32_t{0}) == "Invalid value 0 for configuration k: Value must be at least 1");
    CHECK(error_of(at_least, parsed_value{}) == "Invalid value null for configuration k: Value must be non-null");
    CHECK(at_least->to_string() == "[1,...]");

    auto between = range::between(0, 5);
    CHECK(error_of(between, std::int16_t{5}) == "valid");
    CHECK(error_of(between, std::int16_t{6}) == "Invalid value 6 for configuration k: Value must be no more than 5");
    CHECK(error_of(between, std::int32_t{-1}) == "Invalid value -1 for configuration k: Value must be at least 0");
    CHECK(between->to_string() == "[0,...,5]");

    auto fractional = range::between(0.0, 1.0);
    CHECK(error_of(fractional, 0.5) == "valid");
    CHECK(error_of(fractional, 1.5) == "Invalid value 1.5 for configuration k: Value must be no more than 1.0");
    CHECK(fractional->to_string() == "[0.0,...,1.0]");

    // Integers compare exactly, even beyond a double's precision.
    auto big = range::at_least(std::int64_t{9007199254740993});
    CHECK(error_of(big, std::int64_t{9007199254740992}) ==
          "Invalid value 9007199254740992 for configuration k: Value must be at least 9007199254740993");
}

TEST_CASE("valid_string is case sensitive and rejects null") {
    auto v = valid_string::in({"none", "all"});
    CHECK(error_of(v, std::string("all")) == "valid");
    CHECK(error_of(v, std::string("ALL")) == "Invalid value ALL for configuration k: String must be one of: none, all");
    CHECK(error_of(v, parsed_value{}) == "Invalid value null for configuration k: String must be one of: none, all");
    CHECK(v->to_string() == "[none, all]");
}

TEST_CASE("case_insensitive_valid_string lists upper-cased values in Java HashSet order") {
    auto v = case_insensitive_valid_string::in({"none", "all"});
    CHECK(error_of(v, std::string("All")) == "valid");
    CHECK(error_of(v, std::string("NONE")) == "valid");
    // The orders below are what Java 17 prints for the same HashSet.
    CHECK(error_of(v, std::string("some")) ==
          "Invalid value some for configuration k: String must be one of (case insensitive): ALL, NONE");
    CHECK(v->to_string() == "(case insensitive) [ALL, NONE]");
    CHECK(error_of(v, parsed_value{}) ==
          "Invalid value null for configuration k: String must be one of (case insensitive): ALL, NONE");
    CHECK(case_insensitive_valid_string::in({"all", "none", "All"})->to_string() == "(case insensitive) [ALL, NONE]");
    CHECK(case_insensitive_valid_string::in({"requested", "required"})->to_string() ==
          "(case insensitive) [REQUIRED, REQUESTED]");
    CHECK(case_insensitive_valid_string::in({"poll", "interval", "connector", "define"})->to_string() ==
          "(case insensitive) [INTERVAL, POLL, DEFINE, CONNECTOR]");
    CHECK(case_insensitive_valid_string::in({"only_scan", "hybrid_warn", "hybrid_fail", "service_load"})->to_string() ==
          "(case insensitive) [ONLY_SCAN, SERVICE_LOAD, HYBRID_WARN, HYBRID_FAIL]");
    std::vector<std::string> twenty;
    for (int i = 0; i < 20; ++i) twenty.push_back("value" + std::to_string(i));
    CHECK(case_insensitive_valid_string::in(twenty)->to_string() ==
          "(case insensitive) [VALUE19, VALUE18, VALUE0, VALUE11, VALUE10, VALUE13, VALUE12, VALUE15, VALUE14, "
          "VALUE17, VALUE16, VALUE9, VALUE1, VALUE2, VALUE3, VALUE4, VALUE5, VALUE6, VALUE7, VALUE8]");
}

TEST_CASE("valid_list checks every item") {
    auto v = valid_list::in({"a", "b"});
    CHECK(error_of(v, config_list{}) == "valid");
    CHECK(error_of(v, config_list{"a", "b", "a"}) == "valid");
    CHECK(error_of(v, config_list{"a", "c"}) == "Invalid value c for configuration k: String must be one of: a, b");
    CHECK(error_of(v, parsed_value{}) == "valid");
    CHECK(v->to_string() == "[a, b]");

    auto size = list_size::at_most_of_size(1);
    CHECK(error_of(size, config_list{"x"}) == "valid");
    CHECK(error_of(size, config_list{"x", "y"}) ==
          "Invalid value [x, y] for configuration k: exceeds maximum list size of [1].");
    CHECK(size->to_string() == "List containing maximum of 1 elements");
}

TEST_CASE("string validators") {
    auto non_empty = non_empty_string::instance();
    CHECK(error_of(non_empty, std::string("x")) == "valid");
    CHECK(error_of(non_empty, parsed_value{}) == "valid");
    CHECK(error_of(non_empty, std::string()) == "Invalid value  for configuration k: String must be non-empty");
    CHECK(non_empty->to_string() == "non-empty string");

    auto name = non_empty_string_without_control_chars::instance();
    CHECK(error_of(name, std::string("my-connector")) == "valid");
    CHECK(error_of(name, std::string("caf\xC3\xA9")) == "valid");
    CHECK(error_of(name, parsed_value{}) == "valid");
    CHECK(error_of(name, std::string()) == "Invalid value  for configuration k: String may not be empty");
    CHECK(error_of(name, std::string("a\tb\n")) ==
          "Invalid value a\tb\n for configuration k: String may not contain control sequences but had the "
          "following ASCII chars: 9, 10");

    auto not_null = non_null::instance();
    CHECK(error_of(not_null, std::string()) == "valid");
    CHECK(error_of(not_null, parsed_value{}) == "Invalid value null for configuration k: entry must be non null");
    CHECK(not_null->to_string() == "non-null string");
}

TEST_CASE("lambda and composite validators") {
    auto even = lambda_validator::with(
        [](std::string_view name, const parsed_value& v) {
            const auto* i = std::get_if<std::int32_t>(&v);
            if (i == nullptr || *i % 2 != 0) throw_invalid_value(name, v, "Value must be even");
        },
        [] { return std::string("even number"); });
    CHECK(error_of(even, std::int32_t{4}) == "valid");
    CHECK(error_of(even, std::int32_t{3}) == "Invalid value 3 for configuration k: Value must be even");
    CHECK(even->to_string() == "even number");
    CHECK(lambda_validator::with([](std::string_view, const parsed_value&) {})->to_string().empty());

    auto both = composite_validator::of({range::at_least(0), even, nullptr});
    CHECK(error_of(both, std::int32_t{2}) == "valid");
    CHECK(error_of(both, std::int32_t{-2}) == "Invalid value -2 for configuration k: Value must be at least 0");
    CHECK(error_of(both, std::int32_t{1}) == "Invalid value 1 for configuration k: Value must be even");
    CHECK(both->to_string() == "[0,...], even number");
}

TEST_CASE("invalid_value_message is Kafka's ConfigException text") {
    CHECK(invalid_value_message("x", "v", "why") == "Invalid value v for configuration x: why");
    CHECK(invalid_value_message("x", "v", "") == "Invalid value v for configuration x");
}
