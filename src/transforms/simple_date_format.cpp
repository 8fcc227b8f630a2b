#include "transforms/simple_date_format.hpp"

#include <array>
#include <cctype>
#include <chrono>
#include <stdexcept>

#include "common/strings.hpp"
#include "transforms/civil_date.hpp"

namespace copycat::transforms {
namespace {

constexpr std::string_view pattern_letters = "GyYMLwWDdFEuaHkKhmsSzZX";

constexpr std::array<std::string_view, 12> month_names = {"January",   "February", "March",    "April",
                                                          "May",       "June",     "July",     "August",
                                                          "September", "October",  "November", "December"};
constexpr std::array<std::string_view, 7> day_names = {"Sunday",   "Monday", "Tuesday", "Wednesday",
                                                       "Thursday", "Friday", "Saturday"};

std::string padded(std::int64_t number, int min_digits) {
    std::string digits = std::to_string(number < 0 ? -number : number);
    if (static_cast<int>(digits.size()) < min_digits) {
        digits.insert(0, static_cast<std::size_t>(min_digits) - digits.size(), '0');
    }
    return number < 0 ? "-" + digits : digits;
}

bool is_numeric_field(char letter, int count) noexcept {
    switch (letter) {
        case 'M':
        case 'L':
            return count <= 2;
        case 'G':
        case 'E':
        case 'a':
        case 'z':
        case 'Z':
        case 'X':
            return false;
        default:
            return true;
    }
}

// The index of the longest name (full first, then three-letter) at the start of `text`.
template <std::size_t N>
int match_name(const std::array<std::string_view, N>& names, std::string_view text, std::size_t& length) {
    for (std::size_t i = 0; i < N; ++i) {
        if (istarts_with(text, names[i])) {
            length = names[i].size();
            return static_cast<int>(i);
        }
    }
    for (std::size_t i = 0; i < N; ++i) {
        if (istarts_with(text, names[i].substr(0, 3))) {
            length = 3;
            return static_cast<int>(i);
        }
    }
    return -1;
}

bool read_number(std::string_view text, std::size_t& pos, std::size_t max_digits, std::int64_t& out,
                 std::size_t& digit_count) {
    bool negative = false;
    std::size_t i = pos;
    if (i < text.size() && text[i] == '-') {
        negative = true;
        ++i;
    }
    const std::size_t start = i;
    std::int64_t value = 0;
    while (i < text.size() && i - start < max_digits && text[i] >= '0' && text[i] <= '9' &&
           value < 100'000'000'000'000'000) {
        value = value * 10 + (text[i] - '0');
        ++i;
    }
    if (i == start) {
        return false;
    }
    digit_count = i - start;
    out = negative ? -value : value;
    pos = i;
    return true;
}

// "+hh:mm", "+hhmm" or "+hh" after the sign position; the offset in minutes.
bool read_offset(std::string_view text, std::size_t& pos, std::int64_t& minutes) {
    if (pos >= text.size() || (text[pos] != '+' && text[pos] != '-')) {
        return false;
    }
    const int sign = text[pos] == '-' ? -1 : 1;
    std::size_t i = pos + 1;
    std::int64_t hours = 0;
    std::size_t digits = 0;
    if (!read_number(text, i, 2, hours, digits) || hours < 0) {
        return false;
    }
    std::int64_t mins = 0;
    if (i < text.size() && text[i] == ':') {
        std::size_t j = i + 1;
        if (!read_number(text, j, 2, mins, digits) || digits != 2 || mins < 0) {
            return false;
        }
        i = j;
    } else if (digits == 2 && i + 1 < text.size() && text[i] >= '0' && text[i] <= '9') {
        std::size_t j = i;
        if (read_number(text, j, 2, mins, digits) && digits == 2 && mins >= 0) {
            i = j;
        } else {
            mins = 0;
        }
    }
    minutes = sign * (hours * 60 + mins);
    pos = i;
    return true;
}

bool read_zone(std::string_view text, std::size_t& pos, std::int64_t& offset_minutes) {
    const std::string_view rest = text.substr(pos);
    for (std::string_view name : {"Coordinated Universal Time", "Greenwich Mean Time"}) {
        if (istarts_with(rest, name)) {
            pos += name.size();
            offset_minutes = 0;
            return true;
        }
    }
    for (std::string_view prefix : {"UTC", "GMT", "UT"}) {
        if (istarts_with(rest, prefix)) {
            pos += prefix.size();
            offset_minutes = 0;
            read_offset(text, pos, offset_minutes);
            return true;
        }
    }
    if (!rest.empty() && (rest.front() == 'Z' || rest.front() == 'z')) {
        ++pos;
        offset_minutes = 0;
        return true;
    }
    return read_offset(text, pos, offset_minutes);
}

}  // namespace

struct simple_date_format::parsed_fields {
    std::int64_t year = 1970;
    bool bc = false;
    std::int64_t month = 1;
    std::int64_t day = 1;
    std::optional<std::int64_t> day_of_year;
    std::optional<std::int64_t> hour_of_day;
    std::optional<std::int64_t> hour12;
    bool pm = false;
    std::int64_t minute = 0;
    std::int64_t second = 0;
    std::int64_t millis = 0;
    std::int64_t offset_minutes = 0;
};

simple_date_format::simple_date_format(std::string_view pattern) : pattern_(pattern) {
    std::size_t i = 0;
    auto add_literal = [this](char c) {
        if (elements_.empty() || elements_.back().letter != 0) {
            elements_.push_back({});
        }
        elements_.back().literal.push_back(c);
    };
    while (i < pattern.size()) {
        const char c = pattern[i];
        if (c == '\'') {
            if (i + 1 < pattern.size() && pattern[i + 1] == '\'') {
                add_literal('\'');
                i += 2;
                continue;
            }
            ++i;
            std::string quoted;
            while (true) {
                if (i >= pattern.size()) {
                    throw std::invalid_argument("Unterminated quote");
                }
                if (pattern[i] == '\'') {
                    if (i + 1 < pattern.size() && pattern[i + 1] == '\'') {
                        quoted.push_back('\'');
                        i += 2;
                        continue;
                    }
                    break;
                }
                quoted.push_back(pattern[i++]);
            }
            for (char q : quoted) {
                add_literal(q);
            }
            ++i;
            continue;
        }
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
            if (pattern_letters.find(c) == std::string_view::npos) {
                throw std::invalid_argument(std::string("Illegal pattern character '") + c + "'");
            }
            int count = 0;
            while (i < pattern.size() && pattern[i] == c) {
                ++count;
                ++i;
            }
            if (c == 'X' && count > 3) {
                throw std::invalid_argument("invalid ISO 8601 format: length=" + std::to_string(count));
            }
            elements_.push_back({c, count, {}});
            continue;
        }
        add_literal(c);
        ++i;
    }
}

