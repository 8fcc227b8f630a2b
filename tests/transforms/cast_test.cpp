// Cast$Key / $Value, ported from Kafka's CastTest.
#include <catch2/catch.hpp>

#include <limits>

#include "copycat/data.hpp"
#include "transform_test_support.hpp"
#include "transforms/cast.hpp"

using namespace copycat;
using namespace copycat::transforms;
using namespace transform_test;

namespace {

constexpr std::int64_t millis_per_day = 86'400'000;
constexpr std::int64_t millis_per_hour = 3'600'000;

value cast_whole(const char* type, schema_ptr s, value v, schema_ptr* out_schema = nullptr) {
    cast xform(record_part::value);
    xform.configure({{"spec", type}});
    auto record = source(std::move(s), std::move(v));
    const bool kept = xform.apply(record);  // may throw: callers check the exception
    CHECK(kept);
    if (out_schema != nullptr) {
        *out_schema = record.value_schema;
    }
    return record.val;
}

}  // namespace

TEST_CASE("Cast validates its spec") {
    cast xform(record_part::key);
    CHECK_THROWS_WITH(xform.configure({{"spec", ""}}), "Must specify at least one field to cast.");
    CHECK_THROWS_WITH(xform.configure({{"spec", "foo:faketype"}}), "Invalid type found in casting spec: faketype");
    CHECK_THROWS_WITH(xform.configure({{"spec", "foo:array"}}),
                      "Cast transformation does not support casting to ARRAY; supported types are [INT8, INT16, "
                      "INT32, INT64, FLOAT32, FLOAT64, BOOLEAN, STRING]");
    CHECK_THROWS_AS(xform.configure({{"spec", "array"}}), config_error);
    CHECK_THROWS_AS(xform.configure({{"spec", "foo:bytes"}}), config_error);
    CHECK_THROWS_WITH(xform.configure({{"spec", "foo:int8:extra"}}),
                      "Invalid value [foo:int8:extra] for configuration spec: Invalid rename mapping: foo:int8:extra");
    CHECK_THROWS_WITH(xform.configure({{"spec", "foo:int8,int32"}}),
                      "Cast transformations that specify a type to cast the entire value to may only specify a "
                      "single cast in their spec");
    CHECK_NOTHROW(xform.configure({{"spec", " foo : INT8 "}}));
}

TEST_CASE("Cast leaves null keys and values unchanged") {
    cast values(record_part::value);
    values.configure({{"spec", "foo:int64"}});
    source_record with_schema({}, {}, "topic", 0, schema::string(), "key", schema::string(), value());
    source_record copy = with_schema;
    REQUIRE(values.apply(with_schema));
    CHECK(with_schema == copy);

    cast keys(record_part::key);
    keys.configure({{"spec", "foo:int64"}});
    source_record null_key({}, {}, "topic", 0, nullptr, value(), schema::string(), "value");
    copy = null_key;
    REQUIRE(keys.apply(null_key));
    CHECK(null_key == copy);
}

TEST_CASE("Cast casts a field with a default under replace.null.with.default") {
    const schema_ptr s =
        schema_builder::struct_().field("magic", schema_builder::int32().optional().default_value(10).build()).build();
    for (const bool replace : {false, true}) {
        cast xform(record_part::value);
        xform.configure({{"spec", "magic:string"}, {"replace.null.with.default", replace ? "true" : "false"}});
        auto record = source(s, struct_value(s).put("magic", value()));
        REQUIRE(xform.apply(record));
        CHECK(record.value_schema->get_field("magic").schema->type() == schema_type::string);
        CHECK(as_struct(record.val).get_without_default("magic") == (replace ? value("10") : value()));
    }
}

