// StringConverter, ByteArrayConverter, the number converters and BooleanConverter.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>

#include "converters/boolean_converter.hpp"
#include "converters/builtin_converters.hpp"
#include "converters/byte_array_converter.hpp"
#include "converters/number_converter.hpp"
#include "converters/string_converter.hpp"
#include "copycat/data.hpp"

using namespace copycat;
using namespace copycat::converters;

namespace {

std::optional<bytes> write(converter& c, const schema_ptr& s, const value& v) {
    headers h;
    return c.from_connect_data("topic", h, s, v);
}

schema_and_value read(converter& c, std::optional<bytes> data) {
    const headers h;
    return data ? c.to_connect_data("topic", h, bytes_view(*data)) : c.to_connect_data("topic", h, std::nullopt);
}

std::string text_of(const std::optional<bytes>& b) {
    REQUIRE(b.has_value());
    return std::string(b->begin(), b->end());
}

bytes b(std::string_view s) { return bytes(s.begin(), s.end()); }

}  // namespace

TEST_CASE("StringConverter writes the Java toString of values") {
    string_converter c;
    c.configure({}, false);
    CHECK(text_of(write(c, schema::string(), "hello")) == "hello");
    CHECK(text_of(write(c, nullptr, 42)) == "42");
    CHECK(text_of(write(c, nullptr, std::int64_t{-7})) == "-7");
    CHECK(text_of(write(c, nullptr, true)) == "true");
    CHECK(text_of(write(c, nullptr, 1.5f)) == "1.5");
    CHECK(text_of(write(c, nullptr, 1e20)) == "1.0E20");
    CHECK(text_of(write(c, nullptr, 100.0)) == "100.0");
    CHECK(text_of(write(c, decimal_schema(2), decimal(156, 2))) == "1.56");
    CHECK(text_of(write(c, nullptr, value_array{1, "a", value()})) == "[1, a, null]");
    CHECK(text_of(write(c, nullptr, value_map{{"k", 1}, {"j", value_array{}}})) == "{k=1, j=[]}");
    CHECK(text_of(write(c, nullptr, date(0))) == "Thu Jan 01 00:00:00 UTC 1970");
    CHECK(text_of(write(c, nullptr, timestamp(std::int64_t{1706708700250}))) == "Wed Jan 31 13:45:00 UTC 2024");
    CHECK(text_of(write(c, nullptr, bytes{0x00, 0x9C})) == "AJw=");
    const schema_ptr s = schema_builder::struct_()
                             .field("a", schema::int32())
                             .field("b", schema::optional_string())
                             .field("c", schema_builder::string().optional().default_value("d").build())
                             .build();
    struct_value st(s);
    st.put("a", 1);
    CHECK(text_of(write(c, s, st)) == "Struct{a=1}");
    st.put("b", "x");
    CHECK(text_of(write(c, s, st)) == "Struct{a=1,b=x}");
    st.put("c", "d");  // set to its default: no longer unset
    CHECK(text_of(write(c, s, st)) == "Struct{a=1,b=x,c=d}");
    CHECK_FALSE(write(c, schema::optional_string(), value()).has_value());
}

TEST_CASE("StringConverter reads UTF-8 text with an optional string schema") {
    string_converter c;
    c.configure({{"converter.encoding", "UTF-8"}}, true);
    CHECK(read(c, b("h\xC3\xA9llo")) == schema_and_value{schema::optional_string(), "h\xC3\xA9llo"});
    CHECK(read(c, b("")) == schema_and_value{schema::optional_string(), ""});
    CHECK(read(c, b("bad\xFF")) == schema_and_value{schema::optional_string(), "bad\xEF\xBF\xBD"});
    CHECK(read(c, std::nullopt) == schema_and_value{schema::optional_string(), value()});
    CHECK(c.to_connect_header("topic", "h", bytes_view(b("x"))) == schema_and_value{schema::optional_string(), "x"});
}

