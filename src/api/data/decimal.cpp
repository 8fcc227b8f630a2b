#include "copycat/data/decimal.hpp"

#include <charconv>
#include <cmath>
#include <limits>
#include <string>
#include <system_error>

#include "copycat/errors.hpp"
#include "api/data/magnitude.hpp"

namespace copycat {
namespace {

// m *= 10^count.
void multiply_by_power_of_ten(detail::magnitude& m, std::int64_t count) {
    for (; count >= 9; count -= 9) {
        m.multiply_add(1'000'000'000U, 0);
    }
    for (; count > 0; --count) {
        m.multiply_add(10U, 0);
    }
}

// m /= 10^count; returns false (leaving `m` partly divided) when a non-zero digit would be dropped.
bool divide_by_power_of_ten_exactly(detail::magnitude& m, std::int64_t count) {
    for (; count > 0 && !m.is_zero(); --count) {
        if (m.divide(10U) != 0) {
            return false;
        }
    }
    return true;
}

bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

struct parsed_text {
    bool negative = false;
    std::string digits;  // integer and fraction digits together
    std::int64_t scale = 0;
};

// Grammar of BigDecimal(String): [+-] (digits [. digits?] | . digits) [(e|E) [+-] digits]
std::optional<parsed_text> parse_text(std::string_view text) {
    parsed_text out;
    std::size_t pos = 0;
    if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) {
        out.negative = text[pos] == '-';
        ++pos;
    }
    std::size_t fraction_digits = 0;
    bool seen_point = false;
    for (; pos < text.size(); ++pos) {
        const char c = text[pos];
        if (is_digit(c)) {
            out.digits += c;
            fraction_digits += seen_point ? 1 : 0;
        } else if (c == '.' && !seen_point) {
            seen_point = true;
        } else {
            break;
        }
    }
    if (out.digits.empty()) {
        return std::nullopt;
    }
    std::int64_t exponent = 0;
    if (pos < text.size() && (text[pos] == 'e' || text[pos] == 'E')) {
        ++pos;
        const bool exponent_negative = pos < text.size() && text[pos] == '-';
        if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) {
            ++pos;
        }
        if (pos == text.size()) {
            return std::nullopt;
        }
        for (; pos < text.size() && is_digit(text[pos]); ++pos) {
            exponent = exponent * 10 + (text[pos] - '0');
            if (exponent > std::numeric_limits<std::int32_t>::max() + std::int64_t{1}) {
                return std::nullopt;
            }
        }
        exponent = exponent_negative ? -exponent : exponent;
    }
    if (pos != text.size()) {
        return std::nullopt;
    }
    out.scale = static_cast<std::int64_t>(fraction_digits) - exponent;
    if (out.scale < std::numeric_limits<std::int32_t>::min() || out.scale > std::numeric_limits<std::int32_t>::max()) {
        return std::nullopt;
    }
    return out;
}

}  // namespace

decimal::decimal() : unscaled_{0} {}

decimal::decimal(std::int64_t unscaled, std::int32_t scale) : scale_(scale) {
    bytes raw(8);
    auto bits = static_cast<std::uint64_t>(unscaled);
    for (std::size_t i = 8; i-- > 0;) {
        raw[i] = static_cast<std::uint8_t>(bits & 0xFFU);
        bits >>= 8U;
    }
    unscaled_ = detail::normalize_twos_complement(raw);
}

decimal::decimal(bytes_view unscaled_twos_complement, std::int32_t scale)
    : unscaled_(detail::normalize_twos_complement(unscaled_twos_complement)), scale_(scale) {}

std::optional<decimal> decimal::try_parse(std::string_view text) {
    auto parsed = parse_text(text);
    if (!parsed) {
        return std::nullopt;
    }
    detail::signed_magnitude sm{parsed->negative, detail::magnitude::from_decimal(parsed->digits)};
    decimal d;
    d.unscaled_ = detail::to_twos_complement(sm);
    d.scale_ = static_cast<std::int32_t>(parsed->scale);
    return d;
}

