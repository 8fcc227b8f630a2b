// Malformed input, bad configuration and round trips of the JSON converter.
#include <catch2/catch.hpp>

#include <random>

#include "copycat/data.hpp"
#include "json_test_support.hpp"

using namespace copycat;
using namespace copycat::converters;
using namespace copycat::converters::testing;

namespace {

constexpr const char* envelope_message =
    "JsonConverter with schemas.enable requires \"schema\" and \"payload\" fields and may not contain additional "
    "fields. If you are trying to deserialize plain JSON data, set schemas.enable=false in your converter "
    "configuration.";

void read_fails(json_converter& c, std::string_view text, const std::string& message) {
    INFO(text);
    CHECK_THROWS_MATCHES(read_json(c, text), data_error, Catch::Message(message));
}

void read_fails_starting(json_converter& c, std::string_view text, const std::string& prefix) {
    INFO(text);
    try {
        read_json(c, text);
        FAIL("no data_error");
    } catch (const data_error& e) {
        CHECK_THAT(std::string(e.what()), Catch::StartsWith(prefix));
    }
}

}  // namespace

TEST_CASE("JsonConverter with schemas requires exactly the envelope") {
    auto c = make_json_converter();
    read_fails(*c, "true", envelope_message);
    read_fails(*c, "", envelope_message);
    read_fails(*c, R"({"payload":1})", envelope_message);
    read_fails(*c, R"({"schema":null})", envelope_message);
    read_fails(*c, R"({"schema":null,"payload":1,"extra":2})", envelope_message);
    read_fails(*c, R"([{"schema":null,"payload":1}])", envelope_message);
    // A repeated key is one field for Jackson: the last one wins.
    CHECK(read_json(*c, R"({"schema":null,"payload":1,"payload":2})").val == value(std::int64_t{2}));
}

TEST_CASE("JsonConverter reports malformed JSON as a data_error") {
    auto c = make_json_converter();
    const std::string prefix = "Converting byte[] to Kafka Connect data failed due to serialization error: ";
    for (const char* text : {"{", R"({"schema":null,"payload":)", "[1,2", "tru", R"({"a" 1})", "\"unterminated",
                             "12abc", "\"a\\\"", "{\"schema\":null,\"payload\":NaN}", "\xff\xfe"}) {
        read_fails_starting(*c, text, prefix);
    }
}

TEST_CASE("JsonConverter reads the first JSON value and ignores what follows, as Jackson does") {
    auto c = make_json_converter();
    CHECK(read_json(*c, R"({"schema":null,"payload":1} trailing {)").val == value(std::int64_t{1}));
    CHECK(read_json(*c, "\xEF\xBB\xBF{\"schema\":null,\"payload\":true}") == schema_and_value{nullptr, true});
    auto plain = make_json_converter({{"schemas.enable", "false"}});
    CHECK(read_json(*plain, "1 2") == schema_and_value{nullptr, std::int64_t{1}});
    CHECK(read_json(*plain, "[1,\"]\"] x") == schema_and_value{nullptr, value_array{std::int64_t{1}, "]"}});
    CHECK(read_json(*plain, "\"a\" \"b\"") == schema_and_value{nullptr, "a"});
    CHECK(read_json(*plain, "007 x") == schema_and_value{nullptr, std::int64_t{7}});
}

TEST_CASE("JsonConverter reads envelopes whose text hides brackets and quotes in strings") {
    auto c = make_json_converter();
    const schema_ptr s = schema_builder::struct_().doc("a\"}]").field("a}]", schema::string()).build();
    struct_value v(s);
    v.put("a}]", "}\"{[");
    const std::string text = write_json(*c, s, v);
    for (int i = 0; i < 2; ++i) {  // the second read uses the cached schema
        const schema_and_value back = read_json(*c, text);
        CHECK(schemas_equal(back.schema, s));
        CHECK(back.val == value(v));
    }
    CHECK(read_json(*c, R"({"schema":{"type":"int32"},"payload":1}})").val == value(1));
    CHECK(read_json(*c, " {\"schema\" : {\"type\":\"int32\"} ,\n \"payload\" : 2 }\n").val == value(2));
    CHECK(read_json(*c, R"({"schema":{"type":"int32"},"payload":0012})").val == value(12));
    read_fails_starting(*c, R"({"schema":{"type":"int32"},"payload":1 2})",
                        "Converting byte[] to Kafka Connect data failed due to serialization error: ");
    read_fails_starting(*c, R"({"schema":{"type":"int32"},"payload":})",
                        "Converting byte[] to Kafka Connect data failed due to serialization error: ");
    read_fails(*c, R"({"schema":{"type":"int32"},"payload":"x"})",
               "INT32 values should be encoded as JSON numbers, but found STRING");
}

