// Flatten$Key / $Value, ported from Kafka's FlattenTest.
#include <catch2/catch.hpp>

#include "copycat/data.hpp"
#include "transform_test_support.hpp"
#include "transforms/flatten.hpp"

using namespace copycat;
using namespace copycat::transforms;
using namespace transform_test;

namespace {

flatten configured(record_part part, const config_map& configs = {}) {
    flatten xform(part);
    xform.configure(configs);
    return xform;
}

}  // namespace

TEST_CASE("Flatten requires a struct or a map") {
    auto xform = configured(record_part::value);
    auto with_schema = source(schema::int32(), 42);
    CHECK_THROWS_AS(xform.apply(with_schema), data_error);
    auto schemaless = source(nullptr, 42);
    CHECK_THROWS_AS(xform.apply(schemaless), data_error);
}

TEST_CASE("Flatten flattens nested structs") {
    auto xform = configured(record_part::value);
    const schema_ptr types = schema_builder::struct_()
                                 .field("int8", schema::int8())
                                 .field("int16", schema::int16())
                                 .field("int32", schema::int32())
                                 .field("int64", schema::int64())
                                 .field("float32", schema::float32())
                                 .field("float64", schema::float64())
                                 .field("boolean", schema::boolean())
                                 .field("string", schema::string())
                                 .field("bytes", schema::bytes())
                                 .build();
    const schema_ptr one_level = schema_builder::struct_().field("B", types).build();
    const schema_ptr two_levels = schema_builder::struct_().field("A", one_level).build();
    struct_value leaf(types);
    leaf.put("int8", std::int8_t{8})
        .put("int16", std::int16_t{16})
        .put("int32", 32)
        .put("int64", std::int64_t{64})
        .put("float32", 32.0F)
        .put("float64", 64.0)
        .put("boolean", true)
        .put("string", "stringy")
        .put("bytes", bytes{'b', 'y', 't', 'e', 's'});
    auto record = source(two_levels, struct_value(two_levels).put("A", struct_value(one_level).put("B", leaf)));
    REQUIRE(xform.apply(record));
    REQUIRE(record.value_schema->type() == schema_type::struct_);
    const struct_value& out = as_struct(record.val);
    CHECK(out.schema()->fields().size() == 9);
    CHECK(out.get("A.B.int8") == value(std::int8_t{8}));
    CHECK(out.get("A.B.int16") == value(std::int16_t{16}));
    CHECK(out.get("A.B.int32") == value(32));
    CHECK(out.get("A.B.int64") == value(std::int64_t{64}));
    CHECK(out.get("A.B.float32") == value(32.0F));
    CHECK(out.get("A.B.float64") == value(64.0));
    CHECK(out.get("A.B.boolean") == value(true));
    CHECK(out.get("A.B.string") == value("stringy"));
    CHECK(out.get("A.B.bytes") == value(bytes{'b', 'y', 't', 'e', 's'}));
}

TEST_CASE("Flatten flattens nested maps with a delimiter") {
    auto xform = configured(record_part::value, {{"delimiter", "#"}});
    const value_map types{{"int8", std::int8_t{8}},    {"int16", std::int16_t{16}}, {"int32", 32},
                          {"int64", std::int64_t{64}}, {"float32", 32.0F},          {"float64", 64.0},
                          {"boolean", true},           {"string", "stringy"},       {"bytes", bytes{'b'}}};
    auto record = source(nullptr, value_map{{"A", value_map{{"B", types}}}});
    REQUIRE(xform.apply(record));
    CHECK(record.value_schema == nullptr);
    CHECK(record.val.as_map().size() == 9);
    CHECK(entry(record.val, "A#B#int8") == value(std::int8_t{8}));
    CHECK(entry(record.val, "A#B#int64") == value(std::int64_t{64}));
    CHECK(entry(record.val, "A#B#string") == value("stringy"));
    CHECK(entry(record.val, "A#B#bytes") == value(bytes{'b'}));
}

TEST_CASE("Flatten keeps optional and null nested values null") {
    auto xform = configured(record_part::value);
    const schema_ptr inner = schema_builder::struct_().field("opt_int32", schema::optional_int32()).build();
    const schema_ptr outer = schema_builder::struct_().field("B", inner).build();
    auto record = source(outer, struct_value(outer).put("B", struct_value(inner).put("opt_int32", value())));
    REQUIRE(xform.apply(record));
    CHECK(as_struct(record.val).get("B.opt_int32").is_null());

    const schema_ptr optional_inner =
        schema_builder::struct_().optional().field("opt_int32", schema::optional_int32()).build();
    const schema_ptr outer2 = schema_builder::struct_().field("B", optional_inner).build();
    auto nested_null = source(outer2, struct_value(outer2).put("B", value()));
    REQUIRE(xform.apply(nested_null));
    CHECK(as_struct(nested_null.val).get("B.opt_int32").is_null());

    auto map_record = source(nullptr, value_map{{"B", value_map{{"opt_int32", value()}}}});
    REQUIRE(xform.apply(map_record));
    CHECK(has_entry(map_record.val, "B.opt_int32"));
    CHECK(entry(map_record.val, "B.opt_int32").is_null());
}

