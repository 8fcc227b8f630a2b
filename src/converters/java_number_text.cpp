#include "converters/java_number_text.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string_view>
#include <system_error>

namespace copycat::converters {
namespace {

// A finite, non-zero number as significant digits and a decimal exponent:
// value = 0.d1d2...dn * 10^(exponent + 1), i.e. d1.d2...dn * 10^exponent.
struct decimal_digits {
    bool negative = false;
    char digits[32] = {};
    int count = 0;
    int exponent = 0;
};

// Splits to_chars' scientific output ("-1.2345e+06") into digits and exponent.
decimal_digits split_scientific(std::string_view text) {
    decimal_digits out;
    std::size_t i = 0;
    if (text[i] == '-') {
        out.negative = true;
        ++i;
    }
    for (; i < text.size() && text[i] != 'e'; ++i) {
        if (text[i] != '.' && out.count < static_cast<int>(sizeof out.digits)) {
            out.digits[out.count++] = text[i];
        }
    }
    if (i < text.size()) {
        const char* first = text.data() + i + 1;
        if (*first == '+') {
            ++first;
        }
        std::from_chars(first, text.data() + text.size(), out.exponent);
    }
    while (out.count > 1 && out.digits[out.count - 1] == '0') {
        --out.count;  // "1.0e+20" -> "1"
    }
    return out;
}

// The shortest digits that round-trip, as Java (JDK 19+) selects them: when one digit is
// enough, Java still prefers the closest two-digit decimal if that one is closer to the exact
// value (Double.MIN_VALUE prints 4.9E-324, not 5E-324).
template <class Float>
decimal_digits shortest_digits(Float f) {
    char buffer[64];
    auto r = std::to_chars(buffer, buffer + sizeof buffer, f, std::chars_format::scientific);
    decimal_digits shortest = split_scientific(std::string_view(buffer, static_cast<std::size_t>(r.ptr - buffer)));
    if (shortest.count != 1) {
        return shortest;
    }
    r = std::to_chars(buffer, buffer + sizeof buffer, f, std::chars_format::scientific, 1);
    const std::string_view two(buffer, static_cast<std::size_t>(r.ptr - buffer));
    Float back{};
    const auto parsed = std::from_chars(two.data(), two.data() + two.size(), back);
    if (parsed.ec == std::errc() && back == f) {
        decimal_digits candidate = split_scientific(two);
        if (candidate.count == 2) {
            return candidate;
        }
    }
    return shortest;
}

void append_layout(std::string& out, const decimal_digits& d) {
    if (d.negative) {
        out += '-';
    }
    const std::string_view digits(d.digits, static_cast<std::size_t>(d.count));
    if (d.exponent >= -3 && d.exponent < 7) {
        if (d.exponent >= 0) {
            const auto int_len = static_cast<std::size_t>(d.exponent) + 1;
            if (digits.size() <= int_len) {
                out += digits;
                out.append(int_len - digits.size(), '0');
                out += ".0";
            } else {
                out += digits.substr(0, int_len);
                out += '.';
                out += digits.substr(int_len);
            }
        } else {
            out += "0.";
            out.append(static_cast<std::size_t>(-d.exponent - 1), '0');
            out += digits;
        }
        return;
    }
    out += digits[0];
    out += '.';
    if (digits.size() > 1) {
        out += digits.substr(1);
    } else {
        out += '0';
    }
    out += 'E';
    char exp[16];
    const auto r = std::to_chars(exp, exp + sizeof exp, d.exponent);
    out.append(exp, r.ptr);
}

template <class Float>
void append_java_float(std::string& out, Float f) {
    if (std::isnan(f)) {
        out += "NaN";
    } else if (std::isinf(f)) {
        out += f < 0 ? "-Infinity" : "Infinity";
    } else if (f == 0) {
        out += std::signbit(f) ? "-0.0" : "0.0";
    } else {
        append_layout(out, shortest_digits(f));
    }
}

}  // namespace

void append_java_double_text(std::string& out, double d) { append_java_float(out, d); }
void append_java_float_text(std::string& out, float f) { append_java_float(out, f); }

std::string java_double_text(double d) {
    std::string out;
    append_java_double_text(out, d);
    return out;
}

std::string java_float_text(float f) {
    std::string out;
    append_java_float_text(out, f);
    return out;
}

float java_float_cast(double d) noexcept {
    constexpr double max = std::numeric_limits<float>::max();
    // Halfway between FLT_MAX and the next power of two: from there on, rounding overflows.
    constexpr double overflow = max + 0x1p103;
    if (std::isfinite(d) && std::fabs(d) > max) {
        if (std::fabs(d) < overflow) {
            return std::signbit(d) ? -std::numeric_limits<float>::max() : std::numeric_limits<float>::max();
        }
        return std::signbit(d) ? -std::numeric_limits<float>::infinity() : std::numeric_limits<float>::infinity();
    }
    return static_cast<float>(d);
}

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

std::string java_decimal_text(const decimal& d) {
    const std::string digits = unscaled_digits(d);
    const std::int64_t scale = d.scale();
    const std::int64_t adjusted = -scale + static_cast<std::int64_t>(digits.size()) - 1;
    std::string out;
    if (d.is_negative()) {
        out += '-';
    }
    if (scale >= 0 && adjusted >= -6) {
        const auto n = static_cast<std::int64_t>(digits.size());
        if (scale == 0) {
            out += digits;
        } else if (n > scale) {
            out.append(digits, 0, static_cast<std::size_t>(n - scale));
            out += '.';
            out.append(digits, static_cast<std::size_t>(n - scale), std::string::npos);
        } else {
            out += "0.";
            out.append(static_cast<std::size_t>(scale - n), '0');
            out += digits;
        }
        return out;
    }
    out += digits[0];
    if (digits.size() > 1) {
        out += '.';
        out.append(digits, 1, std::string::npos);
    }
    out += 'E';
    if (adjusted > 0) {
        out += '+';
    }
    out += std::to_string(adjusted);
    return out;
}

}  // namespace copycat::converters
