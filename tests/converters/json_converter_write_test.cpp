// Byte-exact output of the JSON converter. The expected envelopes are those of Kafka's
// JsonConverterTest, in the member order Jackson writes them.
#include <catch2/catch.hpp>

#include <limits>

#include "copycat/data.hpp"
#include "json_test_support.hpp"

using namespace copycat;
using namespace copycat::converters;
using namespace copycat::converters::testing;

TEST_CASE("JsonConverter writes schema metadata like Kafka") {
    auto c = make_json_converter();
    CHECK(write_json(*c, schema::boolean(), true) ==
          R"({"schema":{"type":"boolean","optional":false},"payload":true})");
    CHECK(write_json(*c, schema::optional_boolean(), value()) ==
          R"({"schema":{"type":"boolean","optional":true},"payload":null})");
    CHECK(write_json(*c, schema_builder::boolean().default_value(true).build(), true) ==
          R"({"schema":{"type":"boolean","optional":false,"default":true},"payload":true})");
    CHECK(
        write_json(*c,
                   schema_builder::boolean()
                       .required()
                       .name("bool")
                       .version(3)
                       .doc("the documentation")
                       .parameter("foo", "bar")
                       .build(),
                   true) ==
        R"({"schema":{"type":"boolean","optional":false,"name":"bool","version":3,"doc":"the documentation","parameters":{"foo":"bar"}},"payload":true})");
}

TEST_CASE("JsonConverter writes primitives like Kafka") {
    auto c = make_json_converter();
    CHECK(write_json(*c, schema::int8(), std::int8_t{12}) ==
          R"({"schema":{"type":"int8","optional":false},"payload":12})");
    CHECK(write_json(*c, schema::int16(), std::int16_t{12}) ==
          R"({"schema":{"type":"int16","optional":false},"payload":12})");
    CHECK(write_json(*c, schema::int32(), 12) == R"({"schema":{"type":"int32","optional":false},"payload":12})");
    CHECK(write_json(*c, schema::int64(), std::int64_t{4398046511104}) ==
          R"({"schema":{"type":"int64","optional":false},"payload":4398046511104})");
    CHECK(write_json(*c, schema::float32(), 12.34f) ==
          R"({"schema":{"type":"float","optional":false},"payload":12.34})");
    CHECK(write_json(*c, schema::float64(), 12.34) ==
          R"({"schema":{"type":"double","optional":false},"payload":12.34})");
    CHECK(write_json(*c, schema::bytes(), bytes{'t', 'e', 's', 't', '-', 's', 't', 'r', 'i', 'n', 'g'}) ==
          R"({"schema":{"type":"bytes","optional":false},"payload":"dGVzdC1zdHJpbmc="})");
    CHECK(write_json(*c, schema::string(), "test-string") ==
          R"({"schema":{"type":"string","optional":false},"payload":"test-string"})");
}

TEST_CASE("JsonConverter prints floating-point numbers as Jackson does") {
    auto c = make_json_converter({{"schemas.enable", "false"}});
    CHECK(write_json(*c, schema::float32(), 1.5f) == "1.5");
    CHECK(write_json(*c, schema::float32(), 0.1f) == "0.1");
    CHECK(write_json(*c, schema::float32(), 1e20f) == "1.0E20");
    CHECK(write_json(*c, schema::float64(), 1.0) == "1.0");
    CHECK(write_json(*c, schema::float64(), 1e20) == "1.0E20");
    CHECK(write_json(*c, schema::float64(), 0.1) == "0.1");
    CHECK(write_json(*c, schema::float64(), 1e-5) == "1.0E-5");
    CHECK(write_json(*c, schema::float64(), -0.0) == "-0.0");
    CHECK(write_json(*c, nullptr, 2.0f) == "2.0");
    CHECK(write_json(*c, schema::float64(), std::numeric_limits<double>::quiet_NaN()) == R"("NaN")");
    CHECK(write_json(*c, schema::float32(), -std::numeric_limits<float>::infinity()) == R"("-Infinity")");
}