decimal decimal::parse(std::string_view text) {
    auto d = try_parse(text);
    if (!d) {
        throw data_error("Invalid decimal text: \"" + std::string(text) + "\"");
    }
    return *std::move(d);
}

decimal decimal::from_double(double d) {
    if (!std::isfinite(d)) {
        throw data_error("Cannot convert " + std::to_string(d) + " to a decimal");
    }
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, d);
    return parse(std::string_view(buffer, static_cast<std::size_t>(result.ptr - buffer)));
}

std::string decimal::to_string() const {
    const auto sm = detail::from_twos_complement(unscaled_);
    std::string digits = sm.mag.to_decimal();
    std::string out = sm.negative ? "-" : "";
    if (scale_ <= 0) {
        out += digits;
        if (!sm.mag.is_zero()) {
            out.append(static_cast<std::size_t>(-static_cast<std::int64_t>(scale_)), '0');
        }
        return out;
    }
    const auto scale = static_cast<std::size_t>(scale_);
    if (digits.size() > scale) {
        digits.insert(digits.size() - scale, 1, '.');
        return out + digits;
    }
    out += "0.";
    out.append(scale - digits.size(), '0');
    return out + digits;
}

double decimal::to_double() const {
    const auto sm = detail::from_twos_complement(unscaled_);
    const std::string digits = sm.mag.to_decimal();
    const std::string text =
        (sm.negative ? "-" : "") + digits + "e" + std::to_string(-static_cast<std::int64_t>(scale_));
    double out = 0;
    const auto result = std::from_chars(text.data(), text.data() + text.size(), out);
    if (result.ec == std::errc::result_out_of_range) {
        // The number is about 10^(digits - scale): overflow gives infinity, underflow zero.
        const bool huge = static_cast<std::int64_t>(digits.size()) - scale_ > 0;
        out = huge ? std::numeric_limits<double>::infinity() : 0.0;
        out = sm.negative ? -out : out;
    }
    return out;
}

std::optional<std::int64_t> decimal::unscaled_int64() const {
    if (unscaled_.size() > 8) {
        return std::nullopt;
    }
    std::uint64_t bits = is_negative() ? ~std::uint64_t{0} : 0;
    for (const auto byte : unscaled_) {
        bits = (bits << 8U) | byte;
    }
    return static_cast<std::int64_t>(bits);
}

decimal decimal::with_scale(std::int32_t new_scale) const {
    if (new_scale == scale_) {
        return *this;
    }
    auto sm = detail::from_twos_complement(unscaled_);
    const std::int64_t difference = static_cast<std::int64_t>(new_scale) - scale_;
    if (difference > 0) {
        multiply_by_power_of_ten(sm.mag, difference);
    } else if (!divide_by_power_of_ten_exactly(sm.mag, -difference)) {
        throw data_error("Cannot change the scale of " + to_string() + " to " + std::to_string(new_scale) +
                         " without rounding");
    }
    decimal out;
    out.unscaled_ = detail::to_twos_complement(sm);
    out.scale_ = new_scale;
    return out;
}

int decimal::compare(const decimal& other) const {
    const bool negative = is_negative();
    if (negative != other.is_negative()) {
        return negative ? -1 : 1;
    }
    auto a = detail::from_twos_complement(unscaled_);
    auto b = detail::from_twos_complement(other.unscaled_);
    if (scale_ < other.scale_) {
        multiply_by_power_of_ten(a.mag, static_cast<std::int64_t>(other.scale_) - scale_);
    } else if (other.scale_ < scale_) {
        multiply_by_power_of_ten(b.mag, static_cast<std::int64_t>(scale_) - other.scale_);
    }
    const int by_magnitude = detail::compare(a.mag, b.mag);
    return negative ? -by_magnitude : by_magnitude;
}

}  // namespace copycat
