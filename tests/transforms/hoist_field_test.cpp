// HoistField$Key / $Value, ported from Kafka's HoistFieldTest.
#include <catch2/catch.hpp>

#include "copycat/data.hpp"
#include "transform_test_support.hpp"
#include "transforms/hoist_field.hpp"

using namespace copycat;
using namespace copycat::transforms;
using namespace transform_test;

TEST_CASE("HoistField wraps a schemaless key in a map") {
    hoist_field xform(record_part::key);
    xform.configure({{"field", "magic"}});
    auto record = sink(nullptr, 42, nullptr, value());
    REQUIRE(xform.apply(record));
    CHECK(record.key_schema == nullptr);
    CHECK(record.key == value(value_map{{"magic", 42}}));
}

TEST_CASE("HoistField wraps a key with a schema in a struct") {
    hoist_field xform(record_part::key);
    xform.configure({{"field", "magic"}});
    auto record = sink(schema::int32(), 42, nullptr, value());
    REQUIRE(xform.apply(record));
    REQUIRE(record.key_schema->type() == schema_type::struct_);
    CHECK(schemas_equal(record.key_schema->get_field("magic").schema, schema::int32()));
    CHECK(as_struct(record.key).get("magic") == value(42));

    auto second = sink(schema::int32(), 7, nullptr, value());
    REQUIRE(xform.apply(second));
    CHECK(second.key_schema == record.key_schema);  // cached
}

TEST_CASE("HoistField wraps a value, including a null one") {
    hoist_field xform(record_part::value);
    xform.configure({{"field", "v"}});
    auto record = sink(nullptr, value(), schema::optional_string(), value());
    REQUIRE(xform.apply(record));
    CHECK(as_struct(record.val).get("v").is_null());
    CHECK_THROWS_WITH(xform.configure({}), "Missing required configuration \"field\" which has no default value.");
}
