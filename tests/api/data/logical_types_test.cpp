#include <catch2/catch.hpp>

#include <chrono>
#include <iterator>

#include "copycat/data/logical_types.hpp"
#include "copycat/errors.hpp"

using namespace copycat;
using namespace std::chrono;

TEST_CASE("logical types: schemas carry Kafka's names, versions and parameters") {
    const auto d = decimal_schema(4);
    CHECK(d->type() == schema_type::bytes);
    CHECK(d->name() == "org.apache.kafka.connect.data.Decimal");
    CHECK(d->version() == 1);
    CHECK(d->parameters().at("scale") == "4");
    CHECK(decimal_scale(*d) == 4);
    CHECK(decimal_scale(*decimal_schema(-3)) == -3);
    // A parameter added to the Decimal builder (as Debezium adds its precision) comes after "scale".
    const auto with_precision = decimal_builder(2).parameter("connect.decimal.precision", "10").build();
    REQUIRE(with_precision->parameters().size() == 2);
    CHECK(with_precision->parameters().begin()->first == "scale");
    CHECK(std::next(with_precision->parameters().begin())->first == "connect.decimal.precision");
    CHECK(decimal_scale(*with_precision) == 2);
    CHECK_FALSE(date_schema()->has_parameters());
    CHECK_FALSE(timestamp_schema()->has_parameters());

    CHECK(date_schema()->type() == schema_type::int32);
    CHECK(date_schema()->name() == "org.apache.kafka.connect.data.Date");
    CHECK(time_schema()->type() == schema_type::int32);
    CHECK(time_schema()->name() == "org.apache.kafka.connect.data.Time");
    CHECK(timestamp_schema()->type() == schema_type::int64);
    CHECK(timestamp_schema()->name() == "org.apache.kafka.connect.data.Timestamp");
    CHECK(timestamp_schema()->version() == 1);

    CHECK(date_builder().optional().build()->is_optional());
    CHECK(is_logical(*decimal_schema(0)));
    CHECK(is_logical(*time_schema()));
    CHECK_FALSE(is_logical(*schema::int32()));

    CHECK_THROWS_AS(decimal_scale(*schema_builder::bytes().name(std::string(decimal_logical_name)).build()),
                    data_error);
    CHECK_THROWS_AS(decimal_scale(*schema_builder::bytes().parameter("scale", "x").build()), data_error);
    CHECK_THROWS_AS(decimal_scale(*schema_builder::bytes().parameter("scale", "1x").build()), data_error);
}

TEST_CASE("logical types: decimal to and from bytes") {
    const auto s = decimal_schema(2);
    const auto d = decimal::parse("-12345678901234567890.12");
    const bytes raw = decimal_to_bytes(*s, d);
    CHECK(raw == d.unscaled());
    CHECK(decimal_from_bytes(*s, raw) == d);
    CHECK(decimal_from_bytes(*s, bytes{0x01, 0x00}).to_string() == "2.56");
    CHECK_THROWS_AS(decimal_to_bytes(*s, decimal::parse("1.5")), data_error);  // scale 1 != 2
    CHECK_THROWS_AS(decimal_to_bytes(*date_schema(), d), data_error);
    CHECK_THROWS_AS(decimal_from_bytes(*schema::bytes(), raw), data_error);
}

TEST_CASE("logical types: date, time and timestamp conversions") {
    CHECK(date_to_int32(*date_schema(), date(19753)) == 19753);
    CHECK(date_from_int32(*date_schema(), -1) == date(-1));
    CHECK_THROWS_AS(date_to_int32(*time_schema(), date(1)), data_error);

    CHECK(time_to_int32(*time_schema(), time_of_day(1000)) == 1000);
    CHECK(time_from_int32(*time_schema(), 86'399'999) == time_of_day(86'399'999));
    CHECK_THROWS_AS(time_from_int32(*time_schema(), 86'400'000), data_error);
    CHECK_THROWS_AS(time_from_int32(*time_schema(), -1), data_error);
    CHECK_THROWS_AS(time_to_int32(*time_schema(), time_of_day(-5)), data_error);

    CHECK(timestamp_to_int64(*timestamp_schema(), timestamp(std::int64_t{-5})) == -5);
    CHECK(timestamp_from_int64(*timestamp_schema(), 1'706'708'700'250) == timestamp(std::int64_t{1'706'708'700'250}));
    CHECK_THROWS_AS(timestamp_from_int64(*schema::int64(), 1), data_error);
}

TEST_CASE("logical types: generic primitive <-> logical conversion for converters") {
    CHECK(logical_to_primitive(*decimal_schema(1), decimal(15, 1)) == value(bytes{15}));
    CHECK(primitive_to_logical(*decimal_schema(1), bytes{15}) == value(decimal(15, 1)));
    CHECK(logical_to_primitive(*date_schema(), date(3)) == value(3));
    CHECK(primitive_to_logical(*date_schema(), 3) == value(date(3)));
    CHECK(logical_to_primitive(*time_schema(), time_of_day(4)) == value(4));
    CHECK(primitive_to_logical(*time_schema(), 4) == value(time_of_day(4)));
    CHECK(logical_to_primitive(*timestamp_schema(), timestamp(std::int64_t{5})) == value(std::int64_t{5}));
    CHECK(primitive_to_logical(*timestamp_schema(), std::int64_t{5}) == value(timestamp(std::int64_t{5})));

    // Nulls and non-logical schemas pass through.
    CHECK(logical_to_primitive(*date_builder().optional().build(), value()).is_null());
    CHECK(primitive_to_logical(*schema::int32(), 7) == value(7));
    CHECK(logical_to_primitive(*schema::string(), "s") == value("s"));

    // Mismatched primitives are data errors.
    CHECK_THROWS_AS(primitive_to_logical(*date_schema(), std::int64_t{3}), data_error);
    CHECK_THROWS_AS(logical_to_primitive(*date_schema(), 3), data_error);
}

TEST_CASE("temporal types: std::chrono interop") {
    const date d(year_month_day(year(2024), month(1), day(31)));
    CHECK(d.days == 19753);
    CHECK(d.to_year_month_day() == year_month_day(year(2024), month(1), day(31)));
    CHECK(date(sys_days(days(-1))).days == -1);
    CHECK(date(1) < date(2));

    const time_of_day t(hours(13) + minutes(45) + milliseconds(250));
    CHECK(t.millis == 49'500'250);
    CHECK(t.to_duration() == milliseconds(49'500'250));

    const timestamp ts(sys_days(year_month_day(year(2024), month(1), day(31))) + hours(13) + minutes(45));
    CHECK(ts.millis == 1'706'708'700'000);
    CHECK(ts.to_sys_time().time_since_epoch() == milliseconds(1'706'708'700'000));
    // Sub-millisecond precision is floored, also before the epoch.
    CHECK(timestamp(sys_time<microseconds>(microseconds(-1))).millis == -1);
    CHECK(timestamp(sys_time<microseconds>(microseconds(1999))).millis == 1);
}
