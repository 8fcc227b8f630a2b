// The schema.string format: the schema a description gives, the values its generators make, and
// a clear error (never a crash) for each kind of mistake.
#include <catch2/catch.hpp>

#include <set>

#include "copycat/data/logical_types.hpp"
#include "copycat/data/struct_value.hpp"
#include "copycat/errors.hpp"
#include "datagen/record_description.hpp"
#include "datagen/record_generator.hpp"

using namespace copycat;
using namespace copycat::datagen;
using Catch::Matchers::Contains;

namespace {

constexpr std::string_view shop = R"({
  "schema_name": "shop.order",
  "fields": [
    {"name": "id", "type": "int64", "sequence": {"start": 100, "step": 5}},
    {"name": "amount", "type": "float64", "range": {"min": 0.5, "max": 2.5}},
    {"name": "count", "type": "int32", "range": {"min": -3, "max": 3}},
    {"name": "ratio", "type": "float32", "options": [0.25, 0.5]},
    {"name": "status", "type": "string", "options": ["NEW", "PAID"]},
    {"name": "code", "type": "string", "regex": "[A-C]{2}-\\d{3}"},
    {"name": "label", "type": "string"},
    {"name": "gift", "type": "boolean"},
    {"name": "created", "type": "timestamp", "now": true},
    {"name": "seen", "type": "int64", "now": true},
    {"name": "ticket", "type": "string", "sequence": {"start": 7}},
    {"name": "customer", "type": "struct", "schema_name": "shop.customer", "fields": [
      {"name": "name", "type": "string", "regex": "Customer_[1-9]"},
      {"name": "vip", "type": "boolean", "options": [true]}
    ]}
  ]
})";

