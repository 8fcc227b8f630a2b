// Reading JSON: the cases of Kafka's JsonConverterTest (*ToConnect) and more.
#include <catch2/catch.hpp>

#include <vector>

#include "copycat/data.hpp"
#include "json_test_support.hpp"

using namespace copycat;
using namespace copycat::converters;
using namespace copycat::converters::testing;

namespace {
schema_and_value sv(schema_ptr s, value v) { return {std::move(s), std::move(v)}; }
}  // namespace

TEST_CASE("JsonConverter reads schema metadata like Kafka") {
    auto c = make_json_converter();
    CHECK(read_json(*c, R"({ "schema": { "type": "boolean" }, "payload": true })") == sv(schema::boolean(), true));
    CHECK(read_json(*c, R"({ "schema": { "type": "boolean", "optional": true }, "payload": null })") ==
          sv(schema::optional_boolean(), value()));
    CHECK(read_json(*c, R"({ "schema": { "type": "boolean", "default": true }, "payload": null })") ==
          sv(schema_builder::boolean().default_value(true).build(), true));
    CHECK(
        read_json(
            *c,
            R"({ "schema": { "type": "boolean", "optional": false, "name": "bool", "version": 2, "doc": "the documentation", "parameters": { "foo": "bar" }}, "payload": true })") ==
        sv(schema_builder::boolean()
               .required()
               .name("bool")
               .version(2)
               .doc("the documentation")
               .parameter("foo", "bar")
               .build(),
           true));
}

TEST_CASE("JsonConverter reads primitives like Kafka") {
    auto c = make_json_converter();
    CHECK(read_json(*c, R"({ "schema": { "type": "boolean" }, "payload": false })") == sv(schema::boolean(), false));
    CHECK(read_json(*c, R"({ "schema": { "type": "int8" }, "payload": 12 })") == sv(schema::int8(), std::int8_t{12}));
    CHECK(read_json(*c, R"({ "schema": { "type": "int16" }, "payload": 12 })") ==
          sv(schema::int16(), std::int16_t{12}));
    CHECK(read_json(*c, R"({ "schema": { "type": "int32" }, "payload": 12 })") == sv(schema::int32(), 12));
    CHECK(read_json(*c, R"({ "schema": { "type": "int64" }, "payload": 12 })") ==
          sv(schema::int64(), std::int64_t{12}));
    CHECK(read_json(*c, R"({ "schema": { "type": "int64" }, "payload": 4398046511104 })") ==
          sv(schema::int64(), std::int64_t{4398046511104}));
    CHECK(read_json(*c, R"({ "schema": { "type": "float" }, "payload": 12.34 })") == sv(schema::float32(), 12.34f));
    CHECK(read_json(*c, R"({ "schema": { "type": "double" }, "payload": 12.34 })") == sv(schema::float64(), 12.34));
    CHECK(read_json(*c, R"({ "schema": { "type": "double" }, "payload": 12 })") == sv(schema::float64(), 12.0));
    CHECK(read_json(*c, R"({ "schema": { "type": "string" }, "payload": "foo-bar-baz" })") ==
          sv(schema::string(), "foo-bar-baz"));
    const bytes expected{'t', 'e', 's', 't', '-', 's', 't', 'r', 'i', 'n', 'g'};
    CHECK(read_json(*c, R"({ "schema": { "type": "bytes" }, "payload": "dGVzdC1zdHJpbmc=" })") ==
          sv(schema::bytes(), expected));
}

TEST_CASE("JsonConverter reads numbers with leading zeros, as Kafka's Jackson setup allows") {
    auto c = make_json_converter();
    CHECK(read_json(*c, R"({ "schema": { "type": "int8" }, "payload": 0012 })") == sv(schema::int8(), std::int8_t{12}));
    CHECK(read_json(*c, R"({ "schema": { "type": "int16" }, "payload": 000123 })") ==
          sv(schema::int16(), std::int16_t{123}));
    CHECK(read_json(*c, R"({ "schema": { "type": "int32" }, "payload": 000012345 })") == sv(schema::int32(), 12345));
    CHECK(read_json(*c, R"({ "schema": { "type": "int64" }, "payload": 00000123456789 })") ==
          sv(schema::int64(), std::int64_t{123456789}));
}

