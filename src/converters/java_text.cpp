#include "converters/java_text.hpp"

#include <cstdio>

#include "copycat/data/base64.hpp"
#include "copycat/data/java_number_text.hpp"

namespace copycat::converters {
namespace {

constexpr std::int64_t millis_per_day = 86'400'000;

struct civil_time {
    std::int64_t year;
    unsigned month;
    unsigned day;
    unsigned weekday;  // 0 = Sunday
    std::int64_t millis_of_day;
};

// Days since 1970-01-01 -> proleptic Gregorian date (H. Hinnant's civil_from_days), in 64-bit
// arithmetic so that any timestamp is safe.
civil_time to_civil(std::int64_t epoch_ms) {
    std::int64_t days = epoch_ms / millis_per_day;
    std::int64_t ms = epoch_ms % millis_per_day;
    if (ms < 0) {
        ms += millis_per_day;
        --days;
    }
    const std::int64_t z = days + 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const std::int64_t doe = z - era * 146097;
    const std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const std::int64_t mp = (5 * doy + 2) / 153;
    const auto day = static_cast<unsigned>(doy - (153 * mp + 2) / 5 + 1);
    const auto month = static_cast<unsigned>(mp < 10 ? mp + 3 : mp - 9);
    const std::int64_t year = yoe + era * 400 + (month <= 2 ? 1 : 0);
    const std::int64_t weekday = ((days % 7) + 11) % 7;  // 1970-01-01 was a Thursday (4)
    return {year, month, day, static_cast<unsigned>(weekday), ms};
}

std::string format_time_of_day(std::int64_t ms) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%02lld:%02lld:%02lld.%03lld", static_cast<long long>(ms / 3'600'000),
                  static_cast<long long>(ms / 60'000 % 60), static_cast<long long>(ms / 1000 % 60),
                  static_cast<long long>(ms % 1000));
    return buffer;
}

std::string format_ymd(const civil_time& t) {
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%04lld-%02u-%02u", static_cast<long long>(t.year), t.month, t.day);
    return buffer;
}

// java.util.Date.toString() in UTC: "EEE MMM dd HH:mm:ss zzz yyyy".
std::string java_date_text(std::int64_t epoch_ms) {
    static constexpr const char* days[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static constexpr const char* months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                             "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    const civil_time t = to_civil(epoch_ms);
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%s %s %02u %02lld:%02lld:%02lld UTC %lld", days[t.weekday],
                  months[t.month - 1], t.day, static_cast<long long>(t.millis_of_day / 3'600'000),
                  static_cast<long long>(t.millis_of_day / 60'000 % 60),
                  static_cast<long long>(t.millis_of_day / 1000 % 60), static_cast<long long>(t.year));
    return buffer;
}

// Values.dateFormatFor(): the pattern follows the milliseconds, not the logical type.
std::string values_date_text(std::int64_t epoch_ms) {
    const civil_time t = to_civil(epoch_ms);
    if (epoch_ms < millis_per_day) {
        return format_time_of_day(t.millis_of_day) + "Z";
    }
    if (epoch_ms % millis_per_day == 0) {
        return format_ymd(t);
    }
    return format_ymd(t) + "T" + format_time_of_day(t.millis_of_day) + "Z";
}

void append_java_object(std::string& out, const value& v);

void append_java_struct(std::string& out, const struct_value& st) {
    out += "Struct{";
    bool first = true;
    for (const field& f : st.schema()->fields()) {
        const value& fv = st.get_without_default(f);
        if (fv.is_null()) {
            continue;
        }
        if (!first) {
            out += ',';
        }
        first = false;
        out += f.name;
        out += '=';
        append_java_object(out, fv);
    }
    out += '}';
}

void append_java_object(std::string& out, const value& v) {
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
            append_java_float_text(out, v.as_float32());
            return;
        case value_kind::float64:
            append_java_double_text(out, v.as_float64());
            return;
        case value_kind::string:
            out += v.as_string();
            return;
        case value_kind::bytes:
            append_base64(out, v.as_bytes());
            return;
        case value_kind::array: {
            out += '[';
            bool first = true;
            for (const value& e : v.as_array()) {
                out += first ? "" : ", ";
                first = false;
                append_java_object(out, e);
            }
            out += ']';
            return;
        }
        case value_kind::map: {
            out += '{';
            bool first = true;
            for (const auto& [k, item] : v.as_map()) {
                out += first ? "" : ", ";
                first = false;
                append_java_object(out, k);
                out += '=';
                append_java_object(out, item);
            }
            out += '}';
            return;
        }
        case value_kind::struct_:
            append_java_struct(out, v.as_struct());
            return;
        case value_kind::decimal:
            out += java_decimal_text(v.as_decimal());
            return;
        case value_kind::date:
        case value_kind::time:
        case value_kind::timestamp:
            out += java_date_text(epoch_millis(v));
            return;
    }
}

void append_escaped(std::string& out, std::string_view s) {
    for (const char c : s) {
        if (c == '\\' || c == '"') {
            out += '\\';
        }
        out += c;
    }
}

void append_values(std::string& out, const value& v, bool embedded) {
    switch (v.kind()) {
        case value_kind::string:
            if (embedded) {
                out += '"';
                append_escaped(out, v.as_string());
                out += '"';
            } else {
                out += v.as_string();
            }
            return;
        case value_kind::bytes:
            if (embedded) out += '"';
            append_base64(out, v.as_bytes());
            if (embedded) out += '"';
            return;
        case value_kind::array: {
            out += '[';
            bool first = true;
            for (const value& e : v.as_array()) {
                if (!first) out += ',';
                first = false;
                append_values(out, e, true);
            }
            out += ']';
            return;
        }
        case value_kind::map: {
            out += '{';
            bool first = true;
            for (const auto& [k, item] : v.as_map()) {
                if (!first) out += ',';
                first = false;
                append_values(out, k, true);
                out += ':';
                append_values(out, item, true);
            }
            out += '}';
            return;
        }
        case value_kind::struct_: {
            const struct_value& st = v.as_struct();
            out += '{';
            bool first = true;
            for (const field& f : st.schema()->fields()) {
                if (!first) out += ',';
                first = false;
                out += '"';
                append_escaped(out, f.name);
                out += "\":";
                append_values(out, st.get(f), true);
            }
            out += '}';
            return;
        }
        case value_kind::date:
        case value_kind::time:
        case value_kind::timestamp:
            out += values_date_text(epoch_millis(v));
            return;
        default:
            append_java_object(out, v);
            return;
    }
}

}  // namespace

