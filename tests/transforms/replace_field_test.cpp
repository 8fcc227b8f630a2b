// ReplaceField$Key / $Value, ported from Kafka's ReplaceFieldTest (and its 3.x tests of the
// deprecated whitelist/blacklist names).
#include <catch2/catch.hpp>

#include "copycat/data.hpp"
#include "transform_test_support.hpp"
#include "transforms/replace_field.hpp"

using namespace copycat;
using namespace copycat::transforms;
using namespace transform_test;

namespace {

schema_ptr four_fields() {
    return schema_builder::struct_()
        .field("dont", schema::string())
        .field("abc", schema::int32())
        .field("foo", schema::boolean())
        .field("etc", schema::string())
        .build();
}

value_map four_entries() { return {{"dont", "whatever"}, {"abc", 42}, {"foo", true}, {"etc", "etc"}}; }

}  // namespace

TEST_CASE("ReplaceField leaves tombstones unchanged") {
    replace_field xform(record_part::value);
    xform.configure({{"include", "abc,foo"}, {"renames", "abc:xyz,foo:bar"}});
    auto schemaless = sink(nullptr, value(), nullptr, value());
    REQUIRE(xform.apply(schemaless));
    CHECK(schemaless.val.is_null());
    CHECK(schemaless.value_schema == nullptr);

    auto with_schema = sink(nullptr, value(), four_fields(), value());
    REQUIRE(xform.apply(with_schema));
    CHECK(with_schema.val.is_null());
    CHECK(schemas_equal(with_schema.value_schema, four_fields()));
}

TEST_CASE("ReplaceField excludes and renames schemaless fields") {
    replace_field xform(record_part::value);
    xform.configure({{"exclude", "dont"}, {"renames", "abc:xyz,foo:bar"}});
    auto record = sink(nullptr, value(), nullptr, four_entries());
    REQUIRE(xform.apply(record));
    CHECK(record.val.as_map().size() == 3);
    CHECK(entry(record.val, "xyz") == value(42));
    CHECK(entry(record.val, "bar") == value(true));
    CHECK(entry(record.val, "etc") == value("etc"));
}

TEST_CASE("ReplaceField includes and renames struct fields") {
    replace_field xform(record_part::value);
    xform.configure({{"include", "abc,foo"}, {"renames", "abc:xyz,foo:bar"}});
    const schema_ptr s = four_fields();
    struct_value v(s);
    v.put("dont", "whatever").put("abc", 42).put("foo", true).put("etc", "etc");
    auto record = sink(nullptr, value(), s, v);
    REQUIRE(xform.apply(record));
    const struct_value& updated = as_struct(record.val);
    CHECK(updated.schema()->fields().size() == 2);
    CHECK(updated.get("xyz") == value(42));
    CHECK(updated.get("bar") == value(true));
    CHECK(schemas_equal(record.value_schema, updated.schema()));
}

TEST_CASE("ReplaceField reads the deprecated whitelist and blacklist names") {
    replace_field include(record_part::value);
    include.configure({{"whitelist", "abc,foo"}, {"renames", "abc:xyz,foo:bar"}});
    auto tombstone = sink(nullptr, value(), nullptr, value());
    REQUIRE(include.apply(tombstone));
    CHECK(tombstone.val.is_null());
    auto kept = sink(nullptr, value(), nullptr, four_entries());
    REQUIRE(include.apply(kept));
    CHECK(kept.val.as_map().size() == 2);
    CHECK(entry(kept.val, "xyz") == value(42));

    replace_field exclude(record_part::value);
    exclude.configure({{"blacklist", "dont"}, {"renames", "abc:xyz,foo:bar"}});
    auto record = sink(nullptr, value(), nullptr, four_entries());
    REQUIRE(exclude.apply(record));
    CHECK(record.val.as_map().size() == 3);
    CHECK(entry(record.val, "xyz") == value(42));
    CHECK(entry(record.val, "bar") == value(true));
    CHECK(entry(record.val, "etc") == value("etc"));

    // The current name wins when both are given.
    replace_field both(record_part::value);
    both.configure({{"exclude", "etc"}, {"blacklist", "dont"}});
    auto mixed = sink(nullptr, value(), nullptr, four_entries());
    REQUIRE(both.apply(mixed));
    CHECK(has_entry(mixed.val, "dont"));
    CHECK_FALSE(has_entry(mixed.val, "etc"));
}

TEST_CASE("ReplaceField honours replace.null.with.default on key and value") {
    const schema_ptr s =
        schema_builder::struct_().field("abc", schema_builder::int32().optional().default_value(42).build()).build();
    for (const record_part part : {record_part::key, record_part::value}) {
        for (const bool replace : {false, true}) {
            replace_field xform(part);
            xform.configure({{"include", "abc"},
                             {"renames", "abc:optional_with_default"},
                             {"replace.null.with.default", replace ? "true" : "false"}});
            auto record = part == record_part::key ? sink(s, struct_value(s).put("abc", value()), nullptr, value())
                                                   : sink(nullptr, value(), s, struct_value(s).put("abc", value()));
            REQUIRE(xform.apply(record));
            const struct_value& updated = as_struct(part == record_part::key ? record.key : record.val);
            CHECK(updated.schema()->fields().size() == 1);
            CHECK(updated.get_without_default("optional_with_default") == (replace ? value(42) : value()));
        }
    }
}

TEST_CASE("ReplaceField rejects malformed rename mappings") {
    replace_field xform(record_part::value);
    CHECK_THROWS_WITH(xform.configure({{"renames", "abc:xyz,foo"}}),
                      "Invalid value [abc:xyz, foo] for configuration renames: Invalid rename mapping: foo");
    CHECK_THROWS_AS(xform.configure({{"renames", "a:b:c"}}), config_error);
    CHECK_NOTHROW(xform.configure({{"renames", "a:b:"}}));  // Java's split drops the trailing empty part
}