TEST_CASE("JsonConverter narrows integers like Java casts") {
    auto c = make_json_converter();
    CHECK(read_json(*c, R"({ "schema": { "type": "int8" }, "payload": 300 })") == sv(schema::int8(), std::int8_t{44}));
    CHECK(read_json(*c, R"({ "schema": { "type": "int32" }, "payload": 12.9 })") == sv(schema::int32(), 12));
    CHECK(read_json(*c, R"({ "schema": { "type": "int64" }, "payload": 18446744073709551615 })") ==
          sv(schema::int64(), std::int64_t{-1}));
}

TEST_CASE("JsonConverter reads arrays, maps and structs like Kafka") {
    auto c = make_json_converter();
    CHECK(read_json(*c, R"({ "schema": { "type": "array", "items": { "type" : "int32" } }, "payload": [1, 2, 3] })") ==
          sv(schema_builder::array(schema::int32()).build(), value_array{1, 2, 3}));
    CHECK(
        read_json(
            *c,
            R"({ "schema": { "type": "map", "keys": { "type" : "string" }, "values": { "type" : "int32" } }, "payload": { "key1": 12, "key2": 15} })") ==
        sv(schema_builder::map(schema::string(), schema::int32()).build(), value_map{{"key1", 12}, {"key2", 15}}));
    CHECK(
        read_json(
            *c,
            R"({ "schema": { "type": "map", "keys": { "type" : "int32" }, "values": { "type" : "int32" } }, "payload": [ [1, 12], [2, 15] ] })") ==
        sv(schema_builder::map(schema::int32(), schema::int32()).build(), value_map{{1, 12}, {2, 15}}));

    const schema_ptr s =
        schema_builder::struct_().field("field1", schema::boolean()).field("field2", schema::string()).build();
    struct_value expected(s);
    expected.put("field1", true).put("field2", "string");
    CHECK(
        read_json(
            *c,
            R"({ "schema": { "type": "struct", "fields": [{ "field": "field1", "type": "boolean" }, { "field": "field2", "type": "string" }] }, "payload": { "field1": true, "field2": "string" } })") ==
        sv(s, expected));

    const schema_ptr opt = schema_builder::struct_()
                               .field("optional", schema::optional_string())
                               .field("required", schema::string())
                               .build();
    struct_value with_optional(opt);
    with_optional.put("required", "required");
    CHECK(
        read_json(
            *c,
            R"({ "schema": { "type": "struct", "fields": [{ "field":"optional", "type": "string", "optional": true }, {  "field": "required", "type": "string" }] }, "payload": { "required": "required" } })") ==
        sv(opt, with_optional));
}

TEST_CASE("JsonConverter reads Kafka's null and empty input") {
    auto c = make_json_converter();
    const headers h;
    CHECK(c->to_connect_data("topic", h, std::nullopt) == schema_and_value{});
    CHECK(read_json(*c, R"({ "schema": null, "payload": null })") == schema_and_value{});

    auto plain = make_json_converter({{"schemas.enable", "false"}}, true);
    CHECK(read_json(*plain, "") == schema_and_value{});
    CHECK(read_json(*plain, "  \n") == schema_and_value{});
    CHECK(read_json(*plain, "null") == schema_and_value{});
}

TEST_CASE("JsonConverter infers types of schemaless data like Kafka") {
    auto c = make_json_converter();
    CHECK(read_json(*c, R"({ "schema": null, "payload": true })") == sv(nullptr, true));
    CHECK(read_json(*c, R"({ "schema": null, "payload": 12 })") == sv(nullptr, std::int64_t{12}));
    CHECK(read_json(*c, R"({ "schema": null, "payload": 12.24 })") == sv(nullptr, 12.24));
    CHECK(read_json(*c, R"({ "schema": null, "payload": "a string" })") == sv(nullptr, "a string"));
    CHECK(read_json(*c, R"({ "schema": null, "payload": [1, "2", 3] })") ==
          sv(nullptr, value_array{std::int64_t{1}, "2", std::int64_t{3}}));
    CHECK(read_json(*c, R"({ "schema": null, "payload": { "field1": 1, "field2": 2} })") ==
          sv(nullptr, value_map{{"field1", std::int64_t{1}}, {"field2", std::int64_t{2}}}));

    auto plain = make_json_converter({{"schemas.enable", "false"}}, true);
    CHECK(read_json(*plain, "true") == sv(nullptr, true));
    CHECK(read_json(*plain, R"({ "a": "", "b": null})") == sv(nullptr, value_map{{"a", ""}, {"b", value()}}));
    CHECK(read_json(*plain, R"({"schema":{"type":"int32"},"payload":1})") ==
          sv(nullptr, value_map{{"schema", value_map{{"type", "int32"}}}, {"payload", std::int64_t{1}}}));
}

