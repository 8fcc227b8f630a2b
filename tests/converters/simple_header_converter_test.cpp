// SimpleHeaderConverter: Values.convertToString and Values.parseString, with the cases of
// Kafka's SimpleHeaderConverterTest and ValuesTest.
#include <catch2/catch.hpp>

#include <iterator>
#include <random>
#include <string>

#include "converters/simple_header_converter.hpp"
#include "converters/values_parser.hpp"
#include "copycat/data.hpp"

using namespace copycat;
using namespace copycat::converters;

namespace {

std::string format(const schema_ptr& s, const value& v) {
    simple_header_converter c;
    const auto out = c.from_connect_header("topic", "header", s, v);
    REQUIRE(out.has_value());
    return std::string(out->begin(), out->end());
}

schema_and_value parse(std::string_view text) {
    simple_header_converter c;
    const bytes data(text.begin(), text.end());
    return c.to_connect_header("topic", "header", bytes_view(data));
}

schema_and_value round_trip(const schema_ptr& s, const value& v) { return parse(format(s, v)); }

void check_round_trip(const schema_ptr& s, const value& v) {
    const schema_and_value result = round_trip(s, v);
    CHECK(schemas_equal(result.schema, s));
    CHECK(result.val == v);
    CHECK(round_trip(result.schema, result.val) == result);
}

}  // namespace

TEST_CASE("SimpleHeaderConverter formats values like Values.convertToString") {
    CHECK(format(schema::string(), "simple") == "simple");
    CHECK(format(schema::int8(), std::int8_t{-5}) == "-5");
    CHECK(format(schema::float32(), 1.5f) == "1.5");
    CHECK(format(schema::float64(), 1e20) == "1.0E20");
    CHECK(format(schema::boolean(), true) == "true");
    CHECK(format(schema::bytes(), bytes{0x00, 0x9C}) == "AJw=");
    CHECK(format(nullptr, value_array{"a", 1, value(), bytes{0x00, 0x9C}}) == R"(["a",1,null,"AJw="])");
    CHECK(format(nullptr, value_map{{"k", "v\"q\\"}, {"n", 2}}) == R"({"k":"v\"q\\","n":2})");
    CHECK(format(decimal_schema(2), decimal(156, 2)) == "1.56");
    CHECK(format(date_schema(), date(19753)) == "2024-01-31");
    CHECK(format(time_schema(), time_of_day(49500250)) == "13:45:00.250Z");
    CHECK(format(timestamp_schema(), timestamp(std::int64_t{1706708700250})) == "2024-01-31T13:45:00.250Z");
    // Kafka picks the pattern from the milliseconds: the epoch day prints as a time.
    CHECK(format(date_schema(), date(0)) == "00:00:00.000Z");
    const schema_ptr s = schema_builder::struct_()
                             .field("a", schema::int32())
                             .field("b", schema_builder::string().optional().default_value("d").build())
                             .build();
    struct_value st(s);
    st.put("a", 1);
    CHECK(format(s, st) == R"({"a":1,"b":"d"})");
    simple_header_converter c;
    CHECK_FALSE(c.from_connect_header("topic", "header", schema::optional_string(), value()).has_value());
}

TEST_CASE("SimpleHeaderConverter round-trips like Kafka's SimpleHeaderConverterTest") {
    check_round_trip(schema::string(), "simple");
    check_round_trip(schema::string(), "");
    check_round_trip(schema::string(), "three\"blind\\\"mice");
    check_round_trip(schema::string(), "string with delimiters: <>?,./\\=+-!@#$%^&*(){}[]|;':");
    check_round_trip(schema_builder::map(schema::string(), schema::string()).build(),
                     value_map{{"foo", "123"}, {"bar", "baz"}});
    check_round_trip(schema_builder::map(schema::string(), schema::int16()).build(),
                     value_map{{"foo", std::int16_t{12345}}, {"bar", std::int16_t{0}}, {"baz", std::int16_t{-4321}}});
    check_round_trip(schema_builder::map(schema::string(), schema::int32()).build(),
                     value_map{{"foo", 1234567890}, {"bar", 0}, {"baz", -987654321}});
    check_round_trip(schema_builder::array(schema::string()).build(), value_array{"foo", "bar"});
    check_round_trip(schema_builder::array(schema::int32()).build(), value_array{1234567890, -987654321});
    check_round_trip(schema::int8(), std::int8_t{1});
    check_round_trip(schema::int64(), std::int64_t{1} << 40);
    check_round_trip(schema::boolean(), false);
    check_round_trip(schema::float32(), 1.5f);
    check_round_trip(date_schema(), date(19753));
    check_round_trip(time_schema(), time_of_day(49500250));
    check_round_trip(timestamp_schema(), timestamp(std::int64_t{1706708700250}));

    CHECK(round_trip(schema::optional_string(), "null") == schema_and_value{});
    simple_header_converter c;
    CHECK(c.to_connect_header("topic", "header", std::nullopt) == schema_and_value{});
}

