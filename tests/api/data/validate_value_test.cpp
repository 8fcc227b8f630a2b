#include <catch2/catch.hpp>

#include "copycat/data/logical_types.hpp"
#include "copycat/data/schema_builder.hpp"
#include "copycat/data/struct_value.hpp"
#include "copycat/data/validate_value.hpp"
#include "copycat/errors.hpp"

using namespace copycat;

TEST_CASE("validate_value: primitives accept exactly their alternative") {
    struct row {
        schema_ptr s;
        value good;
    };
    const row rows[] = {
        {schema::int8(), std::int8_t{1}},
        {schema::int16(), std::int16_t{1}},
        {schema::int32(), 1},
        {schema::int64(), std::int64_t{1}},
        {schema::float32(), 1.0f},
        {schema::float64(), 1.0},
        {schema::boolean(), true},
        {schema::string(), "s"},
        {schema::bytes(), bytes{1}},
    };
    for (const auto& r : rows) {
        INFO(r.s->to_string());
        CHECK_NOTHROW(validate_value(*r.s, r.good));
        CHECK(is_valid_value(*r.s, r.good));
        for (const auto& other : rows) {
            if (other.s != r.s) {
                CHECK_THROWS_AS(validate_value(*r.s, other.good), data_error);
            }
        }
        CHECK_THROWS_AS(validate_value(*r.s, value()), data_error);
        CHECK_NOTHROW(validate_value(*schema::of(r.s->type(), true), value()));
        CHECK_THROWS_AS(validate_value(*r.s, value_array{}), data_error);
    }
}

TEST_CASE("validate_value: messages name the field, schema and types") {
    CHECK_THROWS_WITH(validate_value("f", *schema::int32(), "x"),
                      "Invalid value for schema with type INT32: expected int32 but got string for field: \"f\"");
    CHECK_THROWS_WITH(validate_value(*schema::int32(), value()),
                      "Invalid value: null used for required field: \"\", schema type: INT32");
    CHECK_THROWS_WITH(validate_value(*date_schema(), 1),
                      Catch::Contains("\"org.apache.kafka.connect.data.Date\"") && Catch::Contains("expected date"));
}

TEST_CASE("validate_value: logical types need their logical alternative") {
    CHECK_NOTHROW(validate_value(*decimal_schema(2), decimal(100, 2)));
    CHECK_THROWS_AS(validate_value(*decimal_schema(2), bytes{1}), data_error);
    CHECK_NOTHROW(validate_value(*date_schema(), date(1)));
    CHECK_THROWS_AS(validate_value(*date_schema(), 1), data_error);
    CHECK_THROWS_AS(validate_value(*date_schema(), time_of_day(1)), data_error);
    CHECK_NOTHROW(validate_value(*time_schema(), time_of_day(1)));
    CHECK_THROWS_AS(validate_value(*time_schema(), date(1)), data_error);
    CHECK_NOTHROW(validate_value(*timestamp_schema(), timestamp(std::int64_t{1})));
    CHECK_THROWS_AS(validate_value(*timestamp_schema(), std::int64_t{1}), data_error);
    CHECK_NOTHROW(validate_value(*timestamp_builder().optional().build(), value()));

    // Logical values are not valid for the plain primitive schemas.
    CHECK_THROWS_AS(validate_value(*schema::int32(), date(1)), data_error);
    CHECK_THROWS_AS(validate_value(*schema::bytes(), decimal(1)), data_error);

    // Unknown names are just primitives.
    CHECK_NOTHROW(validate_value(*schema_builder::int64().name("io.debezium.time.Timestamp").build(), std::int64_t{1}));
}

TEST_CASE("validate_value: arrays and maps are checked element by element") {
    const auto arr = schema_builder::array(schema::optional_int32()).build();
    CHECK_NOTHROW(validate_value(*arr, value_array{}));
    CHECK_NOTHROW(validate_value(*arr, value_array{1, value(), 3}));
    CHECK_THROWS_AS(validate_value(*arr, value_array{1, "2"}), data_error);

    const auto m = schema_builder::map(schema::string(), schema_builder::array(schema::int64()).build()).build();
    CHECK_NOTHROW(validate_value(*m, value_map{{"a", value_array{std::int64_t{1}}}}));
    CHECK_THROWS_AS(validate_value(*m, value_map{{1, value_array{}}}), data_error);
    CHECK_THROWS_AS(validate_value(*m, value_map{{"a", value_array{1}}}), data_error);
    CHECK_THROWS_AS(validate_value(*m, value_map{{value(), value_array{}}}), data_error);
    CHECK_THROWS_AS(validate_value(*m, value_array{}), data_error);
}

TEST_CASE("validate_value: structs must match the schema structurally and be complete") {
    auto make = [] { return schema_builder::struct_().field("a", schema::int32()).build(); };
    struct_value s(make());
    s.put("a", 1);
    CHECK_NOTHROW(validate_value(*make(), s));  // equal schema, different object
    CHECK_THROWS_AS(validate_value(*schema_builder::struct_().field("b", schema::int32()).build(), s), data_error);
    CHECK_THROWS_AS(validate_value(*make(), struct_value(make())), data_error);  // "a" unset

    const auto arr = schema_builder::array(make()).build();
    CHECK_NOTHROW(validate_value(*arr, value_array{s, s}));
    CHECK_THROWS_AS(validate_value(*arr, value_array{s, struct_value(make())}), data_error);
}
