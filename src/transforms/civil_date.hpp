// Calendar arithmetic on days since 1970-01-01 in the proleptic Gregorian calendar, as the
// date formats and conversions of the transformations need it (all in UTC).
#pragma once

#include <cstdint>
#include <utility>

namespace copycat::transforms {

inline constexpr std::int64_t millis_per_day = 86'400'000;

/// a / b rounded toward negative infinity.
constexpr std::int64_t floor_div(std::int64_t a, std::int64_t b) noexcept {
    return a / b - ((a % b != 0) && ((a < 0) != (b < 0)) ? 1 : 0);
}

/// A calendar date.
struct civil_date {
    std::int64_t year;  // 0 is 1 BC
    int month;          // 1..12
    int day;            // 1..31
};

/// Days since 1970-01-01 of a date; the month and the day may be out of range and roll over
/// (month 13 is January of the next year, day 0 the last day of the previous month).
std::int64_t days_from_civil(std::int64_t year, std::int64_t month, std::int64_t day) noexcept;

/// The date `days` after 1970-01-01.
civil_date civil_from_days(std::int64_t days) noexcept;

/// 0 for Sunday ... 6 for Saturday.
int day_of_week(std::int64_t days) noexcept;

/// The week-based year and week of year of a day under the US rules (weeks start on Sunday,
/// week 1 holds January 1), e.g. 2023-12-31 is week 1 of 2024.
std::pair<std::int64_t, int> us_week_of_year(std::int64_t days) noexcept;

}  // namespace copycat::transforms