TEST_CASE("JsonConverter escapes strings as Jackson does") {
    auto c = make_json_converter({{"schemas.enable", "false"}});
    CHECK(write_json(*c, schema::string(), std::string("q\"b\\s/\n\t\r\b\f\x01\x1f\x7f\xC3\xA9")) ==
          "\"q\\\"b\\\\s/\\n\\t\\r\\b\\f\\u0001\\u001F\x7f\xC3\xA9\"");
    CHECK(write_json(*c, schema::string(), std::string("nul\0!", 5)) == R"("nul\u0000!")");
}

TEST_CASE("JsonConverter writes arrays, maps and structs like Kafka") {
    auto c = make_json_converter();
    CHECK(
        write_json(*c, schema_builder::array(schema::int32()).build(), value_array{1, 2, 3}) ==
        R"({"schema":{"type":"array","items":{"type":"int32","optional":false},"optional":false},"payload":[1,2,3]})");
    CHECK(
        write_json(*c, schema_builder::map(schema::string(), schema::int32()).build(),
                   value_map{{"key1", 12}, {"key2", 15}}) ==
        R"({"schema":{"type":"map","keys":{"type":"string","optional":false},"values":{"type":"int32","optional":false},"optional":false},"payload":{"key1":12,"key2":15}})");
    CHECK(
        write_json(*c, schema_builder::map(schema::int32(), schema::int32()).build(), value_map{{1, 12}, {2, 15}}) ==
        R"({"schema":{"type":"map","keys":{"type":"int32","optional":false},"values":{"type":"int32","optional":false},"optional":false},"payload":[[1,12],[2,15]]})");

    const schema_ptr s = schema_builder::struct_()
                             .field("field1", schema::boolean())
                             .field("field2", schema::string())
                             .field("field3", schema::string())
                             .field("field4", schema::boolean())
                             .build();
    struct_value input(s);
    input.put("field1", true).put("field2", "string2").put("field3", "string3").put("field4", false);
    CHECK(
        write_json(*c, s, input) ==
        R"({"schema":{"type":"struct","fields":[{"type":"boolean","optional":false,"field":"field1"},{"type":"string","optional":false,"field":"field2"},{"type":"string","optional":false,"field":"field3"},{"type":"boolean","optional":false,"field":"field4"}],"optional":false},"payload":{"field1":true,"field2":"string2","field3":"string3","field4":false}})");
}

TEST_CASE("JsonConverter accepts a struct whose schema is equal but not the same object") {
    auto c = make_json_converter();
    auto make = [] { return schema_builder::struct_().field("field1", schema::boolean()).build(); };
    const schema_ptr s = make();
    struct_value input(make());
    input.put("field1", true);
    CHECK(
        write_json(*c, s, input) ==
        R"({"schema":{"type":"struct","fields":[{"type":"boolean","optional":false,"field":"field1"}],"optional":false},"payload":{"field1":true}})");
}

TEST_CASE("JsonConverter writes nested containers") {
    auto c = make_json_converter();
    const schema_ptr point = schema_builder::struct_()
                                 .name("point")
                                 .field("x", schema::int32())
                                 .field("y", schema::optional_int32())
                                 .optional()
                                 .build();
    const schema_ptr s =
        schema_builder::struct_()
            .field("points", schema_builder::array(point).build())
            .field("tags", schema_builder::map(schema::string(), schema::optional_string()).optional().build())
            .field("best", point)
            .build();
    struct_value p(point);
    p.put("x", 1);
    struct_value root(s);
    root.put("points", value_array{value(p), value()}).put("tags", value_map{{"a", "b"}, {"c", value()}});
    CHECK(
        write_json(*c, s, root) ==
        R"({"schema":{"type":"struct","fields":[)"
        R"({"type":"array","items":{"type":"struct","fields":[{"type":"int32","optional":false,"field":"x"},{"type":"int32","optional":true,"field":"y"}],"optional":true,"name":"point"},"optional":false,"field":"points"},)"
        R"({"type":"map","keys":{"type":"string","optional":false},"values":{"type":"string","optional":true},"optional":true,"field":"tags"},)"
        R"({"type":"struct","fields":[{"type":"int32","optional":false,"field":"x"},{"type":"int32","optional":true,"field":"y"}],"optional":true,"name":"point","field":"best"}],"optional":false},)"
        R"("payload":{"points":[{"x":1,"y":null},null],"tags":{"a":"b","c":null},"best":null}})");
}