TEST_CASE("JsonConverter rejects malformed schemas with Kafka's messages") {
    auto c = make_json_converter();
    read_fails(*c, R"({"schema":{},"payload":1})", "Schema must contain 'type' field");
    read_fails(*c, R"({"schema":"int32","payload":1})", "Schema must contain 'type' field");
    read_fails(*c, R"({"schema":{"type":5},"payload":1})", "Schema must contain 'type' field");
    read_fails(*c, R"({"schema":{"type":"int128"},"payload":1})", "Unknown schema type: int128");
    read_fails(*c, R"({"schema":{"type":"array"},"payload":[]})", "Array schema did not specify the element type");
    read_fails(*c, R"({"schema":{"type":"array","items":null},"payload":[]})",
               "Array schema did not specify the element type");
    read_fails(*c, R"({"schema":{"type":"map","values":{"type":"int8"}},"payload":{}})",
               "Map schema did not specify the key type");
    read_fails(*c, R"({"schema":{"type":"map","keys":{"type":"int8"}},"payload":{}})",
               "Map schema did not specify the value type");
    read_fails(*c, R"({"schema":{"type":"map","keys":null,"values":{"type":"int8"}},"payload":{}})",
               "keySchema cannot be null.");
    read_fails(*c, R"({"schema":{"type":"struct"},"payload":{}})",
               "Struct schema's \"fields\" argument is not an array.");
    read_fails(*c, R"({"schema":{"type":"struct","fields":[{"type":"int8"}]},"payload":{}})",
               "Struct schema's field name not specified properly");
    read_fails(*c, R"({"schema":{"type":"int8","parameters":{"a":1}},"payload":1})",
               "Schema parameters must have string values.");
    read_fails(*c, R"({"schema":{"type":"boolean","default":null},"payload":true})",
               "Invalid null value for required BOOLEAN field");
    CHECK_THROWS_AS(
        read_json(
            *c,
            R"({"schema":{"type":"struct","fields":[{"field":"a","type":"int8"},{"field":"a","type":"int8"}]},"payload":{}})"),
        data_error);
    CHECK_THROWS_AS(read_json(*c, R"({"schema":{"type":"int8","default":"x"},"payload":1})"), data_error);
}

