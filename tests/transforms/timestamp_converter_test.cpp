// TimestampConverter$Key / $Value, ported from Kafka's TimestampConverterTest.
#include <catch2/catch.hpp>

#include "copycat/data.hpp"
#include "transform_test_support.hpp"
#include "transforms/timestamp_converter.hpp"

using namespace copycat;
using namespace copycat::transforms;
using namespace transform_test;

namespace {

constexpr std::int64_t date_plus_time_unix = 86'401'234;  // 1970-01-02T00:00:01.234Z
constexpr std::int64_t date_plus_time_micros = date_plus_time_unix * 1000 + 123;
constexpr std::int64_t date_plus_time_nanos = date_plus_time_micros * 1000 + 456;
constexpr std::int64_t date_plus_time_seconds = 86'401;
const value date_plus_time = timestamp(date_plus_time_unix);
const value date_only = date(1);
const value time_only = time_of_day(1234);
constexpr const char* string_format = "yyyy MM dd HH mm ss SSS z";
constexpr const char* date_plus_time_string = "1970 01 02 00 00 01 234 UTC";

timestamp_converter value_converter(const config_map& configs) {
    timestamp_converter xform(record_part::value);
    xform.configure(configs);
    return xform;
}

source_record converted(const config_map& configs, schema_ptr s, value v) {
    auto xform = value_converter(configs);
    auto record = source(std::move(s), std::move(v));
    const bool kept = xform.apply(record);  // may throw: callers check the exception
    CHECK(kept);
    return record;
}

schema_ptr optional_of(schema_builder b) { return b.optional().build(); }

}  // namespace

TEST_CASE("TimestampConverter validates its configuration") {
    timestamp_converter xform(record_part::value);
    CHECK_THROWS_WITH(xform.configure({}),
                      "Missing required configuration \"target.type\" which has no default value.");
    CHECK_THROWS_WITH(xform.configure({{"target.type", "invalid"}}),
                      "Invalid value invalid for configuration target.type: String must be one of: string, unix, Date, "
                      "Time, Timestamp");
    CHECK_THROWS_AS(xform.configure({{"target.type", "unix"}, {"unix.precision", "invalid"}}), config_error);
    CHECK_NOTHROW(xform.configure({{"target.type", "unix"}, {"unix.precision", "seconds"}}));
    CHECK_THROWS_WITH(xform.configure({{"target.type", "string"}}),
                      "TimestampConverter requires format option to be specified when using string timestamps");
    CHECK_THROWS_WITH(xform.configure({{"target.type", "string"}, {"format", "bad-format"}}),
                      "TimestampConverter requires a SimpleDateFormat-compatible pattern for string timestamps: "
                      "bad-format");
}

TEST_CASE("TimestampConverter converts schemaless timestamps to every type") {
    auto to = [](const char* type) {
        return converted({{"target.type", type}, {"format", string_format}}, nullptr, date_plus_time);
    };
    CHECK(to("Timestamp").val == date_plus_time);
    CHECK(to("Date").val == date_only);
    CHECK(to("Time").val == time_only);
    CHECK(to("unix").val == value(date_plus_time_unix));
    CHECK(to("string").val == value(date_plus_time_string));
    CHECK(to("string").value_schema == nullptr);
}

TEST_CASE("TimestampConverter converts schemaless values to timestamps") {
    const config_map to_timestamp{{"target.type", "Timestamp"}, {"format", string_format}};
    CHECK(converted(to_timestamp, nullptr, date_only).val == value(timestamp(86'400'000)));
    CHECK(converted(to_timestamp, nullptr, time_only).val == value(timestamp(1234)));
    CHECK(converted(to_timestamp, nullptr, date_plus_time_unix).val == date_plus_time);
    CHECK(converted(to_timestamp, nullptr, date_plus_time_string).val == date_plus_time);
    CHECK_THROWS_WITH(converted(to_timestamp, nullptr, 42),
                      "TimestampConverter does not support class java.lang.Integer objects as timestamps");
    CHECK_THROWS_WITH(
        converted(to_timestamp, nullptr, "not a date"),
        "Could not parse timestamp: value (not a date) does not match pattern (yyyy MM dd HH mm ss SSS z)");
}