TEST_CASE("JsonConverter writes logical types like Kafka") {
    auto c = make_json_converter();
    CHECK(
        write_json(*c, decimal_schema(2), decimal(156, 2)) ==
        R"({"schema":{"type":"bytes","optional":false,"name":"org.apache.kafka.connect.data.Decimal","version":1,"parameters":{"scale":"2"}},"payload":"AJw="})");
    CHECK(
        write_json(*c, date_schema(), date(10000)) ==
        R"({"schema":{"type":"int32","optional":false,"name":"org.apache.kafka.connect.data.Date","version":1},"payload":10000})");
    CHECK(
        write_json(*c, time_schema(), time_of_day(14400000)) ==
        R"({"schema":{"type":"int32","optional":false,"name":"org.apache.kafka.connect.data.Time","version":1},"payload":14400000})");
    CHECK(
        write_json(*c, timestamp_schema(), timestamp(std::int64_t{4000000000})) ==
        R"({"schema":{"type":"int64","optional":false,"name":"org.apache.kafka.connect.data.Timestamp","version":1},"payload":4000000000})");
    CHECK(
        write_json(*c, decimal_builder(2).optional().default_value(decimal(156, 2)).build(), value()) ==
        R"({"schema":{"type":"bytes","optional":true,"name":"org.apache.kafka.connect.data.Decimal","version":1,"parameters":{"scale":"2"},"default":"AJw="},"payload":"AJw="})");
}

TEST_CASE("JsonConverter writes schema parameters in their insertion order") {
    auto c = make_json_converter();
    // Debezium's Decimal: Kafka's Decimal.builder adds "scale", Debezium then its precision.
    const auto dec = decimal_builder(2).parameter("connect.decimal.precision", "10").build();
    CHECK(
        write_json(*c, dec, decimal(156, 2)) ==
        R"({"schema":{"type":"bytes","optional":false,"name":"org.apache.kafka.connect.data.Decimal","version":1,"parameters":{"scale":"2","connect.decimal.precision":"10"}},"payload":"AJw="})");
    const auto zyx = schema_builder::string().parameter("z", "1").parameter("y", "2").parameter("x", "3").build();
    CHECK(write_json(*c, zyx, "v") ==
          R"({"schema":{"type":"string","optional":false,"parameters":{"z":"1","y":"2","x":"3"}},"payload":"v"})");
    // A key set again keeps its first position.
    const auto again = schema_builder::string().parameter("b", "1").parameter("a", "2").parameter("b", "3").build();
    CHECK(write_json(*c, again, "v") ==
          R"({"schema":{"type":"string","optional":false,"parameters":{"b":"3","a":"2"}},"payload":"v"})");
}

TEST_CASE("JsonConverter writes an empty parameter map as {} and no parameters not at all") {
    auto c = make_json_converter();
    CHECK(write_json(*c, schema_builder::int32().build(), 1) ==
          R"({"schema":{"type":"int32","optional":false},"payload":1})");
    // SchemaBuilder.parameters with an empty map adds no parameter map.
    CHECK(write_json(*c, schema_builder::int64().parameters(schema_parameters{}).build(), std::int64_t{1}) ==
          R"({"schema":{"type":"int64","optional":false},"payload":1})");
    const auto empty = schema_builder::string().optional().name("n").replace_parameters(schema_parameters{}).build();
    CHECK(write_json(*c, empty, "v") ==
          R"({"schema":{"type":"string","optional":true,"name":"n","parameters":{}},"payload":"v"})");
    const auto st = schema_builder::struct_().field("f", empty).build();
    struct_value sv(st);
    sv.put("f", "v");
    CHECK(
        write_json(*c, st, sv) ==
        R"({"schema":{"type":"struct","fields":[{"type":"string","optional":true,"name":"n","parameters":{},"field":"f"}],"optional":false},"payload":{"f":"v"}})");
}