TEST_CASE("JsonConverter rejects payloads that do not match the schema") {
    auto c = make_json_converter();
    read_fails(*c, R"({"schema":{"type":"int32"},"payload":null})", "Invalid null value for required INT32 field");
    read_fails(*c, R"({"schema":{"type":"struct","fields":[{"field":"a","type":"int8"}]},"payload":{}})",
               "Invalid null value for required INT8 field");
    read_fails(*c, R"({"schema":{"type":"struct","fields":[]},"payload":[]})",
               "Structs should be encoded as JSON objects, but found ARRAY");
    read_fails(*c, R"({"schema":{"type":"map","keys":{"type":"string"},"values":{"type":"int8"}},"payload":[]})",
               "Maps with string fields should be encoded as JSON objects, but found ARRAY");
    read_fails(*c, R"({"schema":{"type":"map","keys":{"type":"int8"},"values":{"type":"int8"}},"payload":{}})",
               "Maps with non-string fields should be encoded as JSON array of tuples, but found OBJECT");
    read_fails(*c, R"({"schema":{"type":"map","keys":{"type":"int8"},"values":{"type":"int8"}},"payload":[1]})",
               "Found invalid map entry instead of array tuple: NUMBER");
    read_fails(*c, R"({"schema":{"type":"map","keys":{"type":"int8"},"values":{"type":"int8"}},"payload":[[1]]})",
               "Found invalid map entry, expected length 2 but found :1");
    read_fails(*c, R"({"schema":{"type":"bytes"},"payload":"not base64!"})", "Invalid bytes field");
    read_fails(
        *c,
        R"({"schema":{"type":"bytes","name":"org.apache.kafka.connect.data.Decimal","parameters":{"scale":"2"}},"payload":"***"})",
        "Invalid bytes for Decimal field");
    read_fails(
        *c,
        R"({"schema":{"type":"bytes","name":"org.apache.kafka.connect.data.Decimal","parameters":{"scale":"2"}},"payload":true})",
        "Invalid type for Decimal, underlying representation should be numeric or bytes but was BOOLEAN");
    read_fails(*c, R"({"schema":{"type":"int32","name":"org.apache.kafka.connect.data.Date"},"payload":"2024-01-01"})",
               "Invalid type for Date, underlying representation should be integer but was STRING");
    read_fails(*c, R"({"schema":{"type":"int32","name":"org.apache.kafka.connect.data.Time"},"payload":1.5})",
               "Invalid type for Time, underlying representation should be integer but was NUMBER");
    read_fails(*c, R"({"schema":{"type":"int64","name":"org.apache.kafka.connect.data.Timestamp"},"payload":1.5})",
               "Invalid type for Timestamp, underlying representation should be integral but was NUMBER");
    read_fails(*c, R"({"schema":{"type":"int32"},"payload":"12"})",
               "INT32 values should be encoded as JSON numbers, but found STRING");
    read_fails(*c, R"({"schema":{"type":"string"},"payload":12})",
               "STRING values should be encoded as JSON strings, but found NUMBER");
    read_fails(*c, R"({"schema":{"type":"boolean"},"payload":0})",
               "BOOLEAN values should be encoded as JSON booleans, but found NUMBER");
    read_fails(*c, R"({"schema":{"type":"array","items":{"type":"int8"}},"payload":{}})",
               "ARRAY values should be encoded as JSON arrays, but found OBJECT");
    CHECK_THROWS_AS(read_json(*c, R"({"schema":{"type":"int64"},"payload":1e30})"), data_error);
    CHECK_THROWS_AS(
        read_json(*c, R"({"schema":{"type":"int32","name":"org.apache.kafka.connect.data.Time"},"payload":-1})"),
        data_error);
}

TEST_CASE("JsonConverter never crashes on truncated or corrupted input") {
    auto c = make_json_converter();
    const std::string text = write_json(
        *c,
        schema_builder::struct_()
            .field("a", schema_builder::array(schema::optional_float64()).build())
            .field("b", schema_builder::map(schema::int32(), decimal_schema(2)).build())
            .field("c", schema::bytes())
            .build(),
        [] {
            struct_value s(schema_builder::struct_()
                               .field("a", schema_builder::array(schema::optional_float64()).build())
                               .field("b", schema_builder::map(schema::int32(), decimal_schema(2)).build())
                               .field("c", schema::bytes())
                               .build());
            s.put("a", value_array{1.5, value()}).put("b", value_map{{1, decimal(5, 2)}}).put("c", bytes{1, 2, 3});
            return value(s);
        }());
    for (std::size_t n = 0; n < text.size(); ++n) {
        CHECK_THROWS_AS(read_json(*c, text.substr(0, n)), data_error);
    }
    for (std::size_t i = 0; i < text.size(); ++i) {
        for (const char replacement : {'x', '"', '1', '{', ']', '\0'}) {
            std::string corrupted = text;
            corrupted[i] = replacement;
            try {
                read_json(*c, corrupted);
            } catch (const data_error&) {}
        }
    }
}

TEST_CASE("JsonConverter fails only with data_error on random input") {
    auto with = make_json_converter();
    auto without = make_json_converter({{"schemas.enable", "false"}});
    std::mt19937 random(20240131);
    const std::string alphabet = "{}[]\":, 0123456789.-+eE\\abfnrtulsy\"\"schemapayloadtypeint32";
    const std::string prefixes[] = {"", R"({"schema":)", R"({"schema":{"type":"struct","fields":[)",
                                    R"({"schema":null,"payload":)"};
    for (int round = 0; round < 3000; ++round) {
        std::string text = prefixes[random() % std::size(prefixes)];
        const std::size_t length = random() % 40;
        for (std::size_t i = 0; i < length; ++i) {
            text += alphabet[random() % alphabet.size()];
        }
        for (json_converter* c : {with.get(), without.get()}) {
            try {
                read_json(*c, text);
            } catch (const data_error&) {}
        }
    }
}

