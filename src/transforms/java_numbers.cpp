#include "transforms/java_numbers.hpp"

#include <charconv>
#include <cmath>
#include <limits>
#include <system_error>

#include "common/strings.hpp"
#include "copycat/data/java_number_text.hpp"
#include "copycat/errors.hpp"
#include "transforms/requirements.hpp"

namespace copycat::transforms {
namespace {

template <class Int>
Int saturating_cast(double d) noexcept {
    if (std::isnan(d)) {
        return 0;
    }
    if (d >= static_cast<double>(std::numeric_limits<Int>::max())) {
        return std::numeric_limits<Int>::max();
    }
    if (d <= static_cast<double>(std::numeric_limits<Int>::min())) {
        return std::numeric_limits<Int>::min();
    }
    return static_cast<Int>(d);
}

// The integer part of plain decimal text, modulo 2^64 (BigInteger.longValue()).
std::int64_t low_bits_of_integer_part(std::string_view plain) {
    bool negative = false;
    std::size_t i = 0;
    if (i < plain.size() && (plain[i] == '-' || plain[i] == '+')) {
        negative = plain[i] == '-';
        ++i;
    }
    std::uint64_t acc = 0;
    for (; i < plain.size() && plain[i] >= '0' && plain[i] <= '9'; ++i) {
        acc = acc * 10U + static_cast<std::uint64_t>(plain[i] - '0');
    }
    if (negative) {
        acc = ~acc + 1U;
    }
    return static_cast<std::int64_t>(acc);
}

template <class Float>
std::optional<Float> parse_floating(std::string_view text) {
    text = trim(text);  // Double.parseDouble trims as String.trim() does
    bool negative = false;
    if (!text.empty() && (text.front() == '+' || text.front() == '-')) {
        negative = text.front() == '-';
        text.remove_prefix(1);
    }
    if (text == "NaN") {
        return std::numeric_limits<Float>::quiet_NaN();
    }
    if (text == "Infinity") {
        return negative ? -std::numeric_limits<Float>::infinity() : std::numeric_limits<Float>::infinity();
    }
    if (!text.empty() && (text.back() == 'd' || text.back() == 'D' || text.back() == 'f' || text.back() == 'F')) {
        text.remove_suffix(1);
    }
    if (text.empty() || text.front() == '+' || text.front() == '-') {
        return std::nullopt;
    }
    Float out{};
    const auto result = std::from_chars(text.data(), text.data() + text.size(), out, std::chars_format::general);
    if (result.ptr != text.data() + text.size() ||
        (result.ec != std::errc() && result.ec != std::errc::result_out_of_range)) {
        return std::nullopt;
    }
    if (result.ec == std::errc::result_out_of_range) {
        // Java rounds overflow to infinity and underflow to zero.
        const bool tiny = text.find_first_of("eE") != std::string_view::npos &&
                          text.find('-', text.find_first_of("eE")) != std::string_view::npos;
        out = tiny ? Float{0} : std::numeric_limits<Float>::infinity();
    }
    return negative ? -out : out;
}

}  // namespace

bool is_java_number(const value& v) noexcept { return v.is_integer() || v.is_floating() || v.is_decimal(); }

std::int64_t java_long_value(const value& v) {
    if (v.is_integer()) {
        return v.to_int64();
    }
    if (v.is_floating()) {
        return saturating_cast<std::int64_t>(v.to_double());
    }
    if (v.is_decimal()) {
        return low_bits_of_integer_part(v.as_decimal().to_string());
    }
    throw data_error("Not a number: " + java_class_text(v));
}

std::int32_t java_int_value(const value& v) {
    if (v.is_floating()) {
        return saturating_cast<std::int32_t>(v.to_double());
    }
    return static_cast<std::int32_t>(java_long_value(v));
}

double java_double_value(const value& v) {
    if (v.is_decimal()) {
        return v.as_decimal().to_double();
    }
    if (v.is_integer() || v.is_floating()) {
        return v.to_double();
    }
    throw data_error("Not a number: " + java_class_text(v));
}

float java_float_value(const value& v) {
    if (v.is_float32()) {
        return v.as_float32();
    }
    if (v.is_decimal()) {
        return java_parse_float(v.as_decimal().to_string()).value_or(0.0F);
    }
    const double d = java_double_value(v);
    if (std::isfinite(d) && std::fabs(d) > static_cast<double>(std::numeric_limits<float>::max())) {
        // Round to nearest like Java's (float) cast: beyond the largest float by more than half
        // an ulp becomes infinity.
        return java_parse_float(java_double_text(d)).value_or(0.0F);
    }
    return static_cast<float>(d);
}

std::optional<std::int64_t> java_parse_integer(std::string_view text, std::int64_t min, std::int64_t max) {
    std::string_view digits = text;
    if (!digits.empty() && digits.front() == '+') {
        digits.remove_prefix(1);
        if (!digits.empty() && digits.front() == '-') {
            return std::nullopt;
        }
    }
    if (digits.empty() || (digits.size() == 1 && digits.front() == '-')) {
        return std::nullopt;
    }
    std::int64_t out = 0;
    const auto result = std::from_chars(digits.data(), digits.data() + digits.size(), out);
    if (result.ec != std::errc() || result.ptr != digits.data() + digits.size() || out < min || out > max) {
        return std::nullopt;
    }
    return out;
}

std::optional<double> java_parse_double(std::string_view text) { return parse_floating<double>(text); }

std::optional<float> java_parse_float(std::string_view text) { return parse_floating<float>(text); }

std::optional<std::int64_t> java_decimal_text_long_value(std::string_view text) {
    const auto d = decimal::try_parse(text);
    if (!d) {
        return std::nullopt;
    }
    return low_bits_of_integer_part(d->to_string());
}

}  // namespace copycat::transforms