TEST_CASE("StringConverter accepts only UTF-8") {
    string_converter c;
    CHECK_NOTHROW(c.configure({{"converter.encoding", "utf8"}}, false));
    CHECK_NOTHROW(c.configure(std::map<std::string, std::string>{}));
    CHECK_THROWS_AS(c.configure({{"converter.encoding", "ISO-8859-1"}}, false), config_error);
    CHECK(c.config().contains("converter.encoding"));
    CHECK(c.config().contains("converter.type"));
}

TEST_CASE("ByteArrayConverter passes bytes through") {
    byte_array_converter c;
    c.configure({}, false);
    CHECK(write(c, schema::bytes(), bytes{1, 2, 3}) == bytes{1, 2, 3});
    CHECK(write(c, nullptr, bytes{}) == bytes{});
    CHECK_FALSE(write(c, schema::optional_bytes(), value()).has_value());
    CHECK(read(c, bytes{9, 8}) == schema_and_value{schema::optional_bytes(), bytes{9, 8}});
    CHECK(read(c, std::nullopt) == schema_and_value{schema::optional_bytes(), value()});
    headers h;
    CHECK_THROWS_MATCHES(c.from_connect_data("t", h, schema::int32(), 1), data_error,
                         Catch::Message("Invalid schema type for ByteArrayConverter: INT32"));
    CHECK_THROWS_MATCHES(
        c.from_connect_data("t", h, nullptr, "x"), data_error,
        Catch::Message("ByteArrayConverter is not compatible with objects of type class java.lang.String"));
    CHECK_THROWS_AS(c.from_connect_data("t", h, decimal_schema(2), decimal(1, 2)), data_error);
}

TEST_CASE("Number converters write big-endian fixed-width values like Kafka's serializers") {
    auto shorts = number_converter::short_converter();
    auto ints = number_converter::integer_converter();
    auto longs = number_converter::long_converter();
    auto floats = number_converter::float_converter();
    auto doubles = number_converter::double_converter();
    CHECK(write(*shorts, nullptr, std::int16_t{-2}) == bytes{0xFF, 0xFE});
    CHECK(write(*ints, schema::int32(), 0x01020304) == bytes{1, 2, 3, 4});
    CHECK(write(*ints, nullptr, -1) == bytes{0xFF, 0xFF, 0xFF, 0xFF});
    CHECK(write(*longs, nullptr, std::int64_t{0x0102030405060708}) == bytes{1, 2, 3, 4, 5, 6, 7, 8});
    CHECK(write(*floats, nullptr, 1.5f) == bytes{0x3F, 0xC0, 0x00, 0x00});
    CHECK(write(*doubles, nullptr, 1.5) == bytes{0x3F, 0xF8, 0, 0, 0, 0, 0, 0});
    CHECK(write(*doubles, nullptr, -std::numeric_limits<double>::quiet_NaN()) == bytes{0x7F, 0xF8, 0, 0, 0, 0, 0, 0});
    CHECK_FALSE(write(*ints, nullptr, value()).has_value());

    CHECK(read(*shorts, bytes{0xFF, 0xFE}) == schema_and_value{schema::optional_int16(), std::int16_t{-2}});
    CHECK(read(*ints, bytes{1, 2, 3, 4}) == schema_and_value{schema::optional_int32(), 0x01020304});
    CHECK(read(*longs, bytes{0x80, 0, 0, 0, 0, 0, 0, 0}) ==
          schema_and_value{schema::optional_int64(), std::numeric_limits<std::int64_t>::min()});
    CHECK(read(*floats, bytes{0x3F, 0xC0, 0x00, 0x00}) == schema_and_value{schema::optional_float32(), 1.5f});
    CHECK(read(*doubles, bytes{0x3F, 0xF8, 0, 0, 0, 0, 0, 0}) == schema_and_value{schema::optional_float64(), 1.5});
    CHECK(read(*ints, std::nullopt) == schema_and_value{schema::optional_int32(), value()});
}