TEST_CASE("JsonConverter reads decimals in both formats") {
    auto c = make_json_converter();
    const std::string decimal_schema_json =
        R"("type": "bytes", "name": "org.apache.kafka.connect.data.Decimal", "version": 1, "parameters": { "scale": "2" })";
    CHECK(read_json(*c, "{ \"schema\": {" + decimal_schema_json + "}, \"payload\": \"AJw=\" }") ==
          sv(decimal_schema(2), decimal(156, 2)));
    CHECK(read_json(*c, "{ \"schema\": {" + decimal_schema_json + ", \"optional\": true }, \"payload\": null }") ==
          sv(decimal_builder(2).optional().build(), value()));
    CHECK(read_json(*c, "{ \"schema\": {" + decimal_schema_json + ", \"default\": \"AJw=\" }, \"payload\": null }") ==
          sv(decimal_builder(2).default_value(decimal(156, 2)).build(), decimal(156, 2)));
    CHECK(read_json(*c, "{ \"schema\": {" + decimal_schema_json +
                            ", \"optional\": true, \"default\": \"AJw=\" }, \"payload\": null }") ==
          sv(decimal_builder(2).optional().default_value(decimal(156, 2)).build(), decimal(156, 2)));
    // Numeric payloads are read whatever decimal.format says, keeping the text's scale.
    CHECK(read_json(*c, "{ \"schema\": {" + decimal_schema_json + "}, \"payload\": 1.56 }") ==
          sv(decimal_schema(2), decimal(156, 2)));
    CHECK(
        read_json(
            *c,
            R"({ "schema": { "type": "bytes", "name": "org.apache.kafka.connect.data.Decimal", "version": 1, "parameters": { "scale": "4" } }, "payload": 1.5600 })") ==
        sv(decimal_schema(4), decimal(15600, 4)));
    CHECK(
        read_json(
            *c,
            R"({ "schema": { "type": "bytes", "name": "org.apache.kafka.connect.data.Decimal", "version": 1, "parameters": { "scale": "17" } }, "payload": 1.23456789123456789 })") ==
        sv(decimal_schema(17), decimal::parse("1.23456789123456789")));
    CHECK(
        read_json(
            *c,
            R"({ "schema": { "type": "bytes", "name": "org.apache.kafka.connect.data.Decimal", "version": 1, "parameters": { "scale": "0" } }, "payload": 123456789012345678901234567890 })") ==
        sv(decimal_schema(0), decimal::parse("123456789012345678901234567890")));
}

TEST_CASE("JsonConverter reads schema parameters in their written order") {
    auto c = make_json_converter();
    const std::string text =
        R"({"schema":{"type":"bytes","optional":false,"name":"org.apache.kafka.connect.data.Decimal","version":1,"parameters":{"scale":"2","connect.decimal.precision":"10"}},"payload":"AJw="})";
    const auto read = read_json(*c, text);
    REQUIRE(read.schema);
    CHECK(std::vector<schema_parameters::value_type>(read.schema->parameters().begin(),
                                                     read.schema->parameters().end()) ==
          std::vector<schema_parameters::value_type>{{"scale", "2"}, {"connect.decimal.precision", "10"}});
    CHECK(read == sv(decimal_builder(2).parameter("connect.decimal.precision", "10").build(), decimal(156, 2)));
    // Written back byte for byte, also by a converter that has not cached the schema.
    CHECK(write_json(*c, read.schema, read.val) == text);
    CHECK(write_json(*make_json_converter(), read.schema, read.val) == text);

    const auto zyx =
        read_json(*c, R"({"schema":{"type":"string","parameters":{"z":"1","y":"2","x":"3"}},"payload":"v"})");
    REQUIRE(zyx.schema);
    CHECK(write_json(*make_json_converter(), zyx.schema, zyx.val) ==
          R"({"schema":{"type":"string","optional":false,"parameters":{"z":"1","y":"2","x":"3"}},"payload":"v"})");
}

