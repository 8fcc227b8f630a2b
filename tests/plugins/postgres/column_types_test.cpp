// The type mapping of both connectors: PostgreSQL column -> Connect schema and value (source), and
// Connect value -> text parameter and field schema -> column type (sink).
#include <catch2/catch.hpp>

#include "copycat/data/logical_types.hpp"
#include "copycat/errors.hpp"
#include "postgres/column_types.hpp"

using namespace copycat;
using namespace copycat::postgres;

namespace {

// OIDs of pg_type.dat, and numeric(10, 2)'s type modifier.
constexpr Oid int2 = 21, int4 = 23, int8 = 20, text = 25, numeric = 1700, date_oid = 1082, time_oid = 1083,
              timestamp_oid = 1114, timestamptz = 1184, bytea = 17, boolean = 16, float4 = 700, uuid = 2950;
constexpr int numeric_10_2 = ((10 << 16) | 2) + 4;

}  // namespace

TEST_CASE("column types map to Connect schemas as Confluent's JDBC source maps them") {
    CHECK(*column_schema(int2, -1, false) == *schema::int16());
    CHECK(*column_schema(int4, -1, true) == *schema::optional_int32());
    CHECK(*column_schema(int8, -1, false) == *schema::int64());
    CHECK(*column_schema(float4, -1, false) == *schema::float32());
    CHECK(*column_schema(boolean, -1, true) == *schema::optional_boolean());
    CHECK(*column_schema(text, -1, false) == *schema::string());
    CHECK(*column_schema(bytea, -1, true) == *schema::optional_bytes());
    CHECK(*column_schema(uuid, -1, false) == *schema::string());
    CHECK(*column_schema(numeric, numeric_10_2, false) == *decimal_schema(2));
    CHECK(*column_schema(numeric, -1, true) == *schema::optional_string());  // no fixed scale
    CHECK(*column_schema(date_oid, -1, false) == *date_schema());
    CHECK(*column_schema(time_oid, -1, false) == *time_schema());
    CHECK(*column_schema(timestamp_oid, -1, false) == *timestamp_schema());
    CHECK(*column_schema(timestamptz, -1, true) == *timestamp_builder().optional().build());
}

TEST_CASE("text output becomes Connect values") {
    CHECK(column_value(*decimal_schema(2), "12.5") == value(decimal(1250, 2)));
    CHECK(column_value(*date_schema(), "1970-01-02") == value(date(1)));
    CHECK(column_value(*time_schema(), "01:00:00.25") == value(time_of_day(3'600'250)));
    CHECK(column_value(*timestamp_schema(), "1970-01-01 00:00:01.0019") == value(timestamp(1001)));
    CHECK(column_value(*timestamp_schema(), "2024-02-29 12:00:00+00") == value(timestamp(1'709'208'000'000)));
    CHECK(column_value(*timestamp_schema(), "1969-12-31 23:59:59.9995") == value(timestamp(-1)));
    CHECK(column_value(*schema::boolean(), "t") == value(true));
    CHECK(column_value(*schema::int16(), "-7") == value(std::int16_t{-7}));
    CHECK(column_value(*schema::int64(), "9223372036854775807") == value(std::int64_t{9223372036854775807}));
    CHECK(column_value(*schema::float64(), "1.5") == value(1.5));
    CHECK(column_value(*schema::bytes(), "\\xdeadbeef") == value(bytes{0xde, 0xad, 0xbe, 0xef}));
    CHECK(column_value(*schema::string(), "x y") == value("x y"));
    CHECK_THROWS_AS(column_value(*schema::int32(), "12x"), data_error);
    CHECK_THROWS_AS(column_value(*date_schema(), "2024-02-30"), data_error);
    CHECK_THROWS_AS(column_value(*schema::bytes(), "\\xzz"), data_error);
    CHECK(parse_timestamp_micros("2000-01-01 00:00:00.000001") == 946'684'800'000'001);
}

TEST_CASE("values become text parameters that PostgreSQL reads back exactly") {
    CHECK(parameter_text(*schema::int32(), value(42)) == "42");
    CHECK(parameter_text(*schema::float64(), value(0.1)) == "0.1");
    CHECK(parameter_text(*schema::float32(), value(1.5f)) == "1.5");
    CHECK(parameter_text(*schema::boolean(), value(false)) == "false");
    CHECK(parameter_text(*decimal_schema(3), value(decimal(-1234, 3))) == "-1.234");
    CHECK(parameter_text(*date_schema(), value(date(19'782))) == "2024-02-29");
    CHECK(parameter_text(*time_schema(), value(time_of_day(45'296'789))) == "12:34:56.789");
    CHECK(parameter_text(*timestamp_schema(), value(timestamp(1'709'208'000'123))) == "2024-02-29 12:00:00.123");
    CHECK(parameter_text(*timestamp_schema(), value(timestamp(-1))) == "1969-12-31 23:59:59.999");
    CHECK(parameter_text(*schema::bytes(), value(bytes{0x00, 0xff})) == "\\x00ff");
    CHECK(parameter_text(*schema::optional_string(), value()) == std::nullopt);
    CHECK_THROWS_AS(parameter_text(*schema::string(), value(value_array{value(1)})), data_error);
}

TEST_CASE("field schemas become the column types of auto.create") {
    CHECK(column_sql_type(*schema::int8()) == "SMALLINT");
    CHECK(column_sql_type(*schema::int32()) == "INT");
    CHECK(column_sql_type(*schema::int64()) == "BIGINT");
    CHECK(column_sql_type(*schema::float64()) == "DOUBLE PRECISION");
    CHECK(column_sql_type(*schema::string()) == "TEXT");
    CHECK(column_sql_type(*schema::bytes()) == "BYTEA");
    CHECK(column_sql_type(*decimal_schema(2)) == "DECIMAL");
    CHECK(column_sql_type(*date_schema()) == "DATE");
    CHECK(column_sql_type(*timestamp_schema()) == "TIMESTAMP");
    CHECK_THROWS_AS(column_sql_type(*schema_builder::array(schema::int32()).build()), data_error);
}