TEST_CASE("JsonConverter shares cached schema text between schemas equal up to parameter order, like Kafka") {
    // Kafka's write cache is keyed by Schema.equals, which compares parameter maps regardless of
    // their order: a schema equal to one written before is written with the earlier text.
    auto c = make_json_converter();
    const auto ab = schema_builder::string().parameter("a", "1").parameter("b", "2").build();
    const auto ba = schema_builder::string().parameter("b", "2").parameter("a", "1").build();
    CHECK(write_json(*c, ab, "v") ==
          R"({"schema":{"type":"string","optional":false,"parameters":{"a":"1","b":"2"}},"payload":"v"})");
    CHECK(write_json(*c, ba, "v") ==
          R"({"schema":{"type":"string","optional":false,"parameters":{"a":"1","b":"2"}},"payload":"v"})");
    CHECK(c->from_connect_schema_cache_size() == 1);
    auto fresh = make_json_converter();
    CHECK(write_json(*fresh, ba, "v") ==
          R"({"schema":{"type":"string","optional":false,"parameters":{"b":"2","a":"1"}},"payload":"v"})");
}

TEST_CASE("JsonConverter writes NUMERIC decimals as BigDecimal.toString") {
    auto c = make_json_converter({{"decimal.format", "NUMERIC"}});
    CHECK(
        write_json(*c, decimal_schema(2), decimal(156, 2)) ==
        R"({"schema":{"type":"bytes","optional":false,"name":"org.apache.kafka.connect.data.Decimal","version":1,"parameters":{"scale":"2"}},"payload":1.56})");
    CHECK(
        write_json(*c, decimal_schema(4), decimal(15600, 4)) ==
        R"({"schema":{"type":"bytes","optional":false,"name":"org.apache.kafka.connect.data.Decimal","version":1,"parameters":{"scale":"4"}},"payload":1.5600})");
    auto plain = make_json_converter({{"decimal.format", "numeric"}, {"schemas.enable", "false"}});
    CHECK(write_json(*plain, decimal_schema(10), decimal(-123, 10)) == "-1.23E-8");
    CHECK(write_json(*plain, decimal_schema(0), decimal::parse("123456789012345678901234567890")) ==
          "123456789012345678901234567890");
    CHECK(write_json(*plain, decimal_builder(1).optional().default_value(decimal(5, 1)).build(), value()) == "0.5");
}

TEST_CASE("JsonConverter writes schemaless values like Kafka") {
    auto c = make_json_converter();
    CHECK(write_json(*c, nullptr, true) == R"({"schema":null,"payload":true})");
    CHECK(write_json(*c, nullptr, value_array{1, "string", true}) == R"({"schema":null,"payload":[1,"string",true]})");
    CHECK(write_json(*c, nullptr, value_map{{"key1", 12}, {"key2", "string"}, {"key3", true}}) ==
          R"({"schema":null,"payload":{"key1":12,"key2":"string","key3":true}})");
    CHECK(write_json(*c, nullptr, value_map{{"string", 12}, {52, "string"}, {false, true}}) ==
          R"({"schema":null,"payload":[["string",12],[52,"string"],[false,true]]})");
    CHECK(write_json(*c, nullptr, bytes{0x00, 0x9C}) == R"({"schema":null,"payload":"AJw="})");
    CHECK(write_json(*c, nullptr, value_array{value(), std::int64_t{-1}, 1.5f}) ==
          R"({"schema":null,"payload":[null,-1,1.5]})");

    auto plain = make_json_converter({{"schemas.enable", "false"}}, true);
    CHECK(write_json(*plain, nullptr, true) == "true");
    CHECK(write_json(*plain, schema::optional_string(), value()) == "null");
    CHECK(write_json(*plain, nullptr, value_map{{"a", value_array{value_map{{"b", 1}}}}}) == R"({"a":[{"b":1}]})");
}

TEST_CASE("JsonConverter turns a null without schema into Kafka's null") {
    headers h;
    auto with = make_json_converter({{"schemas.enable", "true"}}, true);
    CHECK_FALSE(with->from_connect_data("topic", h, nullptr, value()).has_value());
    auto without = make_json_converter({{"schemas.enable", "false"}}, true);
    CHECK_FALSE(without->from_connect_data("topic", h, nullptr, value()).has_value());
    CHECK_FALSE(without->serialize(nullptr, value()).has_value());
}