TEST_CASE("TimestampConverter converts timestamps with a schema") {
    auto to = [](const char* type) {
        return converted({{"target.type", type}, {"format", string_format}}, timestamp_schema(), date_plus_time);
    };
    CHECK(schemas_equal(to("Timestamp").value_schema, timestamp_schema()));
    CHECK(to("Timestamp").val == date_plus_time);
    CHECK(schemas_equal(to("Date").value_schema, date_schema()));
    CHECK(to("Date").val == date_only);
    CHECK(schemas_equal(to("Time").value_schema, time_schema()));
    CHECK(to("Time").val == time_only);
    CHECK(schemas_equal(to("unix").value_schema, schema::int64()));
    CHECK(to("unix").val == value(date_plus_time_unix));
    CHECK(schemas_equal(to("string").value_schema, schema::string()));
    CHECK(to("string").val == value(date_plus_time_string));

    const config_map to_timestamp{{"target.type", "Timestamp"}, {"format", string_format}};
    CHECK(converted(to_timestamp, date_schema(), date_only).val == value(timestamp(86'400'000)));
    CHECK(converted(to_timestamp, time_schema(), time_only).val == value(timestamp(1234)));
    CHECK(converted(to_timestamp, schema::int64(), date_plus_time_unix).val == date_plus_time);
    const auto from_string = converted(to_timestamp, schema::string(), date_plus_time_string);
    CHECK(schemas_equal(from_string.value_schema, timestamp_schema()));
    CHECK(from_string.val == date_plus_time);
}

TEST_CASE("TimestampConverter keeps schemaless nulls null") {
    for (const char* type : {"string", "unix", "Date", "Time", "Timestamp"}) {
        for (const bool with_field : {false, true}) {
            config_map configs{{"target.type", type}, {"format", string_format}};
            if (with_field) {
                configs["field"] = "ts";
            }
            const auto record = converted(configs, nullptr, value());
            CHECK(record.value_schema == nullptr);
            CHECK(record.val.is_null());
        }
    }
}

TEST_CASE("TimestampConverter keeps nulls null with a schema and makes the schema optional") {
    const std::vector<schema_ptr> sources = {schema::optional_int64(), optional_of(time_builder()),
                                             optional_of(date_builder()), schema::optional_string(),
                                             optional_of(timestamp_builder())};
    const std::vector<std::pair<const char*, schema_ptr>> targets = {{"Timestamp", optional_of(timestamp_builder())},
                                                                     {"unix", schema::optional_int64()},
                                                                     {"Time", optional_of(time_builder())},
                                                                     {"Date", optional_of(date_builder())},
                                                                     {"string", schema::optional_string()}};
    for (const auto& [type, expected] : targets) {
        for (const schema_ptr& original : sources) {
            const config_map configs{{"target.type", type}, {"format", string_format}};
            const auto whole = converted(configs, original, value());
            CHECK(schemas_equal(whole.value_schema, expected));
            CHECK(whole.val.is_null());

            config_map field_configs = configs;
            field_configs["field"] = "ts";
            schema_builder struct_schema =
                schema_builder::struct_().field("ts", original).field("other", schema::string());
            schema_builder expected_struct =
                schema_builder::struct_().field("ts", expected).field("other", schema::string());
            const auto field = converted(field_configs, struct_schema.build(),
                                         struct_value(struct_schema.build()).put("other", "test"));
            CHECK(schemas_equal(field.value_schema, expected_struct.build()));
            CHECK(as_struct(field.val).get("ts").is_null());

            const auto null_struct = converted(field_configs, struct_schema.optional().build(), value());
            CHECK(schemas_equal(null_struct.value_schema, expected_struct.optional().build()));
            CHECK(null_struct.val.is_null());
        }
    }
}