std::string error_of(std::string_view description) {
    try {
        parse_description(description);
    } catch (const config_error& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

TEST_CASE("a description gives a STRUCT schema with the fields, types and names written") {
    const auto d = parse_description(shop);
    const schema& s = *d->value_schema;
    CHECK(s.type() == schema_type::struct_);
    CHECK(s.name() == "shop.order");
    CHECK_FALSE(s.is_optional());
    std::vector<std::pair<std::string, schema_type>> fields;
    for (const auto& f : s.fields()) fields.emplace_back(f.name, f.schema->type());
    CHECK(fields == std::vector<std::pair<std::string, schema_type>>{{"id", schema_type::int64},
                                                                     {"amount", schema_type::float64},
                                                                     {"count", schema_type::int32},
                                                                     {"ratio", schema_type::float32},
                                                                     {"status", schema_type::string},
                                                                     {"code", schema_type::string},
                                                                     {"label", schema_type::string},
                                                                     {"gift", schema_type::boolean},
                                                                     {"created", schema_type::int64},
                                                                     {"seen", schema_type::int64},
                                                                     {"ticket", schema_type::string},
                                                                     {"customer", schema_type::struct_}});
    CHECK(s.find_field("created")->schema->name() == timestamp_logical_name);
    const schema& customer = *s.find_field("customer")->schema;
    CHECK(customer.name() == "shop.customer");
    REQUIRE(customer.fields().size() == 2);
    CHECK(customer.fields()[1].schema->type() == schema_type::boolean);
    CHECK(d->field("customer") != nullptr);
    CHECK(d->field("nope") == nullptr);
}

TEST_CASE("generators make values of their field's type within their bounds") {
    const auto d = parse_description(shop);
    std::set<std::string> statuses;
    std::set<std::int32_t> counts;
    for (std::int64_t i = 0; i < 300; ++i) {
        random_source random(mix64(static_cast<std::uint64_t>(i)));
        const value v = generate_value(*d, random, i, 1'700'000'000'000);
        const struct_value& s = v.as_struct();
        CHECK_NOTHROW(s.validate());
        CHECK(s.get("id").as_int64() == 100 + 5 * i);
        CHECK(s.get("ticket").as_string() == std::to_string(7 + i));
        const double amount = s.get("amount").as_float64();
        CHECK((amount >= 0.5 && amount < 2.5));
        const std::int32_t count = s.get("count").as_int32();
        CHECK((count >= -3 && count < 3));
        counts.insert(count);
        const float ratio = s.get("ratio").as_float32();
        CHECK((ratio == 0.25f || ratio == 0.5f));
        statuses.insert(s.get("status").as_string());
        const std::string& code = s.get("code").as_string();
        REQUIRE(code.size() == 6);
        CHECK((code[0] >= 'A' && code[0] <= 'C' && code[2] == '-' && code[5] >= '0' && code[5] <= '9'));
        const std::size_t label = s.get("label").as_string().size();
        CHECK((label >= 8 && label <= 16));
        CHECK(s.get("created").as_timestamp().millis == 1'700'000'000'000);
        CHECK(s.get("seen").as_int64() == 1'700'000'000'000);
        CHECK(s.get("customer").as_struct().get("vip").as_bool());
    }
    CHECK(statuses == std::set<std::string>{"NEW", "PAID"});
    CHECK(counts == std::set<std::int32_t>{-3, -2, -1, 0, 1, 2});
}

TEST_CASE("a description that is not valid JSON is refused with the place of the mistake") {
    CHECK_THROWS_AS(parse_description("{\"fields\": [}"), config_error);
    CHECK_THAT(error_of("{\"fields\": [}"), Contains("not valid JSON") && Contains("line 1, column 13"));
    CHECK_THAT(error_of("{\n  \"fields\": []\n  \"x\": 1}"), Contains("expected ',' or '}' at line 3, column 3"));
    CHECK_THAT(error_of(""), Contains("unexpected end of the JSON text"));
    CHECK_THAT(error_of("{\"fields\": \"abc}"), Contains("unterminated string"));
    CHECK_THAT(error_of("{\"a\": 1, \"a\": 2}"), Contains("member \"a\" given twice"));
    CHECK_THAT(error_of("{} extra"), Contains("unexpected text after the JSON value"));
    CHECK_THAT(error_of("{\"a\": 1e999}"), Contains("number out of range"));
    CHECK_THAT(error_of(std::string(100, '[') + std::string(100, ']')), Contains("nested too deeply"));
}

TEST_CASE("each kind of mistake in a description names the field and the problem") {
    CHECK_THAT(error_of("[]"), Contains("must be a JSON object with \"fields\", not an array"));
    CHECK_THAT(error_of("{\"fields\": []}"), Contains("needs \"fields\": a non-empty array"));
    CHECK_THAT(error_of(R"({"fields": [{"type": "int32"}]})"), Contains("fields[0] needs a non-empty \"name\""));
    CHECK_THAT(error_of(R"({"fields": [{"name": "a"}]})"), Contains("field \"a\": needs a \"type\" string"));
    CHECK_THAT(error_of(R"({"fields": [{"name": "a", "type": "text"}]})"), Contains("unknown type \"text\""));
    CHECK_THAT(error_of(R"({"fields": [{"name": "a", "type": "int32"}]})"),
               Contains("field \"a\": a field of this type needs a generator"));
    CHECK_THAT(error_of(R"({"fields": [{"name": "a", "type": "int32", "rnage": {}}]})"),
               Contains("unknown key \"rnage\""));
    CHECK_THAT(error_of(R"({"fields": [{"name": "a", "type": "string", "regex": "x", "options": ["y"]}]})"),
               Contains("give one generator"));
    CHECK_THAT(error_of(R"({"fields": [{"name": "a", "type": "int64", "range": {"min": 5, "max": 5}}]})"),
               Contains("\"range\" needs \"min\" below \"max\""));
    CHECK_THAT(error_of(R"({"fields": [{"name": "a", "type": "int64", "range": {"min": 1}}]})"),
               Contains("needs both \"min\" and \"max\""));
    CHECK_THAT(error_of(R"({"fields": [{"name": "a", "type": "int32", "range": {"min": 0, "max": 1.5}}]})"),
               Contains("\"range.max\" must be an integer"));
    CHECK_THAT(error_of(R"({"fields": [{"name": "a", "type": "int32", "range": {"min": 0, "max": 3000000000}}]})"),
               Contains("beyond what an int32 holds"));
    CHECK_THAT(error_of(R"({"fields": [{"name": "a", "type": "int32", "options": [1, "2"]}]})"),
               Contains("\"options\"[1] must be an integer, not a string"));
    CHECK_THAT(error_of(R"({"fields": [{"name": "a", "type": "string", "options": []}]})"),
               Contains("\"options\" must be a non-empty array"));
    CHECK_THAT(error_of(R"({"fields": [{"name": "a", "type": "boolean", "sequence": {}}]})"),
               Contains("\"sequence\" needs a number, string or timestamp field"));
    CHECK_THAT(error_of(R"({"fields": [{"name": "a", "type": "int32", "regex": "x"}]})"),
               Contains("\"regex\" needs a string field"));
    CHECK_THAT(error_of(R"json({"fields": [{"name": "a", "type": "string", "regex": "(a|b)"}]})json"),
               Contains("field \"a\": regex \"(a|b)\": '(' (groups and alternation) is not supported at position 1"));
    CHECK_THAT(error_of(R"({"fields": [{"name": "a", "type": "string", "now": true}]})"),
               Contains("\"now\" needs an int64 or timestamp field"));
    CHECK_THAT(error_of(R"({"fields": [{"name": "a", "type": "int64", "now": 1}]})"), Contains("\"now\" must be true"));
    CHECK_THAT(error_of(R"({"fields": [{"name": "a", "type": "string"}, {"name": "a", "type": "string"}]})"),
               Contains("two fields named \"a\""));
    CHECK_THAT(error_of(R"({"fields": [{"name": "s", "type": "struct", "fields": [{"name": "x", "type": "int32"}]}]})"),
               Contains("field \"s.x\": a field of this type needs a generator"));
    CHECK_THAT(error_of(R"({"fields": [{"name": "s", "type": "struct", "range": {}}]})"),
               Contains("field \"s\": unknown key \"range\""));
    CHECK_THAT(error_of(R"({"fields": [{"name": "s", "type": "struct"}]})"), Contains("field \"s\" needs \"fields\""));
    CHECK_THAT(error_of(R"({"schema_name": 3, "fields": [{"name": "a", "type": "string"}]})"),
               Contains("\"schema_name\" must be a non-empty string"));
    CHECK_THAT(error_of(R"({"fields": [{"name": "a", "type": "string"}], "name": "x"})"),
               Contains("unknown key \"name\""));
}
