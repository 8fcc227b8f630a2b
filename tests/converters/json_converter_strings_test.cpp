// JsonConverter writes every string with the bytes Kafka's JsonConverter (Jackson) writes for it:
// values with and without schema, map keys, and the schema envelope's names
// (docs/compatibility.md "Strings").
#include <catch2/catch.hpp>

#include <string>

#include "common/jackson_string_corpus.hpp"
#include "copycat/data/schema_builder.hpp"
#include "copycat/data/struct_value.hpp"
#include "json_test_support.hpp"

using namespace copycat;
using namespace copycat::converters::testing;
using copycat::testing::jackson_string_corpus;

TEST_CASE("JsonConverter writes each string as Kafka's JsonConverter does") {
    auto plain = make_json_converter({{"schemas.enable", "false"}});
    auto enveloped = make_json_converter({{"schemas.enable", "true"}});
    for (const auto& c : jackson_string_corpus()) {
        INFO(c.name);
        CHECK(write_json(*plain, schema::string(), value(c.text)) == c.literal);
        CHECK(write_json(*plain, nullptr, value(c.text)) == c.literal);
        CHECK(write_json(*plain, nullptr, value(value_map{{value(c.text), value(std::int32_t{1})}})) ==
              "{" + c.literal + ":1}");
        CHECK(write_json(*enveloped, schema::string(), value(c.text)) ==
              R"({"schema":{"type":"string","optional":false},"payload":)" + c.literal + "}");
    }
}

TEST_CASE("JsonConverter writes a struct's field names and schema name as Kafka's JsonConverter does") {
    auto enveloped = make_json_converter({{"schemas.enable", "true"}});
    const schema_ptr s =
        schema_builder::struct_().name("n\xF0\x9D\x84\x9E").field("f\n\xED\xA0\x80", schema::string()).build();
    struct_value v(s);
    v.put("f\n\xED\xA0\x80", value("\x01\xF0\x9F\x98\x80"));
    CHECK(write_json(*enveloped, s, value(std::make_shared<struct_value>(v))) ==
          R"({"schema":{"type":"struct","fields":[{"type":"string","optional":false,"field":"f\n)"
          "\xEF\xBF\xBD"
          R"("}],"optional":false,"name":"n\uD834\uDD1E"},"payload":{"f\n)"
          "\xEF\xBF\xBD"
          R"(":"\u0001\uD83D\uDE00"}})");
}