std::int64_t epoch_millis(const value& temporal) {
    switch (temporal.kind()) {
        case value_kind::date:
            return std::int64_t{temporal.as_date().days} * millis_per_day;
        case value_kind::time:
            return temporal.as_time().millis;
        case value_kind::timestamp:
            return temporal.as_timestamp().millis;
        default:
            return 0;
    }
}

std::string_view java_class_of(value_kind kind) noexcept {
    switch (kind) {
        case value_kind::null:
            return "null";
        case value_kind::boolean:
            return "class java.lang.Boolean";
        case value_kind::int8:
            return "class java.lang.Byte";
        case value_kind::int16:
            return "class java.lang.Short";
        case value_kind::int32:
            return "class java.lang.Integer";
        case value_kind::int64:
            return "class java.lang.Long";
        case value_kind::float32:
            return "class java.lang.Float";
        case value_kind::float64:
            return "class java.lang.Double";
        case value_kind::string:
            return "class java.lang.String";
        case value_kind::bytes:
            return "class [B";
        case value_kind::array:
            return "class java.util.ArrayList";
        case value_kind::map:
            return "class java.util.HashMap";
        case value_kind::struct_:
            return "class org.apache.kafka.connect.data.Struct";
        case value_kind::decimal:
            return "class java.math.BigDecimal";
        case value_kind::date:
        case value_kind::time:
        case value_kind::timestamp:
            return "class java.util.Date";
    }
    return "class java.lang.Object";
}

std::string java_object_text(const value& v) {
    std::string out;
    append_java_object(out, v);
    return out;
}

std::string values_string_text(const value& v) {
    std::string out;
    append_values(out, v, false);
    return out;
}

}  // namespace copycat::converters
