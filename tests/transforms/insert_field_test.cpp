// InsertField$Key / $Value, ported from Kafka's InsertFieldTest.
#include <catch2/catch.hpp>

#include "copycat/data.hpp"
#include "transform_test_support.hpp"
#include "transforms/insert_field.hpp"

using namespace copycat;
using namespace copycat::transforms;
using namespace transform_test;

namespace {

config_map all_fields() {
    return {{"topic.field", "topic_field!"},
            {"partition.field", "partition_field"},
            {"timestamp.field", "timestamp_field?"},
            {"static.field", "instance_id"},
            {"static.value", "my-instance-id"}};
}

}  // namespace

TEST_CASE("InsertField requires a struct when the value has a schema") {
    insert_field xform(record_part::value);
    xform.configure({{"topic.field", "topic_field"}});
    auto record = source(schema::int32(), 42);
    CHECK_THROWS_AS(xform.apply(record), data_error);
}

TEST_CASE("InsertField copies the schema and inserts the configured fields") {
    insert_field xform(record_part::value);
    xform.configure(all_fields());
    const schema_ptr simple =
        schema_builder::struct_().name("name").version(1).doc("doc").field("magic", schema::optional_int64()).build();
    auto record = source(simple, struct_value(simple).put("magic", std::int64_t{42}), 789);
    REQUIRE(xform.apply(record));

    const schema& updated = *record.value_schema;
    CHECK(updated.name() == simple->name());
    CHECK(updated.version() == simple->version());
    CHECK(updated.doc() == simple->doc());
    CHECK(schemas_equal(updated.get_field("magic").schema, schema::optional_int64()));
    const struct_value& v = as_struct(record.val);
    CHECK(v.get("magic") == value(std::int64_t{42}));
    CHECK(schemas_equal(updated.get_field("topic_field").schema, schema::string()));
    CHECK(v.get("topic_field") == value("topic"));
    CHECK(schemas_equal(updated.get_field("partition_field").schema, schema::optional_int32()));
    CHECK(v.get("partition_field") == value(0));
    CHECK(schemas_equal(updated.get_field("timestamp_field").schema, timestamp_builder().optional().build()));
    CHECK(v.get("timestamp_field") == value(timestamp(789)));
    CHECK(schemas_equal(updated.get_field("instance_id").schema, schema::optional_string()));
    CHECK(v.get("instance_id") == value("my-instance-id"));

    // The updated schema is cached: an equal input schema gives the same schema object.
    auto second = source(simple, struct_value(simple));
    second.kafka_partition = 1;
    REQUIRE(xform.apply(second));
    CHECK(second.value_schema == record.value_schema);
}

TEST_CASE("InsertField inserts into schemaless maps") {
    insert_field xform(record_part::value);
    xform.configure(all_fields());
    auto record = source(nullptr, value_map{{"magic", std::int64_t{42}}}, 123);
    REQUIRE(xform.apply(record));
    CHECK(record.value_schema == nullptr);
    CHECK(entry(record.val, "magic") == value(std::int64_t{42}));
    CHECK(entry(record.val, "topic_field") == value("topic"));
    CHECK(entry(record.val, "partition_field") == value(0));
    CHECK(entry(record.val, "timestamp_field") == value(std::int64_t{123}));
    CHECK(entry(record.val, "instance_id") == value("my-instance-id"));
}

TEST_CASE("InsertField leaves tombstones unchanged") {
    insert_field xform(record_part::value);
    xform.configure(all_fields());
    auto schemaless = source(nullptr, value());
    REQUIRE(xform.apply(schemaless));
    CHECK(schemaless.val.is_null());
    CHECK(schemaless.value_schema == nullptr);

    const schema_ptr simple = schema_builder::struct_().name("name").field("magic", schema::optional_int64()).build();
    auto with_schema = source(simple, value());
    REQUIRE(xform.apply(with_schema));
    CHECK(with_schema.val.is_null());
    CHECK(schemas_equal(with_schema.value_schema, simple));
}

TEST_CASE("InsertField$Key inserts into the key of a tombstone and skips a null key") {
    insert_field xform(record_part::key);
    xform.configure(all_fields());
    source_record record({}, {}, "test", 0, nullptr, value_map{{"magic", std::int64_t{42}}}, nullptr, value());
    REQUIRE(xform.apply(record));
    CHECK(entry(record.key, "magic") == value(std::int64_t{42}));
    CHECK(entry(record.key, "topic_field") == value("test"));
    CHECK(entry(record.key, "partition_field") == value(0));
    CHECK_FALSE(has_entry(record.key, "timestamp_field"));
    CHECK(entry(record.key, "instance_id") == value("my-instance-id"));
    CHECK(record.val.is_null());

    source_record null_key({}, {}, "test", 0, nullptr, value(), nullptr, value_map{{"magic", std::int64_t{42}}});
    const source_record before = null_key;
    REQUIRE(xform.apply(null_key));
    CHECK(null_key == before);
}

TEST_CASE("InsertField honours replace.null.with.default") {
    const schema_ptr magic = schema_builder::int64().optional().default_value(std::int64_t{42}).build();
    const schema_ptr simple = schema_builder::struct_().name("name").field("magic_with_default", magic).build();
    for (const bool replace : {false, true}) {
        insert_field xform(record_part::value);
        auto configs = all_fields();
        configs["replace.null.with.default"] = replace ? "true" : "false";
        xform.configure(configs);
        auto record = source(simple, struct_value(simple).put("magic_with_default", value()), 789);
        REQUIRE(xform.apply(record));
        CHECK(schemas_equal(record.value_schema->get_field("magic_with_default").schema, magic));
        const value& got = as_struct(record.val).get_without_default("magic_with_default");
        CHECK(got == (replace ? value(std::int64_t{42}) : value()));
    }
}

TEST_CASE("InsertField inserts the offset of sink records only") {
    insert_field xform(record_part::value);
    xform.configure({{"offset.field", "offset"}});
    sink_record record("test", 3, nullptr, value(), nullptr, value_map{}, 99);
    REQUIRE(xform.apply(record));
    CHECK(entry(record.val, "offset") == value(std::int64_t{99}));

    auto from_source = source(nullptr, value_map{});
    CHECK_THROWS_WITH(xform.apply(from_source),
                      "Only SinkRecord supported for [field insertion], found: "
                      "org.apache.kafka.connect.source.SourceRecord");
}

TEST_CASE("InsertField validates its configuration") {
    insert_field xform(record_part::value);
    CHECK_THROWS_WITH(xform.configure({}), "No field insertion configured");
    CHECK_THROWS_WITH(xform.configure({{"static.field", "instance_id"}}),
                      "Invalid value null for configuration static.value: No value specified for static field: "
                      "instance_id");
}