std::string simple_date_format::format(std::int64_t epoch_millis) const {
    const std::int64_t days = floor_div(epoch_millis, millis_per_day);
    const std::int64_t in_day = epoch_millis - days * millis_per_day;
    const civil_date date = civil_from_days(days);
    const int dow = day_of_week(days);
    const std::int64_t hour = in_day / 3'600'000;
    const std::int64_t year_of_era = date.year > 0 ? date.year : 1 - date.year;
    std::string out;
    for (const element& e : elements_) {
        switch (e.letter) {
            case 0:
                out += e.literal;
                break;
            case 'G':
                out += date.year > 0 ? "AD" : "BC";
                break;
            case 'y':
            case 'Y': {
                const std::int64_t y = e.letter == 'y' ? year_of_era : us_week_of_year(days).first;
                out += e.count == 2 ? padded(y % 100, 2) : padded(y, e.count);
                break;
            }
            case 'M':
            case 'L':
                if (e.count >= 4) {
                    out += month_names[static_cast<std::size_t>(date.month - 1)];
                } else if (e.count == 3) {
                    out += month_names[static_cast<std::size_t>(date.month - 1)].substr(0, 3);
                } else {
                    out += padded(date.month, e.count);
                }
                break;
            case 'w':
                out += padded(us_week_of_year(days).second, e.count);
                break;
            case 'W': {
                const std::int64_t first = days - (date.day - 1);
                out += padded((date.day - 1 + day_of_week(first)) / 7 + 1, e.count);
                break;
            }
            case 'D':
                out += padded(days - days_from_civil(date.year, 1, 1) + 1, e.count);
                break;
            case 'd':
                out += padded(date.day, e.count);
                break;
            case 'F':
                out += padded((date.day - 1) / 7 + 1, e.count);
                break;
            case 'E': {
                const std::string_view name = day_names[static_cast<std::size_t>(dow)];
                out += e.count >= 4 ? name : name.substr(0, 3);
                break;
            }
            case 'u':
                out += padded(dow == 0 ? 7 : dow, e.count);
                break;
            case 'a':
                out += hour < 12 ? "AM" : "PM";
                break;
            case 'H':
                out += padded(hour, e.count);
                break;
            case 'k':
                out += padded(hour == 0 ? 24 : hour, e.count);
                break;
            case 'K':
                out += padded(hour % 12, e.count);
                break;
            case 'h':
                out += padded(hour % 12 == 0 ? 12 : hour % 12, e.count);
                break;
            case 'm':
                out += padded(in_day / 60'000 % 60, e.count);
                break;
            case 's':
                out += padded(in_day / 1000 % 60, e.count);
                break;
            case 'S':
                out += padded(in_day % 1000, e.count);
                break;
            case 'z':
                out += e.count >= 4 ? "Coordinated Universal Time" : "UTC";
                break;
            case 'Z':
                out += "+0000";
                break;
            case 'X':
                out += "Z";
                break;
            default:
                break;
        }
    }
    return out;
}

bool simple_date_format::parse_field(const element& e, bool obey_count, std::string_view text, std::size_t& pos,
                                     parsed_fields& out) const {
    while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t')) {
        ++pos;
    }
    const std::string_view rest = text.substr(pos);
    std::size_t length = 0;
    switch (e.letter) {
        case 'G':
            if (istarts_with(rest, "AD") || istarts_with(rest, "BC")) {
                out.bc = istarts_with(rest, "BC");
                pos += 2;
                return true;
            }
            return false;
        case 'E': {
            if (match_name(day_names, rest, length) < 0) {
                return false;
            }
            pos += length;
            return true;
        }
        case 'a':
            if (istarts_with(rest, "AM") || istarts_with(rest, "PM")) {
                out.pm = istarts_with(rest, "PM");
                pos += 2;
                return true;
            }
            return false;
        case 'z':
        case 'Z':
        case 'X':
            return read_zone(text, pos, out.offset_minutes);
        default:
            break;
    }
    if (!is_numeric_field(e.letter, e.count)) {  // month names
        const int month = match_name(month_names, rest, length);
        if (month < 0) {
            return false;
        }
        out.month = month + 1;
        pos += length;
        return true;
    }
    std::int64_t number = 0;
    std::size_t digits = 0;
    const std::size_t start = pos;
    if (!read_number(text, pos, obey_count ? static_cast<std::size_t>(e.count) : 30, number, digits)) {
        return false;
    }
    switch (e.letter) {
        case 'y':
        case 'Y':
            if (e.count <= 2 && digits == 2 && text[start] != '-') {
                // Two-digit years fall within 80 years before and 20 years after now.
                const auto now = std::chrono::year_month_day(
                    std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now()));
                const std::int64_t century_start = static_cast<int>(now.year()) - 80;
                number += century_start / 100 * 100 + (number < century_start % 100 ? 100 : 0);
            }
            out.year = number;
            break;
        case 'M':
        case 'L':
            out.month = number;
            break;
        case 'd':
            out.day = number;
            break;
        case 'D':
            out.day_of_year = number;
            break;
        case 'H':
            out.hour_of_day = number;
            break;
        case 'k':
            out.hour_of_day = number == 24 ? 0 : number;
            break;
        case 'K':
            out.hour12 = number;
            break;
        case 'h':
            out.hour12 = number == 12 ? 0 : number;
            break;
        case 'm':
            out.minute = number;
            break;
        case 's':
            out.second = number;
            break;
        case 'S':
            out.millis = number;
            break;
        default:
            break;  // w, W, F, u: accepted, not used to resolve the date
    }
    return true;
}