TEST_CASE("Flatten passes tombstones through") {
    auto xform = configured(record_part::value);
    const schema_ptr optional_struct =
        schema_builder::struct_().optional().field("opt_int32", schema::optional_int32()).build();
    auto with_schema = source(optional_struct, value());
    REQUIRE(xform.apply(with_schema));
    CHECK(with_schema.val.is_null());
    CHECK(schemas_equal(with_schema.value_schema, optional_struct));

    auto schemaless = source(nullptr, value());
    REQUIRE(xform.apply(schemaless));
    CHECK(schemaless.val.is_null());
    CHECK(schemaless.value_schema == nullptr);
}

TEST_CASE("Flatten$Key flattens the key") {
    auto xform = configured(record_part::key);
    source_record record({}, {}, "topic", std::nullopt, nullptr, value_map{{"A", value_map{{"B", 12}}}}, nullptr,
                         value());
    REQUIRE(xform.apply(record));
    CHECK(record.key_schema == nullptr);
    CHECK(entry(record.key, "A.B") == value(12));
}

TEST_CASE("Flatten leaves arrays as they are") {
    auto xform = configured(record_part::value);
    const value schemaless = value_map{{"foo", value_array{"bar", value_map{{"baz", value_map{{"lfg", "lfg"}}}}}}};
    auto record = source(nullptr, schemaless);
    REQUIRE(xform.apply(record));
    CHECK(record.val == schemaless);

    const schema_ptr nested = schema_builder::struct_().field("lfg", schema::string()).build();
    const schema_ptr inner = schema_builder::struct_().field("baz", nested).build();
    const schema_ptr outer =
        schema_builder::struct_().field("foo", schema_builder::array(inner).doc("durk").build()).build();
    const value v = struct_value(outer).put(
        "foo", value_array{struct_value(inner).put("baz", struct_value(nested).put("lfg", "lfg"))});
    auto with_schema = source(outer, v);
    REQUIRE(xform.apply(with_schema));
    CHECK(with_schema.val == v);
    CHECK(schemas_equal(with_schema.value_schema, outer));
}

TEST_CASE("Flatten carries optionality and defaults down from parents") {
    auto xform = configured(record_part::value);
    schema_builder builder = schema_builder::struct_().optional();
    builder.field("req_field", schema::string());
    builder.field("opt_field", schema_builder::string().optional().default_value("child_default").build());
    struct_value child_default(builder.build());
    child_default.put("req_field", "req_default");
    builder.default_value(child_default);
    const schema_ptr s = builder.build();
    auto record = source(s, struct_value(s));
    REQUIRE(xform.apply(record));
    const schema& out = *record.value_schema;
    CHECK(out.fields().size() == 2);
    CHECK(schemas_equal(out.get_field("req_field").schema,
                        schema_builder::string().optional().default_value("req_default").build()));
    CHECK(schemas_equal(out.get_field("opt_field").schema,
                        schema_builder::string().optional().default_value("child_default").build()));
}

TEST_CASE("Flatten keeps null fields of maps and structs") {
    auto xform = configured(record_part::value);
    const value_map m{{"firstNull", value()},
                      {"firstNonNull", "nonNull"},
                      {"secondNull", value()},
                      {"secondNonNull", "alsoNonNull"},
                      {"thirdNonNull", value()}};
    auto record = source(nullptr, m);
    REQUIRE(xform.apply(record));
    CHECK(record.val == value(m));  // same entries, same order

    const schema_ptr s = schema_builder::struct_()
                             .field("firstNull", schema::optional_string())
                             .field("firstNonNull", schema::optional_string())
                             .field("secondNull", schema::optional_string())
                             .field("secondNonNull", schema::optional_string())
                             .field("thirdNonNull", schema::optional_string())
                             .build();
    const value v = struct_value(s).put("firstNonNull", "nonNull").put("secondNonNull", "alsoNonNull");
    auto with_schema = source(s, v);
    REQUIRE(xform.apply(with_schema));
    CHECK(with_schema.val == v);
}

TEST_CASE("Flatten refuses maps inside structs") {
    auto xform = configured(record_part::value);
    const schema_ptr s =
        schema_builder::struct_().field("m", schema_builder::map(schema::string(), schema::string()).build()).build();
    auto record = source(s, struct_value(s).put("m", value_map{}));
    CHECK_THROWS_WITH(xform.apply(record),
                      "Flatten transformation does not support MAP for record with schemas (for field m).");
}