TEST_CASE("JsonConverter reads an empty parameters object as no parameters, like Kafka") {
    // Kafka's asConnectSchema calls SchemaBuilder.parameter once per member, so {} leaves the
    // schema without a parameter map; written again, it has no "parameters".
    auto c = make_json_converter();
    const auto read = read_json(*c, R"({"schema":{"type":"string","optional":true,"parameters":{}},"payload":"v"})");
    REQUIRE(read.schema);
    CHECK_FALSE(read.schema->has_parameters());
    CHECK(read == sv(schema::optional_string(), "v"));
    CHECK(write_json(*make_json_converter(), read.schema, read.val) ==
          R"({"schema":{"type":"string","optional":true},"payload":"v"})");

    const auto none = read_json(*c, R"({"schema":{"type":"string","optional":true},"payload":"v"})");
    REQUIRE(none.schema);
    CHECK_FALSE(none.schema->has_parameters());
}

TEST_CASE("JsonConverter reads Date, Time and Timestamp like Kafka") {
    auto c = make_json_converter();
    CHECK(
        read_json(
            *c,
            R"({ "schema": { "type": "int32", "name": "org.apache.kafka.connect.data.Date", "version": 1 }, "payload": 10000 })") ==
        sv(date_schema(), date(10000)));
    CHECK(
        read_json(
            *c,
            R"({ "schema": { "type": "int32", "name": "org.apache.kafka.connect.data.Date", "version": 1, "optional": true }, "payload": null })") ==
        sv(date_builder().optional().build(), value()));
    CHECK(
        read_json(
            *c,
            R"({ "schema": { "type": "int32", "name": "org.apache.kafka.connect.data.Date", "version": 1, "default": 0 }, "payload": null })") ==
        sv(date_builder().default_value(date(0)).build(), date(0)));
    CHECK(
        read_json(
            *c,
            R"({ "schema": { "type": "int32", "name": "org.apache.kafka.connect.data.Time", "version": 1 }, "payload": 14400000 })") ==
        sv(time_schema(), time_of_day(14400000)));
    CHECK(
        read_json(
            *c,
            R"({ "schema": { "type": "int32", "name": "org.apache.kafka.connect.data.Time", "version": 1, "optional": true, "default": 0 }, "payload": null })") ==
        sv(time_builder().optional().default_value(time_of_day(0)).build(), time_of_day(0)));
    CHECK(
        read_json(
            *c,
            R"({ "schema": { "type": "int64", "name": "org.apache.kafka.connect.data.Timestamp", "version": 1 }, "payload": 4000000000 })") ==
        sv(timestamp_schema(), timestamp(std::int64_t{4000000000})));
    CHECK(
        read_json(
            *c,
            R"({ "schema": { "type": "int64", "name": "org.apache.kafka.connect.data.Timestamp", "version": 1,  "optional": true, "default": 42 }, "payload": null })") ==
        sv(timestamp_builder().optional().default_value(timestamp(42)).build(), timestamp(42)));
}

TEST_CASE("JsonConverter reads nulls as defaults when configured") {
    const std::string top = R"({"schema":{"type":"string","optional":true,"default":"default"},"payload":null})";
    const std::string field =
        R"({"schema":{"type":"struct","fields":[{"field":"field1","type":"string","optional":true,"default":"default"}],"optional":false},"payload":{"field1":null}})";
    const schema_ptr fs = schema_builder::string().optional().default_value("default").build();
    const schema_ptr st = schema_builder::struct_().field("field1", fs).build();

    auto replace = make_json_converter({{"replace.null.with.default", "true"}});
    CHECK(read_json(*replace, top).val == value("default"));
    struct_value with_default(st);
    with_default.put("field1", "default");
    CHECK(read_json(*replace, field).val == value(with_default));

    auto keep = make_json_converter({{"replace.null.with.default", "false"}});
    CHECK(read_json(*keep, top).val.is_null());
    CHECK(read_json(*keep, field).val == value(struct_value(st)));
}