TEST_CASE("JsonConverter configuration") {
    const config_def& def = json_converter().config();
    for (const char* key :
         {"converter.type", "schemas.enable", "schemas.cache.size", "decimal.format", "replace.null.with.default"}) {
        CHECK(def.contains(key));
    }
    auto c = std::make_unique<json_converter>();
    CHECK_THROWS_AS(c->configure({{"decimal.format", "HEX"}}, false), config_error);
    CHECK_THROWS_AS(c->configure({{"schemas.enable", "maybe"}}, false), config_error);
    CHECK_THROWS_WITH(c->configure({{"decimal.format", "HEX"}}, false), Catch::Contains("decimal.format"));
    c->configure({{"decimal.format", "NuMeRiC"}}, true);
    CHECK(c->settings().codec.decimals == decimal_format::numeric);
    CHECK(c->settings().type == converter_type::key);
    c->configure(std::map<std::string, std::string>{{"schemas.enable", "false"}});
    CHECK(c->settings().type == converter_type::header);
    CHECK_FALSE(c->settings().schemas_enabled);
}

TEST_CASE("JsonConverter round-trips every type with schemas") {
    const schema_ptr inner = schema_builder::struct_().name("inner").field("n", schema::optional_int64()).build();
    const schema_ptr s = schema_builder::struct_()
                             .name("com.acme.Everything")
                             .version(3)
                             .doc("all the types")
                             .field("i8", schema::int8())
                             .field("i16", schema::int16())
                             .field("i32", schema::int32())
                             .field("i64", schema::int64())
                             .field("f32", schema::float32())
                             .field("f64", schema::float64())
                             .field("bool", schema::boolean())
                             .field("str", schema::string())
                             .field("bytes", schema::bytes())
                             .field("dec", decimal_schema(3))
                             .field("date", date_schema())
                             .field("time", time_schema())
                             .field("ts", timestamp_schema())
                             .field("arr", schema_builder::array(schema::optional_string()).build())
                             .field("smap", schema_builder::map(schema::string(), inner).build())
                             .field("imap", schema_builder::map(schema::int16(), schema::float32()).build())
                             .field("opt", schema_builder::string().optional().default_value("dflt").build())
                             .field("nested", inner)
                             .build();
    struct_value n(inner);
    n.put("n", std::int64_t{-5});
    struct_value v(s);
    v.put("i8", std::int8_t{-128})
        .put("i16", std::int16_t{32767})
        .put("i32", std::int32_t{-2147483647 - 1})
        .put("i64", std::int64_t{9223372036854775807})
        .put("f32", 3.4028235e38f)
        .put("f64", 2.2250738585072014e-308)
        .put("bool", true)
        .put("str", "h\xC3\xA9llo \"w\"\n")
        .put("bytes", bytes{0, 255, 128})
        .put("dec", decimal(-123456789, 3))
        .put("date", date(-1))
        .put("time", time_of_day(86399999))
        .put("ts", timestamp(std::int64_t{-1}))
        .put("arr", value_array{"a", value(), ""})
        .put("smap", value_map{{"k", n}})
        .put("imap", value_map{{std::int16_t{-1}, 0.5f}})
        .put("opt", "set")
        .put("nested", n);
    for (const char* format : {"BASE64", "NUMERIC"}) {
        INFO(format);
        auto c = make_json_converter({{"decimal.format", format}});
        const std::string text = write_json(*c, s, v);
        const schema_and_value back = read_json(*c, text);
        CHECK(schemas_equal(back.schema, s));
        CHECK(back.val == value(v));
        CHECK(write_json(*c, back.schema, back.val) == text);
    }
}

TEST_CASE("JsonConverter round-trips schemaless data") {
    auto c = make_json_converter({{"schemas.enable", "false"}});
    const value v = value_map{{"a", std::int64_t{1}},
                              {"b", value_array{2.5, "x", value(), true}},
                              {"c", value_map{{"d", value_map{}}}},
                              {"e", value_array{}}};
    const std::string text = write_json(*c, nullptr, v);
    CHECK(text == R"({"a":1,"b":[2.5,"x",null,true],"c":{"d":{}},"e":[]})");
    CHECK(read_json(*c, text) == schema_and_value{nullptr, v});
}
