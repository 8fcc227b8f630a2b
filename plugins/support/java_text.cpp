#include "support/java_text.hpp"

#include <charconv>
#include <cmath>
#include <string_view>
#include <type_traits>
#include <variant>

#include "copycat/data/schema.hpp"
#include "copycat/data/struct_value.hpp"

namespace copycat::plugin_support {
namespace {

// Formats the shortest round-trip digits of a finite, non-zero number the way Java does:
// plain notation for magnitudes in [1e-3, 1e7), otherwise "d.dddE<exp>".
template <class Float>
void append_java_floating(std::string& out, Float f) {
    if (std::isnan(f)) {
        out += "NaN";
        return;
    }
    if (std::isinf(f)) {
        out += f < 0 ? "-Infinity" : "Infinity";
        return;
    }
    if (f == 0) {
        out += std::signbit(f) ? "-0.0" : "0.0";
        return;
    }
    char text[64];
    const auto result = std::to_chars(text, text + sizeof text, f, std::chars_format::scientific);
    std::string_view sci(text, static_cast<std::size_t>(result.ptr - text));  // e.g. "-1.2345e+06"
    if (sci.front() == '-') {
        out += '-';
        sci.remove_prefix(1);
    }
    const std::size_t e = sci.find('e');
    std::string digits;
    for (char c : sci.substr(0, e)) {
        if (c != '.') digits += c;
    }
    int exponent = 0;
    std::string_view exp_text = sci.substr(e + 1);
    if (exp_text.front() == '+') exp_text.remove_prefix(1);
    std::from_chars(exp_text.data(), exp_text.data() + exp_text.size(), exponent);

    if (exponent >= 7 || exponent < -3) {
        out += digits[0];
        out += '.';
        out += digits.size() > 1 ? std::string_view(digits).substr(1) : std::string_view("0");
        out += 'E';
        out += std::to_string(exponent);
    } else if (exponent >= 0) {
        const auto int_digits = static_cast<std::size_t>(exponent) + 1;
        if (digits.size() <= int_digits) {
            out += digits;
            out.append(int_digits - digits.size(), '0');
            out += ".0";
        } else {
            out += std::string_view(digits).substr(0, int_digits);
            out += '.';
            out += std::string_view(digits).substr(int_digits);
        }
    } else {
        out += "0.";
        out.append(static_cast<std::size_t>(-exponent - 1), '0');
        out += digits;
    }
}

void append_struct(std::string& out, const struct_value& s) {
    out += "Struct{";
    bool first = true;
    for (const auto& f : s.schema()->fields()) {
        const value& field_value = s.get_without_default(f);
        if (field_value.is_null()) continue;
        if (!first) out += ',';
        first = false;
        out += f.name;
        out += '=';
        append_java_text(out, field_value);
    }
    out += '}';
}

}  // namespace

void append_java_double(std::string& out, double d) { append_java_floating(out, d); }

void append_java_float(std::string& out, float f) { append_java_floating(out, f); }

void append_java_text(std::string& out, const value& v) {
    std::visit(
        [&out, &v](const auto& x) {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, std::string>) {
                out += x;
            } else if constexpr (std::is_same_v<T, std::monostate>) {
                out += "null";
            } else if constexpr (std::is_same_v<T, bool>) {
                out += x ? "true" : "false";
            } else if constexpr (std::is_integral_v<T>) {
                out += std::to_string(x);
            } else if constexpr (std::is_same_v<T, double>) {
                append_java_double(out, x);
            } else if constexpr (std::is_same_v<T, float>) {
                append_java_float(out, x);
            } else if constexpr (std::is_same_v<T, value_array>) {
                out += '[';
                for (std::size_t i = 0; i < x.size(); ++i) {
                    if (i > 0) out += ", ";
                    append_java_text(out, x[i]);
                }
                out += ']';
            } else if constexpr (std::is_same_v<T, value_map>) {
                out += '{';
                for (std::size_t i = 0; i < x.size(); ++i) {
                    if (i > 0) out += ", ";
                    append_java_text(out, x[i].first);
                    out += '=';
                    append_java_text(out, x[i].second);
                }
                out += '}';
            } else if constexpr (std::is_same_v<T, struct_ptr>) {
                append_struct(out, *x);
            } else {
                out += v.to_string();  // bytes, decimal, date, time, timestamp
            }
        },
        v.data());
}

}  // namespace copycat::plugin_support