std::optional<std::int64_t> simple_date_format::parse(std::string_view text) const {
    parsed_fields fields;
    std::size_t pos = 0;
    for (std::size_t i = 0; i < elements_.size(); ++i) {
        const element& e = elements_[i];
        if (e.letter == 0) {
            if (text.substr(pos, e.literal.size()) != e.literal) {
                return std::nullopt;
            }
            pos += e.literal.size();
            continue;
        }
        const bool obey_count = i + 1 < elements_.size() && elements_[i + 1].letter != 0;
        if (!parse_field(e, obey_count, text, pos, fields)) {
            return std::nullopt;
        }
    }
    const std::int64_t year = fields.bc ? 1 - fields.year : fields.year;
    const std::int64_t days = fields.day_of_year ? days_from_civil(year, 1, *fields.day_of_year)
                                                 : days_from_civil(year, fields.month, fields.day);
    std::int64_t hour = 0;
    if (fields.hour_of_day) {
        hour = *fields.hour_of_day;
    } else if (fields.hour12) {
        hour = *fields.hour12 + (fields.pm ? 12 : 0);
    }
    return days * millis_per_day + hour * 3'600'000 + fields.minute * 60'000 + fields.second * 1000 + fields.millis -
           fields.offset_minutes * 60'000;
}

}  // namespace copycat::transforms