TEST_CASE("SimpleHeaderConverter parses maps written by hand") {
    const schema_ptr string_map = schema_builder::map(schema::string(), schema::string()).build();
    CHECK(parse(R"({"foo":"123","bar":"baz"})") ==
          schema_and_value{string_map, value_map{{"foo", "123"}, {"bar", "baz"}}});
    CHECK(parse("{ \"foo\" : \"123\", \n\"bar\" : \"baz\" } ") ==
          schema_and_value{string_map, value_map{{"foo", "123"}, {"bar", "baz"}}});
    const schema_ptr short_map = schema_builder::map(schema::string(), schema::int16()).build();
    CHECK(parse(R"( { "foo" :  12345 , "bar" : 0,  "baz" : -4321 }  )") ==
          schema_and_value{
              short_map,
              value_map{{"foo", std::int16_t{12345}}, {"bar", std::int16_t{0}}, {"baz", std::int16_t{-4321}}}});
}

TEST_CASE("Values parsing infers scalar types like Kafka") {
    CHECK(parse_values_string("") == schema_and_value{schema::string(), ""});
    CHECK(parse_values_string("true") == schema_and_value{schema::boolean(), true});
    CHECK(parse_values_string(" \t false \n") == schema_and_value{schema::boolean(), false});
    CHECK(parse_values_string("  null  ") == schema_and_value{});
    CHECK(parse_values_string("null=") == schema_and_value{schema::string(), "null="});
    CHECK(parse_values_string("true}") == schema_and_value{schema::string(), "true}"});
    CHECK(parse_values_string("false]") == schema_and_value{schema::string(), "false]"});
    CHECK(parse_values_string("127") == schema_and_value{schema::int8(), std::int8_t{127}});
    CHECK(parse_values_string("-129") == schema_and_value{schema::int16(), std::int16_t{-129}});
    CHECK(parse_values_string("40000") == schema_and_value{schema::int32(), 40000});
    CHECK(parse_values_string("+3000000000") == schema_and_value{schema::int64(), std::int64_t{3000000000}});
    CHECK(parse_values_string("1e3") == schema_and_value{schema::int16(), std::int16_t{1000}});
    CHECK(parse_values_string("2.0") == schema_and_value{schema::int8(), std::int8_t{2}});
    CHECK(parse_values_string("1.5") == schema_and_value{schema::float32(), 1.5f});
    CHECK(parse_values_string("3.4e39") == schema_and_value{schema::float64(), 3.4e39});
    CHECK(parse_values_string("1e30") == schema_and_value{schema::float32(), 1e30f});
    CHECK(parse_values_string("123456789012345678901234567890") ==
          schema_and_value{decimal_schema(0), decimal::parse("123456789012345678901234567890")});
    CHECK(parse_values_string("1e-999999999") == schema_and_value{schema::float32(), 0.0f});
    CHECK(parse_values_string("-") == schema_and_value{schema::string(), "-"});
    CHECK(parse_values_string("12abc") == schema_and_value{schema::string(), "12abc"});
    CHECK(parse_values_string("12, 13") == schema_and_value{schema::string(), "12, 13"});
    CHECK(parse_values_string("\xEF\xBF\xBF") == schema_and_value{schema::string(), "\xEF\xBF\xBF"});
}

TEST_CASE("Values parsing reads ISO-8601 temporal text") {
    CHECK(parse_values_string("2019-08-23") == schema_and_value{date_schema(), date(18131)});
    CHECK(parse_values_string("14:34:54.346Z") == schema_and_value{time_schema(), time_of_day(52494346)});
    CHECK(parse_values_string("14\\:34\\:54.346Z") == schema_and_value{time_schema(), time_of_day(52494346)});
    CHECK(parse_values_string("2019-08-23T14:34:54.346Z") ==
          schema_and_value{timestamp_schema(), timestamp(std::int64_t{18131} * 86400000 + 52494346)});
    CHECK(parse_values_string("2019-08-23T14\\:34\\:54.346Z") ==
          schema_and_value{timestamp_schema(), timestamp(std::int64_t{18131} * 86400000 + 52494346)});
    CHECK(parse_values_string("2019-13-23") == schema_and_value{schema::string(), "2019-13-23"});
    const schema_ptr ts_array = schema_builder::array(timestamp_schema()).build();
    const auto parsed =
        parse_values_string("[2019-08-23T14:34:54.346Z,2019-01-23T15:12:34.567Z,   2019-04-23T19:12:34.567Z]");
    CHECK(schemas_equal(parsed.schema, ts_array));
    CHECK(parsed.val.as_array().size() == 3);
    const schema_ptr time_map = schema_builder::map(schema::string(), time_schema()).build();
    CHECK(parse_values_string(R"({"k1":"14:34:54.346Z"})") ==
          schema_and_value{time_map, value_map{{"k1", time_of_day(52494346)}}});
    CHECK(parse_values_string(R"({"k1":14:34:54.346Z})") ==
          schema_and_value{time_map, value_map{{"k1", time_of_day(52494346)}}});
}

