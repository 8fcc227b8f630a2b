#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "copycat/config/config_def.hpp"
#include "copycat/errors.hpp"

using namespace copycat;

namespace {

parsed_value parse(std::string_view text, config_type type) { return config_def::parse_type("k", text, type); }

std::string parse_error(std::string_view text, config_type type) {
    try {
        config_def::parse_type("k", text, type);
    } catch (const config_error& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

TEST_CASE("booleans are true or false in any case, trimmed") {
    CHECK(parse("true", config_type::boolean) == parsed_value{true});
    CHECK(parse("TRUE", config_type::boolean) == parsed_value{true});
    CHECK(parse(" False\t", config_type::boolean) == parsed_value{false});
    CHECK(parse_error("yes", config_type::boolean) ==
          "Invalid value yes for configuration k: Expected value to be either true or false");
    CHECK(parse_error("", config_type::boolean) ==
          "Invalid value  for configuration k: Expected value to be either true or false");
    CHECK(parse_error("1", config_type::boolean) ==
          "Invalid value 1 for configuration k: Expected value to be either true or false");
}

TEST_CASE("integers are trimmed, signed and range-checked per width") {
    CHECK(parse(" 42 ", config_type::int_) == parsed_value{std::int32_t{42}});
    CHECK(parse("+7", config_type::int_) == parsed_value{std::int32_t{7}});
    CHECK(parse("-2147483648", config_type::int_) == parsed_value{std::numeric_limits<std::int32_t>::min()});
    CHECK(parse("2147483647", config_type::int_) == parsed_value{std::numeric_limits<std::int32_t>::max()});
    CHECK(parse_error("2147483648", config_type::int_) ==
          "Invalid value 2147483648 for configuration k: Not a number of type INT");
    CHECK(parse_error("abc", config_type::int_) == "Invalid value abc for configuration k: Not a number of type INT");
    CHECK(parse_error("1.5", config_type::int_) == "Invalid value 1.5 for configuration k: Not a number of type INT");
    CHECK(parse_error("", config_type::int_) == "Invalid value  for configuration k: Not a number of type INT");
    CHECK(parse_error("-", config_type::int_) == "Invalid value - for configuration k: Not a number of type INT");
    CHECK(parse_error("1 2", config_type::int_) == "Invalid value 1 2 for configuration k: Not a number of type INT");

    CHECK(parse("-32768", config_type::short_) == parsed_value{std::int16_t{-32768}});
    CHECK(parse_error("32768", config_type::short_) ==
          "Invalid value 32768 for configuration k: Not a number of type SHORT");

    CHECK(parse("9223372036854775807", config_type::long_) == parsed_value{std::numeric_limits<std::int64_t>::max()});
    CHECK(parse("-9223372036854775808", config_type::long_) == parsed_value{std::numeric_limits<std::int64_t>::min()});
    CHECK(parse_error("9223372036854775808", config_type::long_) ==
          "Invalid value 9223372036854775808 for configuration k: Not a number of type LONG");
    CHECK(parse_error(" 12x ", config_type::long_) ==
          "Invalid value  12x  for configuration k: Not a number of type LONG");
}

TEST_CASE("doubles follow Java's Double.parseDouble") {
    CHECK(parse("1.5", config_type::double_) == parsed_value{1.5});
    CHECK(parse(" -2 ", config_type::double_) == parsed_value{-2.0});
    CHECK(parse("1e3", config_type::double_) == parsed_value{1000.0});
    CHECK(parse(".5", config_type::double_) == parsed_value{0.5});
    CHECK(parse("5.", config_type::double_) == parsed_value{5.0});
    CHECK(parse("2.5f", config_type::double_) == parsed_value{2.5});
    CHECK(parse("+Infinity", config_type::double_) == parsed_value{std::numeric_limits<double>::infinity()});
    CHECK(parse("0x1.8p1", config_type::double_) == parsed_value{3.0});
    CHECK(parse("1e400", config_type::double_) == parsed_value{std::numeric_limits<double>::infinity()});
    auto nan = parse("NaN", config_type::double_);
    CHECK(std::isnan(std::get<double>(nan)));
    CHECK(parse_error("inf", config_type::double_) ==
          "Invalid value inf for configuration k: Not a number of type DOUBLE");
    CHECK(parse_error("1e", config_type::double_) ==
          "Invalid value 1e for configuration k: Not a number of type DOUBLE");
    CHECK(parse_error(".", config_type::double_) == "Invalid value . for configuration k: Not a number of type DOUBLE");
    CHECK(parse_error("", config_type::double_) == "Invalid value  for configuration k: Not a number of type DOUBLE");
}

TEST_CASE("lists are comma-separated with items trimmed") {
    CHECK(parse("", config_type::list) == parsed_value{config_list{}});
    CHECK(parse("   ", config_type::list) == parsed_value{config_list{}});
    CHECK(parse("a", config_type::list) == parsed_value{config_list{"a"}});
    CHECK(parse(" a , b,c ", config_type::list) == parsed_value{config_list{"a", "b", "c"}});
    CHECK(parse("a b, c", config_type::list) == parsed_value{config_list{"a b", "c"}});
    // Empty items are kept, as with Java's split(regex, -1).
    CHECK(parse("a,,b", config_type::list) == parsed_value{config_list{"a", "", "b"}});
    CHECK(parse("a,", config_type::list) == parsed_value{config_list{"a", ""}});
    CHECK(parse(",", config_type::list) == parsed_value{config_list{"", ""}});
}

TEST_CASE("strings, classes and passwords are trimmed") {
    CHECK(parse("  hello world ", config_type::string) == parsed_value{std::string("hello world")});
    CHECK(parse("", config_type::string) == parsed_value{std::string()});
    CHECK(parse(" org.example.Foo ", config_type::class_) == parsed_value{std::string("org.example.Foo")});
    CHECK(parse_error(" ", config_type::class_) == "Invalid value   for configuration k: Class   could not be found.");
    auto secret = parse(" s3cret ", config_type::password);
    REQUIRE(std::holds_alternative<password>(secret));
    CHECK(std::get<password>(secret).value() == "s3cret");
    CHECK(parsed_value_to_string(secret) == "[hidden]");
}

TEST_CASE("values print like Java's toString") {
    CHECK(parsed_value_to_string(parsed_value{}) == "null");
    CHECK(parsed_value_to_string(parsed_value{true}) == "true");
    CHECK(parsed_value_to_string(parsed_value{std::int64_t{-5}}) == "-5");
    CHECK(parsed_value_to_string(parsed_value{1.0}) == "1.0");
    CHECK(parsed_value_to_string(parsed_value{0.5}) == "0.5");
    CHECK(parsed_value_to_string(parsed_value{100.25}) == "100.25");
    CHECK(parsed_value_to_string(parsed_value{1e7}) == "1.0E7");
    CHECK(parsed_value_to_string(parsed_value{1.5e-4}) == "1.5E-4");
    CHECK(parsed_value_to_string(parsed_value{0.001}) == "0.001");
    CHECK(parsed_value_to_string(parsed_value{1234567.0}) == "1234567.0");
    CHECK(parsed_value_to_string(parsed_value{-0.0}) == "-0.0");
    // Checked against Java 17's Double.toString.
    CHECK(parsed_value_to_string(parsed_value{1e21}) == "1.0E21");
    CHECK(parsed_value_to_string(parsed_value{123456789.123}) == "1.23456789123E8");
    CHECK(parsed_value_to_string(parsed_value{0.1 + 0.2}) == "0.30000000000000004");
    CHECK(parsed_value_to_string(parsed_value{2.5e-300}) == "2.5E-300");
    CHECK(parsed_value_to_string(parsed_value{std::numeric_limits<double>::max()}) == "1.7976931348623157E308");
    CHECK(parsed_value_to_string(parsed_value{std::numeric_limits<double>::denorm_min()}) == "4.9E-324");
    CHECK(parsed_value_to_string(parsed_value{9999999.0}) == "9999999.0");
    CHECK(parsed_value_to_string(parsed_value{0.0009999}) == "9.999E-4");
    CHECK(parsed_value_to_string(parsed_value{config_list{"a", "b"}}) == "[a, b]");
    CHECK(parsed_value_to_string(parsed_value{config_list{}}) == "[]");
}

TEST_CASE("convert_to_string gives the REST API's strings") {
    CHECK(config_def::convert_to_string(parsed_value{}, config_type::string) == std::nullopt);
    CHECK(config_def::convert_to_string(parsed_value{config_list{"a", "b"}}, config_type::list) == "a,b");
    CHECK(config_def::convert_to_string(parsed_value{config_list{"a", "b"}}, std::nullopt) == "[a, b]");
    CHECK(config_def::convert_to_string(parsed_value{password("x")}, config_type::password) == "[hidden]");
    CHECK(config_def::convert_to_string(parsed_value{2.0}, config_type::double_) == "2.0");
    CHECK(config_def::convert_to_string(parsed_value{std::int32_t{1}}, config_type::int_) == "1");
    CHECK(config_def::convert_to_string(parsed_value{false}, config_type::boolean) == "false");
}

TEST_CASE("type, importance and width names are Kafka's") {
    CHECK(config_type_name(config_type::int_) == "INT");
    CHECK(config_type_name(config_type::password) == "PASSWORD");
    CHECK(config_type_name(config_type::class_) == "CLASS");
    CHECK(importance_name(importance::high) == "HIGH");
    CHECK(width_name(width::short_) == "SHORT");
    CHECK(parse_config_type("list") == config_type::list);
    CHECK(parse_config_type("LONG") == config_type::long_);
    CHECK(parse_config_type("nope") == std::nullopt);
    CHECK(parse_importance("Low") == importance::low);
    CHECK(parse_width("none") == width::none);
}