TEST_CASE("Cast casts whole values with a schema") {
    schema_ptr out;
    CHECK(cast_whole("int8", schema::int32(), 42, &out) == value(std::int8_t{42}));
    CHECK(out->type() == schema_type::int8);
    CHECK(cast_whole("int16", schema::int32(), 42) == value(std::int16_t{42}));
    CHECK(cast_whole("int32", schema::int32(), 42) == value(42));
    CHECK(cast_whole("int64", schema::int32(), 42) == value(std::int64_t{42}));
    CHECK(cast_whole("float32", schema::int32(), 42) == value(42.0F));
    CHECK(cast_whole("float64", schema::int32(), 42) == value(42.0));
    CHECK(cast_whole("boolean", schema::int32(), 42) == value(true));
    CHECK(cast_whole("boolean", schema::int32(), 0) == value(false));
    CHECK(cast_whole("string", schema::int32(), 42, &out) == value("42"));
    CHECK(out->type() == schema_type::string);
    CHECK(cast_whole("string", decimal_schema(0), decimal(42)) == value("42"));
    CHECK(cast_whole("string", timestamp_schema(), timestamp(millis_per_day + 1)) == value("1970-01-02T00:00:00.001Z"));

    cast key(record_part::key);
    key.configure({{"spec", "int8"}});
    source_record record({}, {}, "topic", 0, schema::int32(), 42, schema::string(), "bogus");
    REQUIRE(key.apply(record));
    CHECK(record.key_schema->type() == schema_type::int8);
    CHECK(record.key == value(std::int8_t{42}));
}

TEST_CASE("Cast casts the schema's default value") {
    schema_ptr out;
    CHECK(cast_whole("int32", schema_builder::float32().default_value(-42.125F).build(), 42.125F, &out) == value(42));
    CHECK(out->type() == schema_type::int32);
    CHECK(out->default_value() == value(-42));
}

TEST_CASE("Cast casts whole schemaless values") {
    CHECK(cast_whole("int8", nullptr, 42) == value(std::int8_t{42}));
    CHECK(cast_whole("int16", nullptr, 42) == value(std::int16_t{42}));
    CHECK(cast_whole("int32", nullptr, 42) == value(42));
    CHECK(cast_whole("int64", nullptr, 42) == value(std::int64_t{42}));
    CHECK(cast_whole("float32", nullptr, 42) == value(42.0F));
    CHECK(cast_whole("float64", nullptr, 42) == value(42.0));
    CHECK(cast_whole("boolean", nullptr, 42) == value(true));
    CHECK(cast_whole("boolean", nullptr, 0) == value(false));
    CHECK(cast_whole("string", nullptr, 42) == value("42"));
    CHECK(cast_whole("string", nullptr, 1.5) == value("1.5"));
    CHECK(cast_whole("string", nullptr, 100.0) == value("100.0"));
    CHECK(cast_whole("string", nullptr, 1e20) == value("1.0E20"));
    CHECK(cast_whole("string", nullptr, 0.1F) == value("0.1"));
    CHECK_THROWS_WITH(cast_whole("int8", nullptr, value_array{"foo"}),
                      "Cast transformation does not support casting from ARRAY; supported types are [INT8, INT16, "
                      "INT32, INT64, FLOAT32, FLOAT64, BOOLEAN, STRING, BYTES]");
    CHECK_THROWS_WITH(cast_whole("int8", nullptr, decimal(1)),
                      "Cast transformation was passed a value of type class java.math.BigDecimal which is not "
                      "supported by Connect's data API");
}

TEST_CASE("Cast narrows and parses like Java") {
    CHECK(cast_whole("int8", nullptr, 300) == value(std::int8_t{44}));
    CHECK(cast_whole("int32", nullptr, 1e20) == value(std::numeric_limits<std::int32_t>::max()));
    CHECK(cast_whole("int16", nullptr, -1.9) == value(std::int16_t{-1}));
    CHECK(cast_whole("boolean", nullptr, 0.5) == value(false));
    CHECK(cast_whole("int32", nullptr, "-17") == value(-17));
    CHECK(cast_whole("float64", nullptr, " 2.5 ") == value(2.5));
    CHECK(cast_whole("boolean", nullptr, "TRUE") == value(true));
    CHECK(cast_whole("boolean", nullptr, "yes") == value(false));
    CHECK(cast_whole("int32", nullptr, true) == value(1));
    CHECK_THROWS_WITH(cast_whole("int8", nullptr, "300"), "Value (300) was out of range for requested data type");
    CHECK_THROWS_WITH(cast_whole("int32", nullptr, "4.5"), "Value (4.5) was out of range for requested data type");
    CHECK_THROWS_WITH(cast_whole("int32", schema::bytes(), bytes{1}),
                      "Unexpected type in Cast transformation: class [B");
}

