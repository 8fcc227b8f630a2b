// MaskField$Key / $Value, ported from Kafka's MaskFieldTest.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "copycat/data.hpp"
#include "transform_test_support.hpp"
#include "transforms/mask_field.hpp"

using namespace copycat;
using namespace copycat::transforms;
using namespace transform_test;

namespace {

schema_ptr mask_schema() {
    static const schema_ptr s =
        schema_builder::struct_()
            .field("magic", schema::int32())
            .field("bool", schema::boolean())
            .field("byte", schema::int8())
            .field("short", schema::int16())
            .field("int", schema::int32())
            .field("long", schema::int64())
            .field("float", schema::float32())
            .field("double", schema::float64())
            .field("string", schema::string())
            .field("date", date_schema())
            .field("time", time_schema())
            .field("timestamp", timestamp_schema())
            .field("decimal", decimal_schema(0))
            .field("array", schema_builder::array(schema::int32()).build())
            .field("map", schema_builder::map(schema::string(), schema::string()).build())
            .field("withDefault", schema_builder::string().optional().default_value("default").build())
            .build();
    return s;
}

struct_value values_with_schema() {
    struct_value v(mask_schema());
    v.put("magic", 42)
        .put("bool", true)
        .put("byte", std::int8_t{42})
        .put("short", std::int16_t{42})
        .put("int", 42)
        .put("long", std::int64_t{42})
        .put("float", 42.0F)
        .put("double", 42.0)
        .put("string", "hmm")
        .put("date", date(19000))
        .put("time", time_of_day(1000))
        .put("timestamp", timestamp(1'700'000'000'000))
        .put("decimal", decimal(42))
        .put("array", value_array{1, 2, 3})
        .put("map", value_map{{"what", "what"}});
    return v;
}

value_map schemaless_values() {
    return {{"magic", 42},
            {"bool", true},
            {"byte", std::int8_t{42}},
            {"short", std::int16_t{42}},
            {"int", 42},
            {"long", std::int64_t{42}},
            {"float", 42.0F},
            {"double", 42.0},
            {"string", "55.121.20.20"},
            {"date", timestamp(1'700'000'000'000)},
            {"bigdec", decimal::parse("42.0")},
            {"list", value_array{42}},
            {"map", value_map{{"key", "value"}}}};
}

mask_field transform(const std::string& fields, const std::optional<std::string>& replacement) {
    mask_field xform(record_part::value);
    config_map configs{{"fields", fields}, {"replace.null.with.default", "false"}};
    if (replacement) {
        configs["replacement"] = *replacement;
    }
    xform.configure(configs);
    return xform;
}

value masked_schemaless(const std::string& field, const std::string& replacement) {
    auto xform = transform(field, replacement);
    auto record = sink(nullptr, value(), nullptr, schemaless_values());
    const bool kept = xform.apply(record);  // may throw: callers check the exception
    CHECK(kept);
    return entry(record.val, field);
}

value masked_with_schema(const std::string& field, const std::string& replacement) {
    auto xform = transform(field, replacement);
    auto record = sink(nullptr, value(), mask_schema(), values_with_schema());
    const bool kept = xform.apply(record);  // may throw: callers check the exception
    CHECK(kept);
    return as_struct(record.val).get(field);
}

}  // namespace

TEST_CASE("MaskField masks schemaless values with the null value of their type") {
    auto xform = transform("bool,byte,short,int,long,float,double,string,date,bigdec,list,map", std::nullopt);
    auto record = sink(nullptr, value(), nullptr, schemaless_values());
    REQUIRE(xform.apply(record));
    const value& v = record.val;
    CHECK(entry(v, "magic") == value(42));
    CHECK(entry(v, "bool") == value(false));
    CHECK(entry(v, "byte") == value(std::int8_t{0}));
    CHECK(entry(v, "short") == value(std::int16_t{0}));
    CHECK(entry(v, "int") == value(0));
    CHECK(entry(v, "long") == value(std::int64_t{0}));
    CHECK(entry(v, "float") == value(0.0F));
    CHECK(entry(v, "double") == value(0.0));
    CHECK(entry(v, "string") == value(""));
    CHECK(entry(v, "date") == value(timestamp(0)));
    CHECK(entry(v, "bigdec") == value(decimal(0)));
    CHECK(entry(v, "list") == value(value_array{}));
    CHECK(entry(v, "map") == value(value_map{}));
}

