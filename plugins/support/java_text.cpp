#include "support/java_text.hpp"

#include <charconv>
#include <cmath>
#include <string_view>
#include <type_traits>
#include <variant>

#include "copycat/data/java_number_text.hpp"
#include "copycat/data/schema.hpp"
#include "copycat/data/struct_value.hpp"

namespace copycat::plugin_support {
namespace {

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
                append_java_double_text(out, x);
            } else if constexpr (std::is_same_v<T, float>) {
                append_java_float_text(out, x);
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
