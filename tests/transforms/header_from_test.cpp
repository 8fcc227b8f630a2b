// HeaderFrom$Key / $Value, ported from Kafka's HeaderFromTest.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "copycat/data.hpp"
#include "transform_test_support.hpp"
#include "transforms/header_from.hpp"

using namespace copycat;
using namespace copycat::transforms;
using namespace transform_test;

namespace {

struct field_spec {
    std::string name;
    schema_ptr s;
    value v;
};

struct header_spec {
    std::string name;
    schema_ptr s;
    value v;
};

// A record whose key (key_transform) or value is a struct/map of `fields`.
source_record build(bool key_transform, bool with_schema, const std::vector<field_spec>& fields,
                    const std::vector<header_spec>& hdrs) {
    schema_ptr s;
    value data;
    if (with_schema) {
        schema_builder b = schema_builder::struct_();
        for (const auto& f : fields) {
            b.field(f.name, f.s);
        }
        s = b.build();
        struct_value st(s);
        for (const auto& f : fields) {
            st.put(f.name, f.v);
        }
        data = std::move(st);
    } else {
        value_map m;
        for (const auto& f : fields) {
            m.emplace_back(value(f.name), f.v);
        }
        data = std::move(m);
    }
    headers h;
    for (const auto& header : hdrs) {
        h.add(header.name, header.v, with_schema ? header.s : nullptr);
    }
    return source_record({{"foo", "bar"}}, {{"baz", "quxx"}}, "topic", 0, key_transform ? s : nullptr,
                         key_transform ? data : value("key"), key_transform ? nullptr : s,
                         key_transform ? value("value") : data, 0, std::move(h));
}

void check_same(const source_record& expected, const source_record& actual) {
    CHECK(actual.topic == expected.topic);
    CHECK(schemas_equal(actual.key_schema, expected.key_schema));
    CHECK(actual.key == expected.key);
    CHECK(schemas_equal(actual.value_schema, expected.value_schema));
    CHECK(actual.val == expected.val);
    CHECK(actual.hdrs == expected.hdrs);
}

const schema_ptr string_schema = schema::string();

}  // namespace

TEST_CASE("HeaderFrom copies and moves fields to headers") {
    const schema_ptr struct_schema = schema_builder::struct_().field("foo", schema::string()).build();
    const value struct_v = struct_value(struct_schema).put("foo", "foo-value");
    const schema_ptr with_default = schema_builder::string().default_value("default").optional().build();
    struct scenario {
        const char* description;
        std::vector<field_spec> fields;
        std::vector<header_spec> headers;
        std::string field_names;
        std::string header_names;
        const char* operation;
        bool replace_null_with_default;
        std::vector<field_spec> expected_fields;
        std::vector<header_spec> expected_headers;
    };
    const field_spec f1{"field1", string_schema, "field1-value"};
    const field_spec f2{"field2", string_schema, "field2-value"};
    const header_spec existing{"header1", string_schema, "existing-value"};
    const std::vector<scenario> scenarios = {
        {"basic copy",
         {f1, f2},
         {existing},
         "field1",
         "inserted1",
         "copy",
         true,
         {f1, f2},
         {existing, {"inserted1", string_schema, "field1-value"}}},
        {"basic move",
         {f1, f2},
         {existing},
         "field1",
         "inserted1",
         "move",
         true,
         {f2},
         {existing, {"inserted1", string_schema, "field1-value"}}},
        {"copy with preexisting header",
         {f1, f2},
         {{"inserted1", string_schema, "existing-value"}},
         "field1",
         "inserted1",
         "copy",
         true,
         {f1, f2},
         {{"inserted1", string_schema, "existing-value"}, {"inserted1", string_schema, "field1-value"}}},
        {"move with struct value",
         {{"field1", struct_schema, struct_v}, f2},
         {existing},
         "field1",
         "inserted1",
         "move",
         true,
         {f2},
         {existing, {"inserted1", struct_schema, struct_v}}},
        {"two headers from same field",
         {f1, f2},
         {existing},
         "field1,field1",
         "inserted1,inserted2",
         "move",
         true,
         {f2},
         {existing, {"inserted1", string_schema, "field1-value"}, {"inserted2", string_schema, "field1-value"}}},
        {"two fields to same header",
         {f1, f2},
         {existing},
         "field1,field2",
         "inserted1,inserted1",
         "move",
         true,
         {},
         {existing, {"inserted1", string_schema, "field1-value"}, {"inserted1", string_schema, "field2-value"}}},
        {"move null field without default",
         {{"field1", with_default, "field1-value"}, {"field2", with_default, value()}},
         {existing},
         "field1,field2",
         "inserted1,inserted2",
         "move",
         false,
         {},
         {existing, {"inserted1", with_default, "field1-value"}, {"inserted2", with_default, value()}}},
    };
    for (const auto& sc : scenarios) {
        for (const bool key_transform : {true, false}) {
            for (const bool with_schema : {true, false}) {
                INFO(sc.description << (key_transform ? " (key)" : " (value)") << (with_schema ? " with schema" : ""));
                header_from xform(key_transform ? record_part::key : record_part::value);
                xform.configure({{"fields", sc.field_names},
                                 {"headers", sc.header_names},
                                 {"operation", sc.operation},
                                 {"replace.null.with.default", sc.replace_null_with_default ? "true" : "false"}});
                source_record record = build(key_transform, with_schema, sc.fields, sc.headers);
                REQUIRE(xform.apply(record));
                check_same(build(key_transform, with_schema, sc.expected_fields, sc.expected_headers), record);
            }
        }
    }
}

TEST_CASE("HeaderFrom validates its configuration") {
    for (const record_part part : {record_part::key, record_part::value}) {
        header_from xform(part);
        CHECK_THROWS_WITH(xform.configure({{"fields", "foo,bar"}, {"headers", "foo"}, {"operation", "copy"}}),
                          "'fields' config must have the same number of elements as 'headers' config.");
        CHECK_THROWS_AS(xform.configure({{"fields", "foo"}, {"headers", "foo,bar"}, {"operation", "copy"}}),
                        config_error);
        CHECK_THROWS_AS(xform.configure({{"fields", ""}, {"headers", ""}, {"operation", "copy"}}), config_error);
        CHECK_THROWS_WITH(xform.configure({{"fields", "a"}, {"headers", "b"}, {"operation", "rename"}}),
                          "Invalid value rename for configuration operation: String must be one of: move, copy");
    }
}

TEST_CASE("HeaderFrom fails on a tombstone like Kafka") {
    header_from xform(record_part::value);
    xform.configure({{"fields", "a"}, {"headers", "b"}, {"operation", "copy"}});
    auto record = sink(nullptr, value(), nullptr, value());
    CHECK_THROWS_WITH(xform.apply(record),
                      "Only Map objects supported in absence of schema for [header copy], found: null");
}
