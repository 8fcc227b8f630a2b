#include "converters/values_literals.hpp"

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>

#include "copycat/data/decimal.hpp"
#include "copycat/data/logical_types.hpp"

namespace copycat::converters {
namespace {

constexpr std::int64_t millis_per_day = 86'400'000;

// The decimal digits of the absolute unscaled value of `d` ("156" for 1.56), without sign.
std::string unscaled_digits(const decimal& d) {
    if (d.is_zero()) {
        return "0";
    }
    // Scale 0 prints exactly the unscaled integer, whatever the original scale was.
    std::string text = decimal(bytes_view(d.unscaled()), 0).to_string();
    if (!text.empty() && text.front() == '-') {
        text.erase(0, 1);
    }
    return text;
}

bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

// The value of `n` fixed-width digits at text[pos], or -1.
int digits_at(std::string_view text, std::size_t pos, std::size_t n) noexcept {
    int out = 0;
    for (std::size_t i = pos; i < pos + n; ++i) {
        if (!is_digit(text[i])) {
            return -1;
        }
        out = out * 10 + (text[i] - '0');
    }
    return out;
}

std::optional<std::int64_t> parse_time_of_day(std::string_view t) noexcept {  // "HH:mm:ss.SSSZ"
    if (t.size() != 13 || t[2] != ':' || t[5] != ':' || t[8] != '.' || t[12] != 'Z') {
        return std::nullopt;
    }
    const int h = digits_at(t, 0, 2), m = digits_at(t, 3, 2), s = digits_at(t, 6, 2), ms = digits_at(t, 9, 3);
    if (h < 0 || h > 23 || m < 0 || m > 59 || s < 0 || s > 59 || ms < 0) {
        return std::nullopt;
    }
    return ((std::int64_t{h} * 60 + m) * 60 + s) * 1000 + ms;
}

std::optional<std::int32_t> parse_date(std::string_view t) noexcept {  // "yyyy-MM-dd"
    if (t.size() != 10 || t[4] != '-' || t[7] != '-') {
        return std::nullopt;
    }
    const int y = digits_at(t, 0, 4), m = digits_at(t, 5, 2), d = digits_at(t, 8, 2);
    if (y < 0 || m < 0 || d < 0) {
        return std::nullopt;
    }
    const std::chrono::year_month_day ymd{std::chrono::year(y), std::chrono::month(static_cast<unsigned>(m)),
                                          std::chrono::day(static_cast<unsigned>(d))};
    if (!ymd.ok()) {
        return std::nullopt;
    }
    return static_cast<std::int32_t>(std::chrono::sys_days(ymd).time_since_epoch().count());
}

}  // namespace

parsed parse_as_temporal(std::string_view token) {
    std::string text;
    text.reserve(token.size());
    for (std::size_t i = 0; i < token.size(); ++i) {
        if (token[i] == '\\' && i + 1 < token.size() && token[i + 1] == ':') {
            continue;
        }
        text += token[i];
    }
    if (text.size() == 13) {
        if (const auto ms = parse_time_of_day(text)) {
            return schema_and_value{time_schema(), time_of_day(static_cast<std::int32_t>(*ms))};
        }
    } else if (text.size() == 24) {
        const auto days = text[10] == 'T' ? parse_date(std::string_view(text).substr(0, 10)) : std::nullopt;
        const auto ms = parse_time_of_day(std::string_view(text).substr(11));
        if (days && ms) {
            return schema_and_value{timestamp_schema(), timestamp(std::int64_t{*days} * millis_per_day + *ms)};
        }
    } else if (text.size() == 10) {
        if (const auto days = parse_date(text)) {
            return schema_and_value{date_schema(), date(*days)};
        }
    }
    return std::nullopt;
}

namespace {

// Values.parseAsExactDecimal: an integral value that fits 64 bits, in the smallest integer type.
parsed parse_as_exact_integer(const decimal& d) {
    if (d.is_zero()) {
        return schema_and_value{schema::int8(), std::int8_t{0}};
    }
    std::string digits = unscaled_digits(d);
    const std::int64_t scale = d.scale();
    if (scale > 0) {
        if (scale >= static_cast<std::int64_t>(digits.size()) ||
            digits.find_first_not_of('0', digits.size() - static_cast<std::size_t>(scale)) != std::string::npos) {
            return std::nullopt;  // has a fraction
        }
        digits.resize(digits.size() - static_cast<std::size_t>(scale));
    } else if (static_cast<std::int64_t>(digits.size()) - scale > 19) {
        return std::nullopt;  // beyond 64 bits
    } else {
        digits.append(static_cast<std::size_t>(-scale), '0');
    }
    if (digits.size() > 19) {
        return std::nullopt;
    }
    const std::string text = (d.is_negative() ? "-" : "") + digits;
    errno = 0;
    const long long n = std::strtoll(text.c_str(), nullptr, 10);
    if (errno == ERANGE) {
        return std::nullopt;
    }
    if (n == static_cast<std::int8_t>(n)) {
        return schema_and_value{schema::int8(), static_cast<std::int8_t>(n)};
    }
    if (n == static_cast<std::int16_t>(n)) {
        return schema_and_value{schema::int16(), static_cast<std::int16_t>(n)};
    }
    if (n == static_cast<std::int32_t>(n)) {
        return schema_and_value{schema::int32(), static_cast<std::int32_t>(n)};
    }
    return schema_and_value{schema::int64(), static_cast<std::int64_t>(n)};
}

}  // namespace

parsed parse_as_number(std::string_view token) {
    auto d = decimal::try_parse(token);
    if (!d) {
        return std::nullopt;
    }
    if (auto exact = parse_as_exact_integer(*d)) {
        return exact;
    }
    // Digits and exponent, so that huge scales do not expand into huge text.
    const std::string text =
        (d->is_negative() ? "-" : "") + unscaled_digits(*d) + "e" + std::to_string(-std::int64_t{d->scale()});
    const float f = std::strtof(text.c_str(), nullptr);
    const double dbl = std::strtod(text.c_str(), nullptr);
    if (!std::isinf(f) && d->scale() != 0) {
        return schema_and_value{schema::float32(), f};
    }
    if (!std::isinf(dbl) && d->scale() != 0) {
        return schema_and_value{schema::float64(), dbl};
    }
    return schema_and_value{decimal_schema(d->scale()), std::move(*d)};
}

}  // namespace copycat::converters