TEST_CASE("JsonConverter caches the schemas it reads") {
    auto c = make_json_converter();
    CHECK(c->to_connect_schema_cache_size() == 0);
    read_json(*c, R"({ "schema": { "type": "boolean" }, "payload": true })");
    CHECK(c->to_connect_schema_cache_size() == 1);
    read_json(*c, R"({ "schema": { "type": "boolean" }, "payload": true })");
    CHECK(c->to_connect_schema_cache_size() == 1);
    read_json(*c, R"({ "schema": { "type": "boolean", "optional": true }, "payload": true })");
    CHECK(c->to_connect_schema_cache_size() == 2);
    // An equivalent but differently written schema is another entry.
    read_json(*c, R"({ "schema": { "type": "boolean", "optional": false }, "payload": true })");
    CHECK(c->to_connect_schema_cache_size() == 3);

    // Cached schemas are the same objects.
    const auto a = read_json(*c, R"({ "schema": { "type": "int32", "name": "x" }, "payload": 1 })");
    const auto b = read_json(*c, R"({ "schema": { "type": "int32", "name": "x" }, "payload": 2 })");
    CHECK(a.schema.get() == b.schema.get());
    CHECK(b.val == value(2));

    // Envelopes laid out differently ("payload" first) share the cache.
    const auto d = read_json(*c, R"({"payload":3,"schema":{"type":"int32","name":"x"}})");
    const auto e = read_json(*c, R"({"payload":4, "schema":{ "type":"int32", "name":"x" }})");
    CHECK(d.schema.get() == e.schema.get());
    CHECK(schemas_equal(d.schema, a.schema));
    CHECK(e.val == value(4));

    auto none = make_json_converter({{"schemas.cache.size", "0"}});
    read_json(*none, R"({ "schema": { "type": "boolean" }, "payload": true })");
    CHECK(none->to_connect_schema_cache_size() == 0);
}

TEST_CASE("JsonConverter reads headers like data") {
    auto c = make_json_converter();
    const std::string text = R"({ "schema": { "type": "string" }, "payload": "foo-bar-baz" })";
    const bytes data(text.begin(), text.end());
    CHECK(c->to_connect_header("topic", "headerName", bytes_view(data)) == sv(schema::string(), "foo-bar-baz"));
}

TEST_CASE("JsonConverter's schema.content (KIP-1054) is the schema of every message read, each one the payload") {
    const std::string content = R"({"type":"struct","fields":[{"field":"id","type":"int32"}],"optional":false})";
    auto c = make_json_converter({{"schema.content", content}});
    const schema_ptr s = schema_builder::struct_().field("id", schema::int32()).build();
    struct_value expected(s);
    expected.put("id", std::int32_t{5});
    CHECK(read_json(*c, R"({"id":5})") == sv(s, expected));
    // An envelope is payload too, as in Kafka 4.4: it has no "id".
    CHECK_THROWS_WITH(read_json(*c, R"({"schema":{"type":"int32"},"payload":7})"),
                      "Invalid null value for required INT32 field");
    // Writing keeps the envelope.
    CHECK(write_json(*c, s, expected) ==
          R"({"schema":{"type":"struct","fields":[{"type":"int32","optional":false,"field":"id"}],"optional":false},)"
          R"("payload":{"id":5}})");

    // Without schemas.enable, or empty, it does nothing.
    auto plain = make_json_converter({{"schema.content", content}, {"schemas.enable", "false"}});
    CHECK(read_json(*plain, R"({"id":5})").schema == nullptr);
    auto empty = make_json_converter({{"schema.content", ""}});
    CHECK_THROWS_WITH(read_json(*empty, "5"), Catch::Contains("requires \"schema\" and \"payload\" fields"));

    CHECK_THROWS_WITH(make_json_converter({{"schema.content", "{not json"}}),
                      Catch::StartsWith("Failed to parse schema in converter config due to serialization error: "));
    CHECK_THROWS_WITH(make_json_converter({{"schema.content", "[1]"}}), "Schema must contain 'type' field");
}
