// Values of the temporal logical types (Kafka: java.util.Date used with the Date, Time and
// Timestamp schemas). Each is a small strong type around the primitive Kafka stores, so that
// schemaless code can tell a date from a plain int32. Conversions to and from std::chrono are
// provided; see logical_types.hpp for the schemas.
#pragma once

#include <chrono>
#include <compare>
#include <cstdint>

namespace copycat {

/// A calendar date: days since 1970-01-01 (Kafka logical type Date, stored as INT32).
struct date {
    std::int32_t days = 0;

    constexpr date() = default;
    constexpr explicit date(std::int32_t days_since_epoch) : days(days_since_epoch) {}
    constexpr explicit date(std::chrono::sys_days d) : days(static_cast<std::int32_t>(d.time_since_epoch().count())) {}
    constexpr explicit date(std::chrono::year_month_day ymd) : date(std::chrono::sys_days(ymd)) {}

    constexpr std::chrono::sys_days to_sys_days() const { return std::chrono::sys_days(std::chrono::days(days)); }
    constexpr std::chrono::year_month_day to_year_month_day() const { return {to_sys_days()}; }

    friend constexpr auto operator<=>(const date&, const date&) = default;
};

/// A time of day: milliseconds since midnight, 0 <= millis < 86'400'000 (Kafka logical type
/// Time, stored as INT32).
struct time_of_day {
    std::int32_t millis = 0;

    constexpr time_of_day() = default;
    constexpr explicit time_of_day(std::int32_t millis_since_midnight) : millis(millis_since_midnight) {}
    constexpr explicit time_of_day(std::chrono::milliseconds since_midnight)
        : millis(static_cast<std::int32_t>(since_midnight.count())) {}

    constexpr std::chrono::milliseconds to_duration() const { return std::chrono::milliseconds(millis); }

    friend constexpr auto operator<=>(const time_of_day&, const time_of_day&) = default;
};

/// An instant: milliseconds since 1970-01-01T00:00:00Z (Kafka logical type Timestamp, stored as
/// INT64).
struct timestamp {
    std::int64_t millis = 0;

    constexpr timestamp() = default;
    constexpr explicit timestamp(std::int64_t millis_since_epoch) : millis(millis_since_epoch) {}
    template <class Duration>
    constexpr explicit timestamp(std::chrono::sys_time<Duration> t)
        : millis(std::chrono::floor<std::chrono::milliseconds>(t).time_since_epoch().count()) {}

    constexpr std::chrono::sys_time<std::chrono::milliseconds> to_sys_time() const {
        return std::chrono::sys_time<std::chrono::milliseconds>(std::chrono::milliseconds(millis));
    }

    friend constexpr auto operator<=>(const timestamp&, const timestamp&) = default;
};

}  // namespace copycat