TEST_CASE("TimestampConverter converts one field") {
    const auto schemaless =
        converted({{"target.type", "Date"}, {"field", "ts"}}, nullptr, value_map{{"ts", date_plus_time}});
    CHECK(schemaless.val == value(value_map{{"ts", date_only}}));

    const schema_ptr s =
        schema_builder::struct_().field("ts", schema::int64()).field("other", schema::string()).build();
    const auto record = converted({{"target.type", "Timestamp"}, {"field", "ts"}}, s,
                                  struct_value(s).put("ts", date_plus_time_unix).put("other", "test"));
    CHECK(schemas_equal(
        record.value_schema,
        schema_builder::struct_().field("ts", timestamp_schema()).field("other", schema::string()).build()));
    CHECK(as_struct(record.val).get("ts") == date_plus_time);
    CHECK(as_struct(record.val).get("other") == value("test"));
}

TEST_CASE("TimestampConverter honours replace.null.with.default for a field") {
    const schema_ptr s = schema_builder::struct_()
                             .field("ts", schema_builder::int64().optional().default_value(std::int64_t{0}).build())
                             .field("other", schema::string())
                             .build();
    for (const bool replace : {false, true}) {
        const auto record = converted(
            {{"target.type", "Timestamp"}, {"field", "ts"}, {"replace.null.with.default", replace ? "true" : "false"}},
            s, struct_value(s).put("other", "test"));
        CHECK(schemas_equal(record.value_schema->get_field("ts").schema, optional_of(timestamp_builder())));
        CHECK(as_struct(record.val).get("ts") == (replace ? value(timestamp(0)) : value()));
    }
}

TEST_CASE("TimestampConverter reads and writes unix.precision") {
    const schema_ptr s = schema_builder::struct_().field("ts", schema::int64()).build();
    auto from_unix = [&](const char* precision, std::int64_t n) {
        const auto record = converted({{"target.type", "Timestamp"}, {"field", "ts"}, {"unix.precision", precision}}, s,
                                      struct_value(s).put("ts", n));
        return as_struct(record.val).get("ts");
    };
    CHECK(from_unix("microseconds", date_plus_time_micros) == date_plus_time);
    CHECK(from_unix("nanoseconds", date_plus_time_nanos) == date_plus_time);
    CHECK(from_unix("seconds", date_plus_time_seconds) == value(timestamp(86'401'000)));

    auto to_unix = [](const char* precision) {
        return converted({{"target.type", "unix"}, {"unix.precision", precision}, {"format", string_format}}, nullptr,
                         date_plus_time_string)
            .val;
    };
    CHECK(to_unix("microseconds") == value(std::int64_t{86'401'234'000}));
    CHECK(to_unix("nanoseconds") == value(std::int64_t{86'401'234'000'000}));
    CHECK(to_unix("seconds") == value(date_plus_time_seconds));
}

TEST_CASE("TimestampConverter$Key converts the key") {
    timestamp_converter xform(record_part::key);
    xform.configure({{"target.type", "Timestamp"}});
    source_record record({}, {}, "topic", 0, nullptr, date_plus_time, nullptr, value());
    REQUIRE(xform.apply(record));
    CHECK(record.key_schema == nullptr);
    CHECK(record.key == date_plus_time);
}

TEST_CASE("TimestampConverter rejects schemas that hold no timestamp") {
    auto xform = value_converter({{"target.type", "Timestamp"}});
    auto record = source(schema::int32(), 42);
    CHECK_THROWS_WITH(xform.apply(record), "Schema Schema{INT32} does not correspond to a known timestamp type format");
}

TEST_CASE("TimestampConverter converts the default of a struct schema") {
    schema_builder builder = schema_builder::struct_().optional().field("ts", schema::int64());
    builder.default_value(struct_value(builder.build()).put("ts", date_plus_time_unix));
    const schema_ptr s = builder.build();
    const auto record = converted({{"target.type", "Timestamp"}, {"field", "ts"}}, s, value());
    REQUIRE(record.value_schema->default_value().is_struct());
    CHECK(record.value_schema->default_value().as_struct().get("ts") == date_plus_time);
    CHECK(record.value_schema->is_optional());
    CHECK(record.val.is_null());
}