TEST_CASE("Cast casts logical types to their primitives") {
    cast xform(record_part::value);
    xform.configure({{"spec",
                      "date_to_int32:int32,timestamp_to_int64:int64,time_to_int64:int64,decimal_to_int32:int32,"
                      "timestamp_to_float64:float64,null_timestamp_to_int32:int32"}});
    const schema_ptr s = schema_builder::struct_()
                             .field("date_to_int32", date_schema())
                             .field("timestamp_to_int64", timestamp_schema())
                             .field("time_to_int64", time_schema())
                             .field("decimal_to_int32", decimal_schema(0))
                             .field("timestamp_to_float64", timestamp_schema())
                             .field("null_timestamp_to_int32", timestamp_builder().optional().build())
                             .build();
    struct_value v(s);
    v.put("date_to_int32", date(1))
        .put("timestamp_to_int64", timestamp(0))
        .put("time_to_int64", time_of_day(1))
        .put("decimal_to_int32", decimal(std::int64_t{2147483648}))
        .put("timestamp_to_float64", timestamp(std::numeric_limits<std::int64_t>::max()));
    auto record = source(s, v);
    REQUIRE(xform.apply(record));
    const struct_value& out = as_struct(record.val);
    CHECK(out.get("date_to_int32") == value(1));
    CHECK(out.get("timestamp_to_int64") == value(std::int64_t{0}));
    CHECK(out.get("time_to_int64") == value(std::int64_t{1}));
    CHECK(out.get("decimal_to_int32") == value(std::numeric_limits<std::int32_t>::min()));
    CHECK(out.get("timestamp_to_float64") == value(9.223372036854776E18));
    CHECK(out.get("null_timestamp_to_int32").is_null());
    CHECK(out.schema()->get_field("date_to_int32").schema->type() == schema_type::int32);
    CHECK(out.schema()->get_field("time_to_int64").schema->type() == schema_type::int64);
    CHECK(out.schema()->get_field("timestamp_to_float64").schema->type() == schema_type::float64);
    CHECK(out.schema()->get_field("null_timestamp_to_int32").schema->type() == schema_type::int32);
}

TEST_CASE("Cast casts logical types to strings") {
    cast xform(record_part::value);
    xform.configure({{"spec", "date:string,decimal:string,time:string,timestamp:string"}});
    const schema_ptr s = schema_builder::struct_()
                             .field("date", date_schema())
                             .field("decimal", decimal_schema(0))
                             .field("time", time_schema())
                             .field("timestamp", timestamp_schema())
                             .build();
    struct_value v(s);
    v.put("date", date(1))
        .put("decimal", decimal(1982))
        .put("time", time_of_day(static_cast<std::int32_t>(millis_per_hour)))
        .put("timestamp", timestamp(1'706'708'700'250));
    auto record = source(s, v);
    REQUIRE(xform.apply(record));
    const struct_value& out = as_struct(record.val);
    CHECK(out.get("date") == value("1970-01-02"));
    CHECK(out.get("decimal") == value("1982"));
    CHECK(out.get("time") == value("01:00:00.000Z"));
    CHECK(out.get("timestamp") == value("2024-01-31T13:45:00.250Z"));
    for (const char* name : {"date", "decimal", "time", "timestamp"}) {
        CHECK(out.schema()->get_field(name).schema->type() == schema_type::string);
    }
}

