#include "transforms/civil_date.hpp"

namespace copycat::transforms {

std::int64_t days_from_civil(std::int64_t year, std::int64_t month, std::int64_t day) noexcept {
    year += floor_div(month - 1, 12);
    month -= floor_div(month - 1, 12) * 12;
    year -= month <= 2 ? 1 : 0;
    const std::int64_t era = floor_div(year, 400);
    const std::int64_t year_of_era = year - era * 400;
    const std::int64_t day_of_year = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5;
    const std::int64_t day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    return era * 146097 + day_of_era - 719468 + (day - 1);
}

civil_date civil_from_days(std::int64_t days) noexcept {
    days += 719468;
    const std::int64_t era = floor_div(days, 146097);
    const std::int64_t day_of_era = days - era * 146097;
    const std::int64_t year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;
    const std::int64_t day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    const std::int64_t mp = (5 * day_of_year + 2) / 153;
    const auto day = static_cast<int>(day_of_year - (153 * mp + 2) / 5 + 1);
    const auto month = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
    return {year_of_era + era * 400 + (month <= 2 ? 1 : 0), month, day};
}

int day_of_week(std::int64_t days) noexcept {
    return static_cast<int>(days + 4 - floor_div(days + 4, 7) * 7);  // 1970-01-01 was a Thursday
}

std::pair<std::int64_t, int> us_week_of_year(std::int64_t days) noexcept {
    const std::int64_t year = civil_from_days(days).year;
    const std::int64_t next_jan1 = days_from_civil(year + 1, 1, 1);
    const int next_dow = day_of_week(next_jan1);
    if (next_dow != 0 && days >= next_jan1 - next_dow) {
        return {year + 1, 1};
    }
    const std::int64_t jan1 = days_from_civil(year, 1, 1);
    return {year, static_cast<int>((days - jan1 + day_of_week(jan1)) / 7 + 1)};
}

}  // namespace copycat::transforms
