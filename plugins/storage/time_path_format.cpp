#include "storage/time_path_format.hpp"

#include <chrono>

#include "copycat/errors.hpp"

namespace copycat::storage {
namespace {

constexpr std::string_view numeric_fields = "YyMdDHms";

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

[[noreturn]] void refuse(std::string_view pattern, std::string_view why) {
    throw config_error("Invalid value " + std::string(pattern) + " for configuration path.format: " + std::string(why));
}

std::int64_t floor_div(std::int64_t a, std::int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

}  // namespace

time_path_format::time_path_format(std::string_view pattern) {
    std::size_t i = 0;
    while (i < pattern.size()) {
        const char c = pattern[i];
        if (c == '\'') {
            std::string text;
            ++i;
            if (i < pattern.size() && pattern[i] == '\'') {  // '' outside quotes: one quote
                tokens_.push_back({0, 0, "'"});
                ++i;
                continue;
            }
            bool closed = false;
            while (i < pattern.size()) {
                if (pattern[i] == '\'') {
                    if (i + 1 < pattern.size() && pattern[i + 1] == '\'') {
                        text += '\'';
                        i += 2;
                        continue;
                    }
                    closed = true;
                    ++i;
                    break;
                }
                text += pattern[i++];
            }
            if (!closed) refuse(pattern, "unterminated quote");
            tokens_.push_back({0, 0, std::move(text)});
        } else if (is_letter(c)) {
            if (numeric_fields.find(c) == std::string_view::npos)
                refuse(pattern, std::string("the field letter '") + c + "' is not supported");
            int width = 0;
            while (i < pattern.size() && pattern[i] == c) {
                ++width;
                ++i;
            }
            if (c == 'M' && width > 2) refuse(pattern, "month names (MMM) are not supported: use MM");
            tokens_.push_back({c, width, {}});
        } else {
            tokens_.push_back({0, 0, std::string(1, c)});
            ++i;
        }
    }
    if (tokens_.empty()) refuse(pattern, "the pattern is empty");
}

std::string time_path_format::format(std::int64_t local_ms) const {
    using namespace std::chrono;
    const std::int64_t day_ms = 86'400'000;
    const std::int64_t days_since_epoch = floor_div(local_ms, day_ms);
    const std::int64_t ms_of_day = local_ms - days_since_epoch * day_ms;
    const sys_days day{days(days_since_epoch)};
    const year_month_day ymd{day};
    const auto day_of_year = (day - sys_days{ymd.year() / January / 1}).count() + 1;
    std::string out;
    for (const auto& t : tokens_) {
        if (t.field == 0) {
            out += t.text;
            continue;
        }
        std::int64_t v = 0;
        switch (t.field) {
            case 'Y':
            case 'y':
                v = static_cast<int>(ymd.year());
                if (t.width == 2) v %= 100;  // Joda's two-digit year
                break;
            case 'M':
                v = static_cast<unsigned>(ymd.month());
                break;
            case 'd':
                v = static_cast<unsigned>(ymd.day());
                break;
            case 'D':
                v = day_of_year;
                break;
            case 'H':
                v = ms_of_day / 3'600'000;
                break;
            case 'm':
                v = ms_of_day / 60'000 % 60;
                break;
            case 's':
                v = ms_of_day / 1000 % 60;
                break;
            default:
                break;
        }
        std::string digits = std::to_string(v);
        if (static_cast<int>(digits.size()) < t.width)
            digits.insert(0, static_cast<std::size_t>(t.width) - digits.size(), '0');
        out += digits;
    }
    return out;
}

}  // namespace copycat::storage
