// ValueToKey, ported from Kafka's ValueToKeyTest.
#include <catch2/catch.hpp>

#include "copycat/data.hpp"
#include "transform_test_support.hpp"
#include "transforms/value_to_key.hpp"

using namespace copycat;
using namespace copycat::transforms;
using namespace transform_test;

TEST_CASE("ValueToKey builds a schemaless key from value fields") {
    value_to_key xform;
    xform.configure({{"fields", "a,b"}});
    auto record = sink(nullptr, value(), nullptr, value_map{{"a", 1}, {"b", 2}, {"c", 3}});
    REQUIRE(xform.apply(record));
    CHECK(record.key_schema == nullptr);
    CHECK(record.key == value(value_map{{"a", 1}, {"b", 2}}));
}

TEST_CASE("ValueToKey builds a struct key with a schema") {
    value_to_key xform;
    xform.configure({{"fields", "a,b"}});
    const schema_ptr value_schema = schema_builder::struct_()
                                        .field("a", schema::int32())
                                        .field("b", schema::int32())
                                        .field("c", schema::int32())
                                        .build();
    auto record = sink(nullptr, value(), value_schema, struct_value(value_schema).put("a", 1).put("b", 2).put("c", 3));
    REQUIRE(xform.apply(record));
    const schema_ptr expected_schema =
        schema_builder::struct_().field("a", schema::int32()).field("b", schema::int32()).build();
    CHECK(schemas_equal(record.key_schema, expected_schema));
    CHECK(record.key == value(struct_value(expected_schema).put("a", 1).put("b", 2)));
}

TEST_CASE("ValueToKey fails for a field missing from the value schema") {
    value_to_key xform;
    xform.configure({{"fields", "not_exist"}});
    const schema_ptr value_schema = schema_builder::struct_().field("a", schema::int32()).build();
    auto record = sink(nullptr, value(), value_schema, struct_value(value_schema).put("a", 1));
    CHECK_THROWS_WITH(xform.apply(record), "Field does not exist: not_exist");
}

TEST_CASE("ValueToKey honours replace.null.with.default") {
    const schema_ptr value_schema =
        schema_builder::struct_()
            .field("optional_with_default", schema_builder::int32().optional().default_value(42).build())
            .build();
    for (const bool replace : {false, true}) {
        value_to_key xform;
        xform.configure(
            {{"fields", "optional_with_default"}, {"replace.null.with.default", replace ? "true" : "false"}});
        auto record =
            sink(nullptr, value(), value_schema, struct_value(value_schema).put("optional_with_default", value()));
        REQUIRE(xform.apply(record));
        CHECK(as_struct(record.key).get_without_default("optional_with_default") == (replace ? value(42) : value()));
    }
}

TEST_CASE("ValueToKey requires a non-empty field list and a value") {
    value_to_key xform;
    CHECK_THROWS_WITH(xform.configure({{"fields", ""}}), "Invalid value [] for configuration fields: Empty list");
    xform.configure({{"fields", "a"}});
    auto tombstone = sink(nullptr, value(), nullptr, value());
    CHECK_THROWS_AS(xform.apply(tombstone), data_error);
}