TEST_CASE("Number converters refuse other types and lengths with Kafka's messages") {
    auto ints = number_converter::integer_converter();
    auto doubles = number_converter::double_converter();
    headers h;
    const headers none;
    CHECK_THROWS_MATCHES(ints->from_connect_data("t", h, nullptr, std::int64_t{1}), data_error,
                         Catch::Message("Failed to serialize to integer (was class java.lang.Long): "));
    CHECK_THROWS_MATCHES(
        ints->to_connect_data("t", none, bytes_view(bytes{1, 2, 3})), data_error,
        Catch::Message("Failed to deserialize integer: Size of data received by IntegerDeserializer is not 4"));
    CHECK_THROWS_MATCHES(
        doubles->to_connect_data("t", none, bytes_view(bytes{})), data_error,
        Catch::Message("Failed to deserialize double: Size of data received by Deserializer is not 8"));
    CHECK_THROWS_AS(ints->configure({{"converter.type", "sideways"}}), config_error);
    CHECK_NOTHROW(ints->configure({}, true));
}

TEST_CASE("BooleanConverter writes one byte") {
    boolean_converter c;
    c.configure({}, false);
    CHECK(write(c, schema::boolean(), true) == bytes{1});
    CHECK(write(c, nullptr, false) == bytes{0});
    CHECK_FALSE(write(c, nullptr, value()).has_value());
    CHECK(read(c, bytes{1}) == schema_and_value{schema::optional_boolean(), true});
    CHECK(read(c, bytes{0}) == schema_and_value{schema::optional_boolean(), false});
    CHECK(read(c, std::nullopt) == schema_and_value{schema::optional_boolean(), value()});
    headers h;
    const headers none;
    CHECK_THROWS_MATCHES(c.from_connect_data("t", h, schema::string(), "x"), data_error,
                         Catch::Message("Invalid schema type for BooleanConverter: STRING"));
    CHECK_THROWS_MATCHES(
        c.from_connect_data("t", h, nullptr, 1), data_error,
        Catch::Message("BooleanConverter is not compatible with objects of type class java.lang.Integer"));
    CHECK_THROWS_MATCHES(
        c.to_connect_data("t", none, bytes_view(bytes{2})), data_error,
        Catch::Message("Failed to deserialize boolean: Unexpected byte received by BooleanDeserializer: 2"));
    CHECK_THROWS_MATCHES(
        c.to_connect_data("t", none, bytes_view(bytes{1, 0})), data_error,
        Catch::Message("Failed to deserialize boolean: Size of data received by BooleanDeserializer is not 1"));
}

TEST_CASE("Every built-in converter is listed under its Kafka class name") {
    const char* names[] = {
        "org.apache.kafka.connect.json.JsonConverter",
        "org.apache.kafka.connect.storage.StringConverter",
        "org.apache.kafka.connect.converters.ByteArrayConverter",
        "org.apache.kafka.connect.converters.ShortConverter",
        "org.apache.kafka.connect.converters.IntegerConverter",
        "org.apache.kafka.connect.converters.LongConverter",
        "org.apache.kafka.connect.converters.FloatConverter",
        "org.apache.kafka.connect.converters.DoubleConverter",
        "org.apache.kafka.connect.converters.BooleanConverter",
        "org.apache.kafka.connect.storage.SimpleHeaderConverter",
    };
    CHECK(builtin_converters().size() == std::size(names));
    for (const char* name : names) {
        INFO(name);
        const builtin_converter* entry = find_builtin_converter(name);
        REQUIRE(entry != nullptr);
        REQUIRE(entry->make_header_converter != nullptr);
        CHECK(entry->make_header_converter() != nullptr);
        if (entry->make_converter != nullptr) {
            auto c = entry->make_converter();
            REQUIRE(c != nullptr);
            c->configure({}, false);
            CHECK(c->config().contains("converter.type"));
        }
    }
    CHECK(find_builtin_converter("org.apache.kafka.connect.storage.SimpleHeaderConverter")->make_converter == nullptr);
    CHECK(find_builtin_converter("com.example.Nope") == nullptr);

    // A factory yields a working converter of the right class.
    auto ints = find_builtin_converter("org.apache.kafka.connect.converters.IntegerConverter")->make_converter();
    CHECK(write(*ints, nullptr, 7) == bytes{0, 0, 0, 7});
    auto json = find_builtin_converter("org.apache.kafka.connect.json.JsonConverter")->make_converter();
    json->configure({{"schemas.enable", "false"}}, false);
    CHECK(text_of(write(*json, nullptr, value_array{1})) == "[1]");
}
