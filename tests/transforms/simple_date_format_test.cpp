// SimpleDateFormat patterns in UTC.
#include <catch2/catch.hpp>

#include <stdexcept>

#include "transforms/simple_date_format.hpp"

using copycat::transforms::simple_date_format;

namespace {

constexpr std::int64_t instant = 1'706'708'700'250;  // 2024-01-31T13:45:00.250Z, a Wednesday

std::string format(const char* pattern, std::int64_t millis = instant) {
    return simple_date_format(pattern).format(millis);
}

std::optional<std::int64_t> parse(const char* pattern, const char* text) {
    return simple_date_format(pattern).parse(text);
}

}  // namespace

TEST_CASE("SimpleDateFormat formats every field") {
    CHECK(format("yyyyMMdd") == "20240131");
    CHECK(format("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'") == "2024-01-31T13:45:00.250Z");
    CHECK(format("yy M d H m s S") == "24 1 31 13 45 0 250");
    CHECK(format("MMM MMMM EEE EEEE") == "Jan January Wed Wednesday");
    CHECK(format("h:mm a K k") == "1:45 PM 1 13");
    CHECK(format("D F u w W G") == "31 5 3 5 5 AD");
    CHECK(format("z zzzz Z X") == "UTC Coordinated Universal Time +0000 Z");
    CHECK(format("'o''clock' ''") == "o'clock '");
    CHECK(format("yyyy MM dd HH mm ss SSS z", 86'401'234) == "1970 01 02 00 00 01 234 UTC");
    CHECK(format("yyyy-MM-dd HH:mm:ss.SSS", -1) == "1969-12-31 23:59:59.999");
    CHECK(format("h a", 0) == "12 AM");
    CHECK(format("k", 0) == "24");
}

TEST_CASE("SimpleDateFormat week fields follow the US rules") {
    // 2023-12-31 is a Sunday: week 1 of week-year 2024.
    CHECK(format("YYYY-ww", 1'703'980'800'000) == "2024-01");
    CHECK(format("yyyy-MM-dd", 1'703'980'800'000) == "2023-12-31");
}

TEST_CASE("SimpleDateFormat parses leniently") {
    CHECK(parse("yyyyMMdd", "20170103") == 1'483'401'600'000);
    CHECK(parse("yyyy MM dd HH mm ss SSS z", "1970 01 02 00 00 01 234 UTC") == 86'401'234);
    CHECK(parse("yyyy-MM-dd'T'HH:mm:ss.SSSX", "2024-01-31T14:45:00.250+01:00") == instant);
    CHECK(parse("yyyy-MM-dd'T'HH:mm:ss.SSSZ", "2024-01-31T08:45:00.250-0500") == instant);
    CHECK(parse("dd MMM yyyy hh:mm:ss.SSS a", "31 jan 2024 01:45:00.250 PM") == instant);
    CHECK(parse("EEE, d MMMM yyyy HH:mm:ss.SSS", "Wed, 31 January 2024 13:45:00.250") == instant);
    CHECK(parse("yyyy-MM-dd", "2023-13-01") == parse("yyyy-MM-dd", "2024-01-01"));  // month 13 rolls over
    CHECK(parse("yyyy-MM-dd", "2024-01-31 trailing text") == parse("yyyy-MM-dd", "2024-01-31"));
    CHECK(parse("yyyy-MM-dd", "2024/01/31") == std::nullopt);
    CHECK(parse("yyyy-MM-dd", "") == std::nullopt);
    CHECK(parse("HH:mm", "ab:cd") == std::nullopt);
}

TEST_CASE("SimpleDateFormat round-trips") {
    const simple_date_format f("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'");
    for (std::int64_t millis :
         {std::int64_t{0}, std::int64_t{-86'400'001}, instant, std::int64_t{253'402'300'799'999}}) {
        CHECK(f.parse(f.format(millis)) == millis);
    }
}

TEST_CASE("SimpleDateFormat rejects bad patterns like Java") {
    CHECK_THROWS_WITH(simple_date_format("bad-format"), "Illegal pattern character 'b'");
    CHECK_THROWS_WITH(simple_date_format("yyyy'T"), "Unterminated quote");
    CHECK_THROWS_AS(simple_date_format("XXXX"), std::invalid_argument);
}
