#include "storage/record_format.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "copycat/data/base64.hpp"
#include "copycat/data/struct_value.hpp"
#include "copycat/errors.hpp"
#include "support/java_text.hpp"

namespace copycat::storage {
namespace {

void append_json_string(std::string& out, std::string_view s) {
    out += '"';
    for (const char c : s) {
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    char escaped[8];
                    std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(c));
                    out += escaped;
                } else {
                    out += c;
                }
        }
    }
    out += '"';
}

template <class F>
void append_floating(std::string& out, F f) {
    if (std::isnan(f)) {
        out += "\"NaN\"";
    } else if (std::isinf(f)) {
        out += f > 0 ? "\"Infinity\"" : "\"-Infinity\"";
    } else {
        char text[32];
        const auto [end, error] = std::to_chars(text, text + sizeof text, f);
        out.append(text, end);
    }
}

bool string_keys(const value_map& m) {
    for (const auto& [k, v] : m)
        if (!k.is_string()) return false;
    return true;
}

}  // namespace

void append_json(std::string& out, const value& v) {
    switch (v.kind()) {
        case value_kind::null:
            out += "null";
            return;
        case value_kind::boolean:
            out += v.as_bool() ? "true" : "false";
            return;
        case value_kind::int8:
        case value_kind::int16:
        case value_kind::int32:
        case value_kind::int64:
            out += std::to_string(v.to_int64());
            return;
        case value_kind::float32:
            append_floating(out, v.as_float32());
            return;
        case value_kind::float64:
            append_floating(out, v.as_float64());
            return;
        case value_kind::string:
            append_json_string(out, v.as_string());
            return;
        case value_kind::bytes:
            out += '"';
            append_base64(out, v.as_bytes());
            out += '"';
            return;
        case value_kind::array: {
            out += '[';
            bool first = true;
            for (const auto& element : v.as_array()) {
                if (!std::exchange(first, false)) out += ',';
                append_json(out, element);
            }
            out += ']';
            return;
        }
        case value_kind::map: {
            const auto& m = v.as_map();
            const bool object = string_keys(m);
            out += object ? '{' : '[';
            bool first = true;
            for (const auto& [key, entry] : m) {
                if (!std::exchange(first, false)) out += ',';
                if (object) {
                    append_json_string(out, key.as_string());
                    out += ':';
                    append_json(out, entry);
                } else {
                    out += '[';
                    append_json(out, key);
                    out += ',';
                    append_json(out, entry);
                    out += ']';
                }
            }
            out += object ? '}' : ']';
            return;
        }
        case value_kind::struct_: {
            const auto& s = v.as_struct();
            out += '{';
            bool first = true;
            for (const auto& f : s.schema()->fields()) {
                if (!std::exchange(first, false)) out += ',';
                append_json_string(out, f.name);
                out += ':';
                append_json(out, s.get(f));
            }
            out += '}';
            return;
        }
        case value_kind::decimal:
            out += v.as_decimal().to_string();
            return;
        case value_kind::date:
            out += std::to_string(v.as_date().days);
            return;
        case value_kind::time:
            out += std::to_string(v.as_time().millis);
            return;
        case value_kind::timestamp:
            out += std::to_string(v.as_timestamp().millis);
            return;
    }
}

std::string_view file_extension(format_kind format) {
    switch (format) {
        case format_kind::json:
            return ".json";
        case format_kind::bytes:
            return ".bin";
        case format_kind::string:
            return ".txt";
    }
    return ".bin";
}

void append_record_value(format_kind format, std::string& out, const value& v) {
    switch (format) {
        case format_kind::json:
            append_json(out, v);
            break;
        case format_kind::string:
            plugin_support::append_java_text(out, v);
            break;
        case format_kind::bytes:
            if (v.is_bytes()) {
                const auto& b = v.as_bytes();
                out.append(reinterpret_cast<const char*>(b.data()), b.size());
            } else if (v.is_string()) {
                out += v.as_string();
            } else {
                throw data_error("ByteArrayFormat writes bytes or strings, not " +
                                 std::string(value_kind_name(v.kind())) +
                                 " values (use the ByteArrayConverter or StringConverter as value.converter)");
            }
            break;
    }
    out += '\n';
}

}  // namespace copycat::storage