TEST_CASE("MaskField masks struct fields and keeps null fields null") {
    auto xform = transform(
        "bool,byte,short,int,long,float,double,string,date,time,timestamp,decimal,array,map,withDefault", std::nullopt);
    auto record = sink(nullptr, value(), mask_schema(), values_with_schema());
    REQUIRE(xform.apply(record));
    const struct_value& v = as_struct(record.val);
    CHECK(v.get("magic") == value(42));
    CHECK(v.get("bool") == value(false));
    CHECK(v.get("byte") == value(std::int8_t{0}));
    CHECK(v.get("short") == value(std::int16_t{0}));
    CHECK(v.get("int") == value(0));
    CHECK(v.get("long") == value(std::int64_t{0}));
    CHECK(v.get("float") == value(0.0F));
    CHECK(v.get("double") == value(0.0));
    CHECK(v.get("string") == value(""));
    CHECK(v.get("date") == value(date(0)));
    CHECK(v.get("time") == value(time_of_day(0)));
    CHECK(v.get("timestamp") == value(timestamp(0)));
    CHECK(v.get("decimal") == value(decimal(0)));
    CHECK(v.get("array") == value(value_array{}));
    CHECK(v.get("map") == value(value_map{}));
    CHECK(v.get_without_default("withDefault").is_null());
}

TEST_CASE("MaskField converts the replacement to the field's type") {
    CHECK(masked_schemaless("short", "123") == value(std::int16_t{123}));
    CHECK(masked_schemaless("byte", "123") == value(std::int8_t{123}));
    CHECK(masked_schemaless("int", "123") == value(123));
    CHECK(masked_schemaless("long", "123") == value(std::int64_t{123}));
    CHECK(masked_schemaless("float", "123.0") == value(123.0F));
    CHECK(masked_schemaless("double", "123.0") == value(123.0));
    CHECK(masked_schemaless("string", "123") == value("123"));
    CHECK(masked_schemaless("bigdec", "123.0") == value(decimal::parse("123.0")));

    CHECK(masked_with_schema("short", "123") == value(std::int16_t{123}));
    CHECK(masked_with_schema("byte", "123") == value(std::int8_t{123}));
    CHECK(masked_with_schema("int", "123") == value(123));
    CHECK(masked_with_schema("long", "123") == value(std::int64_t{123}));
    CHECK(masked_with_schema("float", "123.0") == value(123.0F));
    CHECK(masked_with_schema("double", "123.0") == value(123.0));
    CHECK(masked_with_schema("string", "123") == value("123"));
    // Rescaled to the Decimal schema's scale (0) when exact.
    CHECK(masked_with_schema("decimal", "123.0") == value(decimal(123)));
}

TEST_CASE("MaskField refuses a replacement for types it cannot convert to") {
    CHECK_THROWS_WITH(masked_schemaless("date", "2020"),
                      "Cannot mask value of type class java.util.Date with custom replacement.");
    CHECK_THROWS_AS(masked_schemaless("bool", "false"), data_error);
    CHECK_THROWS_AS(masked_schemaless("list", "123"), data_error);
    CHECK_THROWS_AS(masked_schemaless("map", "123"), data_error);
    CHECK_THROWS_AS(masked_with_schema("time", "1"), data_error);
    CHECK_THROWS_AS(masked_with_schema("timestamp", "1"), data_error);
    CHECK_THROWS_AS(masked_with_schema("array", "123"), data_error);
}

TEST_CASE("MaskField fails when the replacement is not a number") {
    for (const char* field : {"byte", "short", "int", "long", "float", "double", "bigdec"}) {
        CHECK_THROWS_AS(masked_schemaless(field, "foo"), data_error);
    }
    CHECK_THROWS_WITH(masked_schemaless("int", "foo"), "Unable to convert foo (class java.lang.String) to a number");
}

TEST_CASE("MaskField rejects an empty replacement and an empty field list") {
    mask_field xform(record_part::value);
    CHECK_THROWS_WITH(xform.configure({{"fields", "short"}, {"replacement", ""}}),
                      "Invalid value  for configuration replacement: String must be non-empty");
    CHECK_THROWS_WITH(xform.configure({{"fields", ""}}), "Invalid value [] for configuration fields: Empty list");
    CHECK_THROWS_WITH(xform.configure({}), "Missing required configuration \"fields\" which has no default value.");
}

TEST_CASE("MaskField fails on a schemaless tombstone like Kafka") {
    auto xform = transform("int", std::nullopt);
    auto record = sink(nullptr, value(), nullptr, value());
    CHECK_THROWS_WITH(xform.apply(record),
                      "Only Map objects supported in absence of schema for [mask fields], found: null");
}
