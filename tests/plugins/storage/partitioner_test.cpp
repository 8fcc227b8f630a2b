// The partitioners' directories: Kafka partition, fields, and time (path.format, duration,
// time zone, timestamp extractors).
#include <catch2/catch.hpp>

#include "copycat/data/schema_builder.hpp"
#include "copycat/data/struct_value.hpp"
#include "copycat/errors.hpp"
#include "storage/partitioner.hpp"
#include "storage/time_path_format.hpp"

using namespace copycat;
using namespace copycat::storage;

namespace {

storage_settings settings_of(std::map<std::string, std::string> props) {
    props.emplace("store.url", "/tmp/unused");
    props.emplace("flush.size", "10");
    return parse_storage_settings(props);
}

sink_record record_with(value v, std::int32_t partition = 0, std::optional<std::int64_t> ts = std::nullopt) {
    return sink_record("t", partition, nullptr, value(), nullptr, std::move(v), 7, ts);
}

// 2026-12-03T17:45:12.345Z
constexpr std::int64_t instant = 1'796'319'912'345;

}  // namespace

TEST_CASE("DefaultPartitioner: one directory per Kafka partition") {
    const auto s = settings_of({});
    const partitioner p(s);
    CHECK(p.encode(record_with(value("x"), 4), 0) == "partition=4");
    CHECK_FALSE(p.record_time(record_with(value("x")), 5).has_value());
}

TEST_CASE("FieldPartitioner: field=value directories from a struct or a map") {
    const auto s = settings_of({{"partitioner.class", "io.confluent.connect.storage.partitioner.FieldPartitioner"},
                                {"partition.field.name", "region, id"}});
    const partitioner p(s);
    const auto schema =
        schema_builder::struct_().field("region", schema::string()).field("id", schema::int32()).build();
    struct_value v(schema);
    v.put("region", value("eu/we\tst")).put("id", value(42));
    CHECK(p.encode(record_with(value(v)), 0) == "region=eu_we_st/id=42");  // no '/' or tab from a value
    CHECK(p.encode(record_with(value(value_map{{value("id"), value(true)}, {value("region"), value("us")}})), 0) ==
          "region=us/id=true");
    CHECK_THROWS_AS(p.encode(record_with(value(value_map{{value("region"), value("us")}})), 0), data_error);
    CHECK_THROWS_AS(p.encode(record_with(value("not a struct")), 0), data_error);
}

TEST_CASE("FieldPartitioner without partition.field.name is a configuration error") {
    CHECK_THROWS_AS(settings_of({{"partitioner.class", "io.copycat.connect.storage.partitioner.FieldPartitioner"}}),
                    config_error);
}

TEST_CASE("TimeBasedPartitioner: path.format of the time floored to partition.duration.ms") {
    const std::map<std::string, std::string> base = {
        {"partitioner.class", "io.copycat.connect.storage.partitioner.TimeBasedPartitioner"},
        {"path.format", "'year'=YYYY/'month'=MM/'day'=dd/'hour'=HH/'minute'=mm"},
        {"partition.duration.ms", "900000"},
        {"locale", "en-US"},
        {"timezone", "UTC"},
        {"timestamp.extractor", "Record"}};
    SECTION("UTC, the Kafka timestamp") {
        const auto s = settings_of(base);
        const partitioner p(s);
        CHECK(p.encode(record_with(value("x"), 0, instant), 0) == "year=2026/month=12/day=03/hour=17/minute=45");
        CHECK_THROWS_AS(p.encode(record_with(value("x")), 0), data_error);  // no timestamp
    }
    SECTION("a fixed offset moves the local time, across midnight too") {
        auto props = base;
        props["timezone"] = "+07:00";
        props["partition.duration.ms"] = "3600000";
        const auto s = settings_of(props);
        const partitioner p(s);
        CHECK(p.encode(record_with(value("x"), 0, instant), 0) == "year=2026/month=12/day=04/hour=00/minute=00");
    }
    SECTION("Wallclock and RecordField extractors") {
        auto props = base;
        props["timestamp.extractor"] = "Wallclock";
        const auto wall = settings_of(props);
        CHECK(partitioner(wall).encode(record_with(value("x")), instant) ==
              "year=2026/month=12/day=03/hour=17/minute=45");
        props["timestamp.extractor"] = "RecordField";
        props["timestamp.field"] = "meta.at";
        const auto field = settings_of(props);
        const partitioner p(field);
        const value nested(value_map{{value("meta"), value(value_map{{value("at"), value(instant)}})}});
        CHECK(p.encode(record_with(nested), 0) == "year=2026/month=12/day=03/hour=17/minute=45");
        CHECK(p.record_time(record_with(nested), 0) == instant);
        CHECK_THROWS_AS(p.encode(record_with(value(value_map{})), 0), data_error);
    }
    SECTION("HourlyPartitioner is a preset") {
        const auto s = settings_of({{"partitioner.class", "io.confluent.connect.storage.partitioner.HourlyPartitioner"},
                                    {"locale", "en"},
                                    {"timezone", "UTC"},
                                    {"timestamp.extractor", "Record"}});
        CHECK(partitioner(s).encode(record_with(value("x"), 0, instant), 0) == "year=2026/month=12/day=03/hour=17");
    }
    SECTION("missing or unusable settings are configuration errors") {
        for (const char* key : {"path.format", "partition.duration.ms", "locale", "timezone"}) {
            auto props = base;
            props.erase(key);
            INFO(key);
            CHECK_THROWS_AS(settings_of(props), config_error);
        }
        auto props = base;
        props["timezone"] = "Europe/Paris";
        CHECK_THROWS_AS(settings_of(props), config_error);
        props = base;
        props["path.format"] = "'year'=YYYY/'month'=MMM";
        CHECK_THROWS_AS(settings_of(props), config_error);
        props = base;
        props["timestamp.extractor"] = "Sundial";
        CHECK_THROWS_AS(settings_of(props), config_error);
    }
}

TEST_CASE("path.format: quotes, two-digit years, day of year, literal characters") {
    CHECK(time_path_format("YY-D/'it''s'/HH:mm:ss").format(instant) == "26-337/it's/17:45:12");
    CHECK(time_path_format("yyyy''MM").format(0) == "1970'01");
    CHECK(time_path_format("YYYY/MM/dd").format(-1) == "1969/12/31");
    CHECK_THROWS_AS(time_path_format("'open"), config_error);
    CHECK_THROWS_AS(time_path_format("EEE"), config_error);
}

TEST_CASE("time zones: UTC names and fixed offsets") {
    CHECK(parse_utc_offset_ms("UTC") == 0);
    CHECK(parse_utc_offset_ms("GMT") == 0);
    CHECK(parse_utc_offset_ms("+02:00") == 7'200'000);
    CHECK(parse_utc_offset_ms("UTC-0530") == -19'800'000);
    CHECK(parse_utc_offset_ms("GMT+5") == 18'000'000);
    CHECK_THROWS_AS(parse_utc_offset_ms("America/New_York"), config_error);
    CHECK_THROWS_AS(parse_utc_offset_ms("+25:00"), config_error);
}
