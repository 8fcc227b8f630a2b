// Java number semantics and Values.parseString literals.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "copycat/data.hpp"
#include "transforms/java_numbers.hpp"
#include "transforms/java_split.hpp"
#include "transforms/literal_value.hpp"

using namespace copycat;
using namespace copycat::transforms;

TEST_CASE("Java narrows numbers") {
    CHECK(java_long_value(value(1e30)) == std::numeric_limits<std::int64_t>::max());
    CHECK(java_long_value(value(std::numeric_limits<double>::quiet_NaN())) == 0);
    CHECK(java_int_value(value(std::int64_t{4294967297})) == 1);
    CHECK(java_int_value(value(-1e30F)) == std::numeric_limits<std::int32_t>::min());
    CHECK(java_long_value(value(decimal(-199, 2))) == -1);
    CHECK(java_int_value(value(decimal::parse("2147483648"))) == std::numeric_limits<std::int32_t>::min());
    CHECK(java_long_value(value(decimal::parse("18446744073709551617"))) == 1);
    CHECK(java_float_value(value(1e300)) == std::numeric_limits<float>::infinity());
    CHECK(java_double_value(value(decimal(5, 1))) == 0.5);
    CHECK_THROWS_AS(java_long_value(value("1")), data_error);
}

TEST_CASE("Java parses numbers") {
    CHECK(java_parse_integer("+12", -128, 127) == 12);
    CHECK(java_parse_integer("-128", -128, 127) == -128);
    CHECK(java_parse_integer("128", -128, 127) == std::nullopt);
    CHECK(java_parse_integer(" 1", -128, 127) == std::nullopt);
    CHECK(java_parse_integer("1.0", -128, 127) == std::nullopt);
    CHECK(java_parse_integer("", -128, 127) == std::nullopt);
    CHECK(java_parse_double(" 1.5e3 ") == 1500.0);
    CHECK(java_parse_double("2d") == 2.0);
    CHECK(java_parse_double("-Infinity") == -std::numeric_limits<double>::infinity());
    CHECK(std::isnan(*java_parse_double("NaN")));
    CHECK(java_parse_double("1e400") == std::numeric_limits<double>::infinity());
    CHECK(java_parse_double("abc") == std::nullopt);
    CHECK(java_parse_float("0.1f") == 0.1F);
    CHECK(java_decimal_text_long_value("-12.9") == -12);
    CHECK(java_decimal_text_long_value("x") == std::nullopt);
}

TEST_CASE("Java splits like String.split") {
    using parts = std::vector<std::string>;
    CHECK(java_split("a:b", ':') == parts{"a", "b"});
    CHECK(java_split("a:b:", ':') == parts{"a", "b"});
    CHECK(java_split(":b", ':') == parts{"", "b"});
    CHECK(java_split("a", ':') == parts{"a"});
    CHECK(java_split("", ':') == parts{""});
    CHECK(java_split("::", ':').empty());
}

TEST_CASE("Literals are typed like Values.parseString") {
    auto parsed = [](const char* text) { return parse_literal_value(text); };
    CHECK(parsed("") == schema_and_value{schema::string(), ""});
    CHECK(parsed("null") == schema_and_value{});
    CHECK(parsed("true") == schema_and_value{schema::boolean(), true});
    CHECK(parsed("1") == schema_and_value{schema::int8(), std::int8_t{1}});
    CHECK(parsed("-129") == schema_and_value{schema::int16(), std::int16_t{-129}});
    CHECK(parsed("100000") == schema_and_value{schema::int32(), 100000});
    CHECK(parsed("10000000000") == schema_and_value{schema::int64(), std::int64_t{10000000000}});
    CHECK(parsed("1.0") == schema_and_value{schema::int8(), std::int8_t{1}});
    CHECK(parsed("1e3") == schema_and_value{schema::int16(), std::int16_t{1000}});
    CHECK(parsed("1.5") == schema_and_value{schema::float32(), 1.5F});
    CHECK(parsed("1e300") == schema_and_value{schema::float64(), 1e300});
    CHECK(parsed("123456789012345678901234567890") ==
          schema_and_value{decimal_schema(0), decimal::parse("123456789012345678901234567890")});
    CHECK(parsed("2024-01-31") == schema_and_value{date_schema(), date(19753)});
    CHECK(parsed("13:45:00.250Z") == schema_and_value{time_schema(), time_of_day(49'500'250)});
    CHECK(parsed("2024-01-31T13:45:00.250Z") == schema_and_value{timestamp_schema(), timestamp(1'706'708'700'250)});
    CHECK(parsed(" hello ") == schema_and_value{schema::string(), " hello "});
    CHECK(parsed("12, 13") == schema_and_value{schema::string(), "12, 13"});
}
