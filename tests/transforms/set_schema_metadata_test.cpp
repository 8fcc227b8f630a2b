// SetSchemaMetadata$Key / $Value, ported from Kafka's SetSchemaMetadataTest.
#include <catch2/catch.hpp>

#include "copycat/data.hpp"
#include "transform_test_support.hpp"
#include "transforms/set_schema_metadata.hpp"

using namespace copycat;
using namespace copycat::transforms;
using namespace transform_test;

namespace {

set_schema_metadata configured(const config_map& configs) {
    set_schema_metadata xform(record_part::value);
    xform.configure(configs);
    return xform;
}

schema_ptr original_schema(schema_ptr f1 = schema::string()) {
    return schema_builder::struct_()
        .name("my.orig.SchemaDefn")
        .field("f1", std::move(f1))
        .field("f2", schema::int32())
        .build();
}

void check_matching_schema(const value& v, const schema_ptr& s) {
    const struct_value& st = v.as_struct();
    CHECK(st.schema() == s);
    for (const field& f : s->fields()) {
        CHECK(st.schema()->get_field(f.name).index == f.index);
    }
}

}  // namespace

TEST_CASE("SetSchemaMetadata sets the name, the version or both") {
    auto name = configured({{"schema.name", "foo"}});
    auto record = sink(nullptr, value(), schema_builder::struct_().build(), value());
    REQUIRE(name.apply(record));
    CHECK(record.value_schema->name() == "foo");

    auto version = configured({{"schema.version", "42"}});
    auto other = sink(nullptr, value(), schema_builder::struct_().build(), value());
    REQUIRE(version.apply(other));
    CHECK(other.value_schema->version() == 42);

    auto both = configured({{"schema.name", "foo"}, {"schema.version", "42"}});
    auto third = sink(nullptr, value(), schema_builder::struct_().build(), value());
    REQUIRE(both.apply(third));
    CHECK(third.value_schema->name() == "foo");
    CHECK(third.value_schema->version() == 42);
}

TEST_CASE("SetSchemaMetadata rebuilds a struct on the updated schema") {
    auto xform = configured({{"schema.name", "foo"}, {"schema.version", "42"}});
    const schema_ptr s = original_schema();
    auto record = sink(nullptr, value(), s, struct_value(s).put("f1", "value1").put("f2", 1));
    REQUIRE(xform.apply(record));
    CHECK(record.value_schema->name() == "foo");
    CHECK(record.value_schema->version() == 42);
    check_matching_schema(record.val, record.value_schema);
    CHECK(as_struct(record.val).get("f1") == value("value1"));
}

TEST_CASE("SetSchemaMetadata honours replace.null.with.default") {
    const schema_ptr s = original_schema(schema_builder::string().default_value("default").optional().build());
    for (const bool replace : {false, true}) {
        auto xform = configured({{"schema.name", "foo"},
                                 {"schema.version", "42"},
                                 {"replace.null.with.default", replace ? "true" : "false"}});
        auto record = sink(nullptr, value(), s, struct_value(s).put("f1", value()).put("f2", 1));
        REQUIRE(xform.apply(record));
        check_matching_schema(record.val, record.value_schema);
        CHECK(as_struct(record.val).get_without_default("f1") == (replace ? value("default") : value()));
    }
}

TEST_CASE("SetSchemaMetadata requires a schema unless the value is null") {
    auto xform = configured({{"schema.name", "foo"}});
    auto record = sink(nullptr, value(), nullptr, 42);
    CHECK_THROWS_WITH(xform.apply(record), "Schema required for [updating schema metadata]");

    auto tombstone = sink(nullptr, value(), nullptr, value());
    REQUIRE(xform.apply(tombstone));
    CHECK(tombstone.key.is_null());
    CHECK(tombstone.key_schema == nullptr);
    CHECK(tombstone.val.is_null());
    CHECK(tombstone.value_schema == nullptr);

    set_schema_metadata unconfigured(record_part::value);
    CHECK_THROWS_WITH(unconfigured.configure({}), "Neither schema name nor version configured");
}

TEST_CASE("SetSchemaMetadata updateSchemaIn") {
    auto xform = configured({{"schema.name", "foo"}});
    const schema_ptr s = original_schema();
    const schema_ptr renamed = schema_builder::struct_()
                                   .name("my.updated.SchemaDefn")
                                   .field("f1", schema::string())
                                   .field("f2", schema::int32())
                                   .build();
    const value updated = xform.update_schema_in(struct_value(s).put("f1", "value1").put("f2", 1), renamed);
    check_matching_schema(updated, renamed);
    CHECK(xform.update_schema_in(1, schema::int32()) == value(1));
    CHECK(xform.update_schema_in(value(), schema::int32()).is_null());
}

TEST_CASE("SetSchemaMetadata$Key renames the key schema") {
    set_schema_metadata xform(record_part::key);
    xform.configure({{"schema.name", "k"}});
    auto record = sink(schema::string(), "key", nullptr, value());
    REQUIRE(xform.apply(record));
    CHECK(record.key_schema->name() == "k");
    CHECK(record.key_schema->type() == schema_type::string);
    CHECK(record.key == value("key"));
}
