// ExtractField$Key / $Value, ported from Kafka's ExtractFieldTest.
#include <catch2/catch.hpp>

#include "copycat/data.hpp"
#include "transform_test_support.hpp"
#include "transforms/extract_field.hpp"

using namespace copycat;
using namespace copycat::transforms;
using namespace transform_test;

TEST_CASE("ExtractField extracts from schemaless maps") {
    extract_field xform(record_part::key);
    xform.configure({{"field", "magic"}});
    auto record = sink(nullptr, value_map{{"magic", 42}}, nullptr, value());
    REQUIRE(xform.apply(record));
    CHECK(record.key_schema == nullptr);
    CHECK(record.key == value(42));

    auto null_key = sink(nullptr, value(), nullptr, value());
    REQUIRE(xform.apply(null_key));
    CHECK(null_key.key.is_null());

    extract_field missing(record_part::key);
    missing.configure({{"field", "nonexistent"}});
    auto other = sink(nullptr, value_map{{"magic", 42}}, nullptr, value());
    REQUIRE(missing.apply(other));
    CHECK(other.key.is_null());
}

TEST_CASE("ExtractField follows nested paths with field.syntax.version V2") {
    extract_field xform(record_part::key);
    xform.configure({{"field", "magic.foo"}, {"field.syntax.version", "V2"}});
    auto record = sink(nullptr, value_map{{"magic", value_map{{"foo", 42}}}}, nullptr, value());
    REQUIRE(xform.apply(record));
    CHECK(record.key == value(42));

    extract_field missing(record_part::key);
    missing.configure({{"field", "magic.nonexistent"}, {"field.syntax.version", "v2"}});
    auto other = sink(nullptr, value_map{{"magic", value_map{{"foo", 42}}}}, nullptr, value());
    REQUIRE(missing.apply(other));
    CHECK(other.key.is_null());

    const schema_ptr foo = schema_builder::struct_().field("foo", schema::int32()).build();
    const schema_ptr key_schema = schema_builder::struct_().field("magic", foo).build();
    auto with_schema =
        sink(key_schema, struct_value(key_schema).put("magic", struct_value(foo).put("foo", 42)), nullptr, value());
    REQUIRE(xform.apply(with_schema));
    CHECK(schemas_equal(with_schema.key_schema, schema::int32()));
    CHECK(with_schema.key == value(42));

    auto unknown =
        sink(key_schema, struct_value(key_schema).put("magic", struct_value(foo).put("foo", 42)), nullptr, value());
    CHECK_THROWS_WITH(missing.apply(unknown), "Unknown field: magic.nonexistent");
}

TEST_CASE("ExtractField extracts from structs and keeps a null struct null") {
    extract_field xform(record_part::key);
    xform.configure({{"field", "magic"}});
    const schema_ptr key_schema = schema_builder::struct_().field("magic", schema::int32()).build();
    auto record = sink(key_schema, struct_value(key_schema).put("magic", 42), nullptr, value());
    REQUIRE(xform.apply(record));
    CHECK(schemas_equal(record.key_schema, schema::int32()));
    CHECK(record.key == value(42));

    const schema_ptr optional_key = schema_builder::struct_().field("magic", schema::int32()).optional().build();
    auto null_key = sink(optional_key, value(), nullptr, value());
    REQUIRE(xform.apply(null_key));
    CHECK(schemas_equal(null_key.key_schema, schema::int32()));
    CHECK(null_key.key.is_null());
}

TEST_CASE("ExtractField fails for a field missing from the schema") {
    extract_field xform(record_part::key);
    xform.configure({{"field", "nonexistent"}});
    const schema_ptr key_schema = schema_builder::struct_().field("magic", schema::int32()).build();
    auto record = sink(key_schema, struct_value(key_schema).put("magic", 42), nullptr, value());
    CHECK_THROWS_WITH(xform.apply(record), "Unknown field: nonexistent");
}

TEST_CASE("ExtractField honours replace.null.with.default") {
    const schema_ptr s =
        schema_builder::struct_()
            .field("optional_with_default", schema_builder::int32().optional().default_value(42).build())
            .build();
    for (const record_part part : {record_part::key, record_part::value}) {
        for (const bool replace : {false, true}) {
            extract_field xform(part);
            xform.configure(
                {{"field", "optional_with_default"}, {"replace.null.with.default", replace ? "true" : "false"}});
            const value v = struct_value(s).put("optional_with_default", value());
            auto record = part == record_part::key ? sink(s, v, nullptr, value()) : sink(nullptr, value(), s, v);
            REQUIRE(xform.apply(record));
            CHECK((part == record_part::key ? record.key : record.val) == (replace ? value(42) : value()));
        }
    }
}

TEST_CASE("ExtractField validates field.syntax.version") {
    extract_field xform(record_part::value);
    CHECK_THROWS_WITH(xform.configure({{"field", "a"}, {"field.syntax.version", "v3"}}),
                      "Invalid value v3 for configuration field.syntax.version: String must be one of (case "
                      "insensitive): V1, V2");
    CHECK_THROWS_WITH(xform.configure({{"field", "`a.b"}, {"field.syntax.version", "V2"}}),
                      "Incomplete backtick pair in path: [`a.b], consider adding a backslash before backtick at "
                      "position 0 to escape it");
}