TEST_CASE("JsonConverter replaces nulls with defaults when configured") {
    const schema_ptr s = schema_builder::string().optional().default_value("default").build();
    const schema_ptr st = schema_builder::struct_().field("field1", s).build();
    auto replace = make_json_converter({{"replace.null.with.default", "true"}});
    CHECK(write_json(*replace, s, value()) ==
          R"({"schema":{"type":"string","optional":true,"default":"default"},"payload":"default"})");
    CHECK(
        write_json(*replace, st, struct_value(st)) ==
        R"({"schema":{"type":"struct","fields":[{"type":"string","optional":true,"default":"default","field":"field1"}],"optional":false},"payload":{"field1":"default"}})");

    auto keep = make_json_converter({{"replace.null.with.default", "false"}});
    CHECK(write_json(*keep, s, value()) ==
          R"({"schema":{"type":"string","optional":true,"default":"default"},"payload":null})");
    CHECK(
        write_json(*keep, st, struct_value(st)) ==
        R"({"schema":{"type":"struct","fields":[{"type":"string","optional":true,"default":"default","field":"field1"}],"optional":false},"payload":{"field1":null}})");
    struct_value set(st);
    set.put("field1", "default");
    CHECK(
        write_json(*keep, st, set) ==
        R"({"schema":{"type":"struct","fields":[{"type":"string","optional":true,"default":"default","field":"field1"}],"optional":false},"payload":{"field1":"default"}})");
}

TEST_CASE("JsonConverter refuses values that do not match their schema") {
    auto c = make_json_converter();
    headers h;
    auto fails = [&](const schema_ptr& s, const value& v, const std::string& message) {
        INFO(message);
        CHECK_THROWS_MATCHES(c->from_connect_data("topic", h, s, v), data_error, Catch::Message(message));
    };
    fails(schema::float64(), true, "Invalid type for FLOAT64: class java.lang.Boolean");
    fails(schema::int32(), std::int64_t{1}, "Invalid type for INT32: class java.lang.Long");
    fails(schema::bytes(), "x", "Invalid type for bytes type: class java.lang.String");
    fails(schema::string(), value(),
          "Conversion error: null value for field that is required and has no default value");
    fails(nullptr, decimal(156, 2), "Java class class java.math.BigDecimal does not have corresponding schema type.");
    fails(nullptr, date(1), "Java class class java.util.Date does not have corresponding schema type.");
    fails(decimal_schema(2), 1, "Invalid type for Decimal, expected BigDecimal but was class java.lang.Integer");
    fails(date_schema(), 1, "Invalid type for Date, expected Date but was class java.lang.Integer");
    CHECK_THROWS_AS(c->from_connect_data("topic", h, decimal_schema(3), decimal(156, 2)), data_error);

    const schema_ptr a = schema_builder::struct_().field("a", schema::int32()).build();
    const schema_ptr b = schema_builder::struct_().field("b", schema::int32()).build();
    struct_value sb(b);
    sb.put("b", 1);
    fails(a, sb, "Mismatching schema.");
    fails(nullptr, sb, "Mismatching schema.");
    // The writer is reusable after a failure.
    CHECK(write_json(*c, schema::int32(), 7) == R"({"schema":{"type":"int32","optional":false},"payload":7})");
}

TEST_CASE("JsonConverter caches the JSON of schemas it writes") {
    auto c = make_json_converter();
    CHECK(c->from_connect_schema_cache_size() == 0);
    write_json(*c, schema_builder::boolean().build(), true);
    CHECK(c->from_connect_schema_cache_size() == 1);
    write_json(*c, schema_builder::boolean().build(), true);
    CHECK(c->from_connect_schema_cache_size() == 1);
    write_json(*c, schema_builder::boolean().optional().build(), true);
    CHECK(c->from_connect_schema_cache_size() == 2);

    auto small = make_json_converter({{"schemas.cache.size", "1"}});
    write_json(*small, schema::int8(), std::int8_t{1});
    write_json(*small, schema::int16(), std::int16_t{1});
    CHECK(small->from_connect_schema_cache_size() == 1);
    CHECK(write_json(*small, schema::int8(), std::int8_t{1}) ==
          R"({"schema":{"type":"int8","optional":false},"payload":1})");
}

TEST_CASE("JsonConverter writes headers like data") {
    auto c = make_json_converter();
    const auto out = c->from_connect_header("topic", "headerName", schema::string(), "test-string");
    REQUIRE(out);
    CHECK(std::string(out->begin(), out->end()) ==
          R"({"schema":{"type":"string","optional":false},"payload":"test-string"})");
}