TEST_CASE("Values parsing reads containers like Kafka") {
    CHECK(parse_values_string("[true, false]") ==
          schema_and_value{schema_builder::array(schema::boolean()).build(), value_array{true, false}});
    CHECK(parse_values_string("{true: false, false: true}") ==
          schema_and_value{schema_builder::map(schema::boolean(), schema::boolean()).build(),
                           value_map{{true, false}, {false, true}}});
    CHECK(parse_values_string("[1, 300, 70000]") ==
          schema_and_value{schema_builder::array(schema::int32()).build(), value_array{1, 300, 70000}});
    CHECK(parse_values_string("[1, 2.5]") ==
          schema_and_value{schema_builder::array(schema::float32()).build(), value_array{1.0f, 2.5f}});
    CHECK(parse_values_string(R"({"a":[1],"b":[2]})") ==
          schema_and_value{schema_builder::map(schema::string(), schema_builder::array(schema::int8()).build()).build(),
                           value_map{{"a", value_array{std::int8_t{1}}}, {"b", value_array{std::int8_t{2}}}}});
    // Strings stay strings when they are not well-formed containers.
    for (const char* text : {"{foo: 3}", "{3: foo}", "[foo]", "{6:9 4:20}", "[0 1 2]", "{null: 3}", "[1, 2, 3,,,]",
                             "[1, null]", "[null, 1]", "[1,2", "{\"a\":1", "[1,2]x"}) {
        INFO(text);
        CHECK(parse_values_string(text) == schema_and_value{schema::string(), text});
    }
}

TEST_CASE("Values parsing gives no schema to containers without a common element schema") {
    CHECK(parse_values_string("[]") == schema_and_value{nullptr, value_array{}});
    CHECK(parse_values_string("{}") == schema_and_value{nullptr, value_map{}});
    CHECK(parse_values_string("[null]") == schema_and_value{nullptr, value_array{value()}});
    CHECK(parse_values_string(R"(["four", 1, 2, 300])") ==
          schema_and_value{nullptr, value_array{"four", std::int8_t{1}, std::int8_t{2}, std::int16_t{300}}});
    CHECK(parse_values_string("{1:1, 2:1, 300:300, \"four\":1}") ==
          schema_and_value{nullptr, value_map{{std::int8_t{1}, std::int8_t{1}},
                                              {std::int8_t{2}, std::int8_t{1}},
                                              {std::int16_t{300}, std::int16_t{300}},
                                              {"four", std::int8_t{1}}}});
    // Keys with a common schema are widened even when the values have none.
    CHECK(parse_values_string("{1:1, 300:300, 4:\"four\"}") ==
          schema_and_value{nullptr, value_map{{std::int16_t{1}, std::int8_t{1}},
                                              {std::int16_t{300}, std::int16_t{300}},
                                              {std::int16_t{4}, "four"}}});
    CHECK(parse_values_string("{3: null}") == schema_and_value{nullptr, value_map{{std::int8_t{3}, value()}}});
}

TEST_CASE("SimpleHeaderConverter never fails on arbitrary header bytes") {
    simple_header_converter c;
    const std::string samples[] = {"[",
                                   "{",
                                   "]",
                                   "}",
                                   "\"",
                                   "[[[[",
                                   "{\"a\":",
                                   "[1,",
                                   "{1:}",
                                   ":",
                                   ",,,",
                                   "\\",
                                   "[\"\\\"]",
                                   "{\"a\":[1,{\"b\":[\"x\"]}]}",
                                   "1e99999999999",
                                   "--1",
                                   "\xff\xfe",
                                   std::string("a\0b", 3)};
    for (const std::string& text : samples) {
        INFO(text);
        const bytes data(text.begin(), text.end());
        CHECK_NOTHROW(c.to_connect_header("topic", "header", bytes_view(data)));
    }
    CHECK(parse("1e99999999999") == schema_and_value{schema::string(), "1e99999999999"});
    CHECK(parse(R"({"a":[1,{"b":["x"]}]})").schema == nullptr);
}

TEST_CASE("SimpleHeaderConverter never fails on random header text") {
    simple_header_converter c;
    std::mt19937 random(7);
    const std::string alphabet = "{}[]\":,\\ 0123456789.-+eETZnultrufalsex";
    for (int round = 0; round < 5000; ++round) {
        std::string text;
        const std::size_t length = random() % 30;
        for (std::size_t i = 0; i < length; ++i) {
            text += alphabet[random() % alphabet.size()];
        }
        const bytes data(text.begin(), text.end());
        INFO(text);
        const schema_and_value result = c.to_connect_header("topic", "header", bytes_view(data));
        if (result.schema) {
            CHECK(is_valid_value(*result.schema, result.val));
        }
    }
}