TEST_CASE("Cast casts struct fields, their optionality and defaults") {
    cast xform(record_part::value);
    xform.configure({{"spec",
                      "int8:int16,int16:int32,int32:int64,int64:boolean,float32:float64,float64:boolean,boolean:int8,"
                      "string:int32,bigdecimal:string,date:string,optional:int32,bytes:string"}});
    const schema_ptr s = schema_builder::struct_()
                             .field("int8", schema::int8())
                             .field("int16", schema::optional_int16())
                             .field("int32", schema_builder::int32().default_value(2).build())
                             .field("int64", schema::int64())
                             .field("float32", schema::float32())
                             .field("float64", schema_builder::float64().default_value(-1.125).build())
                             .field("boolean", schema::boolean())
                             .field("string", schema::string())
                             .field("bigdecimal", decimal_schema(0))
                             .field("date", date_schema())
                             .field("optional", schema::optional_float32())
                             .field("timestamp", timestamp_schema())
                             .field("bytes", schema::bytes())
                             .build();
    struct_value v(s);
    v.put("int8", std::int8_t{8})
        .put("int16", std::int16_t{16})
        .put("int32", 32)
        .put("int64", std::int64_t{64})
        .put("float32", 32.0F)
        .put("float64", -64.0)
        .put("boolean", true)
        .put("bigdecimal", decimal(42))
        .put("date", date(1))
        .put("string", "42")
        .put("timestamp", timestamp(0))
        .put("bytes", bytes{0xFE, 0xDC, 0xBA, 0x98, 0x76, 0x54, 0x32, 0x10});
    auto record = source(s, v);
    REQUIRE(xform.apply(record));
    const struct_value& out = as_struct(record.val);
    const schema& out_schema = *out.schema();
    CHECK(out.get("int8") == value(std::int16_t{8}));
    CHECK(out_schema.get_field("int16").schema->is_optional());
    CHECK(out.get("int16") == value(16));
    CHECK(out.get("int32") == value(std::int64_t{32}));
    CHECK(out_schema.get_field("int32").schema->default_value() == value(std::int64_t{2}));
    CHECK(out.get("int64") == value(true));
    CHECK(out.get("float32") == value(32.0));
    CHECK(out.get("float64") == value(true));
    CHECK(out_schema.get_field("float64").schema->default_value() == value(true));
    CHECK(out.get("boolean") == value(std::int8_t{1}));
    CHECK(out.get("string") == value(42));
    CHECK(out.get("bigdecimal") == value("42"));
    CHECK(out.get("date") == value("1970-01-02"));
    CHECK(out.get("timestamp") == value(timestamp(0)));
    CHECK(out.get("bytes") == value("/ty6mHZUMhA="));
    CHECK(out.get("optional").is_null());
    CHECK(out_schema.get_field("optional").schema->type() == schema_type::int32);
    CHECK(out_schema.get_field("timestamp").schema->type() == schema_type::int64);
    CHECK(schemas_equal(record.value_schema, out.schema()));
}

TEST_CASE("Cast casts schemaless map fields") {
    cast xform(record_part::value);
    xform.configure({{"spec",
                      "int8:int16,int16:int32,int32:int64,int64:boolean,float32:float64,float64:boolean,boolean:int8,"
                      "string:int32,absent:int8"}});
    auto record = source(nullptr, value_map{{"int8", std::int8_t{8}},
                                            {"int16", std::int16_t{16}},
                                            {"int32", 32},
                                            {"int64", std::int64_t{64}},
                                            {"float32", 32.0F},
                                            {"float64", -64.0},
                                            {"boolean", true},
                                            {"string", "42"}});
    REQUIRE(xform.apply(record));
    CHECK(record.value_schema == nullptr);
    CHECK(entry(record.val, "int8") == value(std::int16_t{8}));
    CHECK(entry(record.val, "int16") == value(16));
    CHECK(entry(record.val, "int32") == value(std::int64_t{32}));
    CHECK(entry(record.val, "int64") == value(true));
    CHECK(entry(record.val, "float32") == value(32.0));
    CHECK(entry(record.val, "float64") == value(true));
    CHECK(entry(record.val, "boolean") == value(std::int8_t{1}));
    CHECK(entry(record.val, "string") == value(42));
    CHECK(has_entry(record.val, "absent"));  // Kafka puts null for spec fields the map lacks
}
