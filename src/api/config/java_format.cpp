#include "api/config/java_format.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>
#include <system_error>

namespace copycat::java {

std::string_view trim(std::string_view s) noexcept {
    auto blank = [](char c) { return static_cast<unsigned char>(c) <= ' '; };
    while (!s.empty() && blank(s.front())) s.remove_prefix(1);
    while (!s.empty() && blank(s.back())) s.remove_suffix(1);
    return s;
}

std::optional<std::int64_t> parse_integer(std::string_view s, std::int64_t min, std::int64_t max) noexcept {
    bool negative = false;
    if (!s.empty() && (s.front() == '+' || s.front() == '-')) {
        negative = s.front() == '-';
        s.remove_prefix(1);
    }
    if (s.empty() || !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        return std::nullopt;
    }
    // Accumulate as a negative number so that the minimum of the range fits.
    std::int64_t acc = 0;
    for (char c : s) {
        int digit = c - '0';
        if (acc < (INT64_MIN + digit) / 10) return std::nullopt;
        acc = acc * 10 - digit;
    }
    if (!negative) {
        if (acc == INT64_MIN) return std::nullopt;
        acc = -acc;
    }
    if (acc < min || acc > max) return std::nullopt;
    return acc;
}

namespace {

bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

// A decimal floating-point literal as Java reads it: digits with at most one '.', at least one
// digit, and an optional exponent with at least one digit.
bool is_decimal_literal(std::string_view s) noexcept {
    std::size_t i = 0;
    std::size_t mantissa_digits = 0;
    while (i < s.size() && is_digit(s[i])) ++i, ++mantissa_digits;
    if (i < s.size() && s[i] == '.') {
        ++i;
        while (i < s.size() && is_digit(s[i])) ++i, ++mantissa_digits;
    }
    if (mantissa_digits == 0) return false;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
        std::size_t exponent_digits = 0;
        while (i < s.size() && is_digit(s[i])) ++i, ++exponent_digits;
        if (exponent_digits == 0) return false;
    }
    return i == s.size();
}

std::optional<double> read(std::string_view s, std::chars_format format) noexcept {
    double out = 0;
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out, format);
    if (ptr != s.data() + s.size()) return std::nullopt;
    if (ec == std::errc::result_out_of_range) {
        // Java rounds to infinity or zero instead of failing; strtod does the same.
        std::string copy(s);
        if (format == std::chars_format::hex) copy.insert(0, "0x");
        return std::strtod(copy.c_str(), nullptr);
    }
    if (ec != std::errc{}) return std::nullopt;
    return out;
}

}  // namespace

std::optional<double> parse_double(std::string_view s) noexcept {
    bool negative = false;
    if (!s.empty() && (s.front() == '+' || s.front() == '-')) {
        negative = s.front() == '-';
        s.remove_prefix(1);
    }
    std::optional<double> magnitude;
    if (s == "NaN") {
        magnitude = std::nan("");
    } else if (s == "Infinity") {
        magnitude = HUGE_VAL;
    } else {
        if (!s.empty() && (s.back() == 'f' || s.back() == 'F' || s.back() == 'd' || s.back() == 'D')) {
            s.remove_suffix(1);
        }
        if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
            auto hex = s.substr(2);
            // Java requires the binary exponent ("0x1.8p1").
            if (hex.find_first_of("pP") == std::string_view::npos) return std::nullopt;
            magnitude = read(hex, std::chars_format::hex);
        } else if (is_decimal_literal(s)) {
            magnitude = read(s, std::chars_format::general);
        }
    }
    if (!magnitude) return std::nullopt;
    return negative ? -*magnitude : *magnitude;
}

bool equals_ignore_case(std::string_view a, std::string_view b) noexcept {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
               return lower(x) == lower(y);
           });
}

std::string to_upper(std::string_view s) {
    std::string out(s);
    for (char& c : out) {
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    }
    return out;
}

std::vector<std::uint32_t> code_points(std::string_view utf8) {
    std::vector<std::uint32_t> out;
    for (std::size_t i = 0; i < utf8.size();) {
        auto b = static_cast<unsigned char>(utf8[i]);
        std::size_t len = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
        if (len == 0 || i + len > utf8.size()) {
            out.push_back(b);
            ++i;
            continue;
        }
        std::uint32_t cp = len == 1 ? b : b & (0xFFu >> (len + 1));
        bool valid = true;
        for (std::size_t k = 1; k < len; ++k) {
            auto cont = static_cast<unsigned char>(utf8[i + k]);
            if ((cont & 0xC0) != 0x80) valid = false;
            cp = (cp << 6) | (cont & 0x3Fu);
        }
        if (!valid) {
            out.push_back(b);
            ++i;
            continue;
        }
        out.push_back(cp);
        i += len;
    }
    return out;
}

namespace {

// String.hashCode over UTF-16 code units.
std::uint32_t string_hash(std::string_view s) {
    std::uint32_t h = 0;
    for (std::uint32_t cp : code_points(s)) {
        if (cp >= 0x10000) {
            std::uint32_t v = cp - 0x10000;
            h = 31 * h + (0xD800 + (v >> 10));
            h = 31 * h + (0xDC00 + (v & 0x3FF));
        } else {
            h = 31 * h + cp;
        }
    }
    return h;
}

}  // namespace

std::vector<std::string> hash_set_order(const std::vector<std::string>& items) {
    std::vector<std::string> unique;
    for (const auto& item : items) {
        if (std::find(unique.begin(), unique.end(), item) == unique.end()) unique.push_back(item);
    }
    // HashMap doubles its table (initially 16) whenever the size exceeds 3/4 of it. Resizing
    // keeps the relative order of the entries of a bucket, so the final order is by bucket of the
    // final table, then by insertion.
    std::size_t capacity = 16;
    while (unique.size() > capacity * 3 / 4) capacity *= 2;
    auto bucket = [capacity](const std::string& s) {
        std::uint32_t h = string_hash(s);
        return (h ^ (h >> 16)) & (capacity - 1);
    };
    std::stable_sort(unique.begin(), unique.end(),
                     [&](const std::string& a, const std::string& b) { return bucket(a) < bucket(b); });
    return unique;
}

}  // namespace copycat::java
