#include "api/data/value_text.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <string_view>
#include <type_traits>

#include "copycat/data/base64.hpp"
#include "copycat/data/struct_value.hpp"

namespace copycat::detail {
namespace {

constexpr std::int64_t millis_per_day = 86'400'000;

std::string format_millis_of_day(std::int64_t ms) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%02lld:%02lld:%02lld.%03lld", static_cast<long long>(ms / 3'600'000),
                  static_cast<long long>(ms / 60'000 % 60), static_cast<long long>(ms / 1000 % 60),
                  static_cast<long long>(ms % 1000));
    return buffer;
}

// Shortest text that reads back as the same number.
template <class Float>
std::string format_number(Float f) {
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, f);
    return std::string(buffer, result.ptr);
}

}  // namespace

std::string format_date(date d) {
    const auto ymd = d.to_year_month_day();
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%04d-%02u-%02u", static_cast<int>(ymd.year()),
                  static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()));
    return buffer;
}

std::string format_time(time_of_day t) {
    if (t.millis < 0 || t.millis >= millis_per_day) {
        return "time(" + std::to_string(t.millis) + "ms)";
    }
    return format_millis_of_day(t.millis);
}

std::string format_timestamp(timestamp t) {
    const std::int64_t days = (t.millis >= 0 ? t.millis : t.millis - (millis_per_day - 1)) / millis_per_day;
    const std::int64_t in_day = t.millis - days * millis_per_day;
    return format_date(date(static_cast<std::int32_t>(days))) + "T" + format_millis_of_day(in_day) + "Z";
}

std::string value_to_text(const value& v, bool nested) {
    return std::visit(
        [nested](const auto& x) -> std::string {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, std::monostate>) {
                return "null";
            } else if constexpr (std::is_same_v<T, bool>) {
                return x ? "true" : "false";
            } else if constexpr (std::is_integral_v<T>) {
                return std::to_string(x);
            } else if constexpr (std::is_floating_point_v<T>) {
                return format_number(x);
            } else if constexpr (std::is_same_v<T, std::string>) {
                return nested ? "\"" + x + "\"" : x;
            } else if constexpr (std::is_same_v<T, bytes>) {
                return base64_encode(x);
            } else if constexpr (std::is_same_v<T, value_array>) {
                std::string out = "[";
                for (std::size_t i = 0; i < x.size(); ++i) {
                    out += (i == 0 ? "" : ", ") + value_to_text(x[i], true);
                }
                return out + "]";
            } else if constexpr (std::is_same_v<T, value_map>) {
                std::string out = "{";
                for (std::size_t i = 0; i < x.size(); ++i) {
                    out +=
                        (i == 0 ? "" : ", ") + value_to_text(x[i].first, true) + "=" + value_to_text(x[i].second, true);
                }
                return out + "}";
            } else if constexpr (std::is_same_v<T, struct_ptr>) {
                return x->to_string();
            } else if constexpr (std::is_same_v<T, decimal>) {
                return x.to_string();
            } else if constexpr (std::is_same_v<T, date>) {
                return format_date(x);
            } else if constexpr (std::is_same_v<T, time_of_day>) {
                return format_time(x);
            } else {
                static_assert(std::is_same_v<T, timestamp>);
                return format_timestamp(x);
            }
        },
        v.data());
}

}  // namespace copycat::detail
