#include "postgres/column_types.hpp"

#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "copycat/data/logical_types.hpp"
#include "copycat/data/schema_builder.hpp"
#include "copycat/errors.hpp"

namespace copycat::postgres {
namespace {

// Type OIDs of the built-in types (PostgreSQL's pg_type.dat; fixed across versions).
constexpr Oid bool_oid = 16;
constexpr Oid bytea_oid = 17;
constexpr Oid int8_oid = 20;
constexpr Oid int2_oid = 21;
constexpr Oid int4_oid = 23;
constexpr Oid float4_oid = 700;
constexpr Oid float8_oid = 701;
constexpr Oid date_oid = 1082;
constexpr Oid time_oid = 1083;
constexpr Oid timestamp_oid = 1114;
constexpr Oid timestamptz_oid = 1184;
constexpr Oid numeric_oid = 1700;

// PostgreSQL's numeric type modifier: ((precision << 16) | scale) + 4 (VARHDRSZ); -1 when unset.
constexpr int varhdrsz = 4;

[[noreturn]] void bad_text(std::string_view what, std::string_view text) {
    throw data_error("Cannot read PostgreSQL " + std::string(what) + " value '" + std::string(text) + "'");
}

template <class Int>
Int parse_int(std::string_view text, std::string_view what) {
    Int out{};
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    if (ec != std::errc() || end != text.data() + text.size()) bad_text(what, text);
    return out;
}

double parse_double(std::string_view text) {
    if (text == "NaN") return std::nan("");
    if (text == "Infinity") return HUGE_VAL;
    if (text == "-Infinity") return -HUGE_VAL;
    double out = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    if (ec != std::errc() || end != text.data() + text.size()) bad_text("floating-point", text);
    return out;
}

// A fixed-width field of digits at text[pos, pos + n).
int digits(std::string_view text, std::size_t pos, std::size_t n, std::string_view what) {
    if (pos + n > text.size()) bad_text(what, text);
    return parse_int<int>(text.substr(pos, n), what);
}

std::int32_t parse_days(std::string_view text) {
    // YYYY-MM-DD (years beyond 9999 have more digits; BC dates are not supported).
    const std::size_t dash = text.find('-');
    if (dash == std::string_view::npos || dash < 4 || text.size() < dash + 6) bad_text("date", text);
    const std::chrono::year_month_day ymd{std::chrono::year(parse_int<int>(text.substr(0, dash), "date")),
                                          std::chrono::month(static_cast<unsigned>(digits(text, dash + 1, 2, "date"))),
                                          std::chrono::day(static_cast<unsigned>(digits(text, dash + 4, 2, "date")))};
    if (!ymd.ok()) bad_text("date", text);
    return static_cast<std::int32_t>(std::chrono::sys_days(ymd).time_since_epoch().count());
}

// HH:MM:SS[.ffffff] -> microseconds since midnight; the rest after the fraction is ignored (the
// "+00" of a timestamptz in UTC).
std::int64_t parse_time_micros(std::string_view text) {
    const std::int64_t h = digits(text, 0, 2, "time");
    const std::int64_t m = digits(text, 3, 2, "time");
    const std::int64_t s = digits(text, 6, 2, "time");
    std::int64_t micros = ((h * 60 + m) * 60 + s) * 1'000'000;
    if (text.size() > 8 && text[8] == '.') {
        std::int64_t scale = 100'000;
        for (std::size_t i = 9; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i, scale /= 10) {
            micros += (text[i] - '0') * scale;
        }
    }
    return micros;
}

std::int64_t floor_div(std::int64_t a, std::int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

std::string two(int v) {
    char out[3] = {static_cast<char>('0' + v / 10), static_cast<char>('0' + v % 10), 0};
    return out;
}

std::string date_text(std::int32_t days) {
    const std::chrono::year_month_day ymd{std::chrono::sys_days(std::chrono::days(days))};
    char out[32];
    std::snprintf(out, sizeof out, "%04d-%02u-%02u", static_cast<int>(ymd.year()), static_cast<unsigned>(ymd.month()),
                  static_cast<unsigned>(ymd.day()));
    return out;
}

std::string time_text(std::int64_t millis_of_day) {
    const auto ms = static_cast<int>(millis_of_day % 1000);
    const auto secs = static_cast<int>(millis_of_day / 1000);
    char frac[8];
    std::snprintf(frac, sizeof frac, ".%03d", ms);
    return two(secs / 3600) + ":" + two(secs / 60 % 60) + ":" + two(secs % 60) + frac;
}

std::string number_text(double d) {
    char out[40];
    const auto [end, ec] = std::to_chars(out, out + sizeof out, d);
    return std::string(out, ec == std::errc() ? end : out);
}

}  // namespace

schema_ptr column_schema(Oid type_oid, int modifier, bool optional) {
    auto finish = [optional](schema_builder b) { return optional ? b.optional().build() : b.build(); };
    switch (type_oid) {
        case bool_oid:
            return schema::of(schema_type::boolean, optional);
        case int2_oid:
            return schema::of(schema_type::int16, optional);
        case int4_oid:
            return schema::of(schema_type::int32, optional);
        case int8_oid:
            return schema::of(schema_type::int64, optional);
        case float4_oid:
            return schema::of(schema_type::float32, optional);
        case float8_oid:
            return schema::of(schema_type::float64, optional);
        case bytea_oid:
            return schema::of(schema_type::bytes, optional);
        case date_oid:
            return finish(date_builder());
        case time_oid:
            return finish(time_builder());
        case timestamp_oid:
        case timestamptz_oid:
            return finish(timestamp_builder());
        case numeric_oid:
            if (modifier >= varhdrsz) return finish(decimal_builder((modifier - varhdrsz) & 0xffff));
            return schema::of(schema_type::string, optional);
        default:
            return schema::of(schema_type::string, optional);
    }
}

std::int64_t parse_timestamp_micros(std::string_view text) {
    const std::size_t space = text.find(' ');
    if (space == std::string_view::npos) bad_text("timestamp", text);
    return std::int64_t{parse_days(text.substr(0, space))} * 86'400'000'000 + parse_time_micros(text.substr(space + 1));
}

value column_value(const schema& column, std::string_view text) {
    if (column.has_name(decimal_logical_name)) {
        return decimal::parse(text).with_scale(decimal_scale(column));
    }
    if (column.has_name(date_logical_name)) return date(parse_days(text));
    if (column.has_name(time_logical_name))
        return time_of_day(static_cast<std::int32_t>(parse_time_micros(text) / 1000));
    if (column.has_name(timestamp_logical_name)) return timestamp(floor_div(parse_timestamp_micros(text), 1000));
    switch (column.type()) {
        case schema_type::boolean:
            return text == "t";
        case schema_type::int16:
            return parse_int<std::int16_t>(text, "smallint");
        case schema_type::int32:
            return parse_int<std::int32_t>(text, "integer");
        case schema_type::int64:
            return parse_int<std::int64_t>(text, "bigint");
        case schema_type::float32:
            return static_cast<float>(parse_double(text));
        case schema_type::float64:
            return parse_double(text);
        case schema_type::bytes: {
            // bytea_output=hex (the default since PostgreSQL 9.0): \x followed by hex digits.
            if (text.substr(0, 2) != "\\x" || text.size() % 2 != 0) bad_text("bytea", text);
            bytes out;
            for (std::size_t i = 2; i < text.size(); i += 2) {
                unsigned byte = 0;
                const auto [end, ec] = std::from_chars(text.data() + i, text.data() + i + 2, byte, 16);
                if (ec != std::errc() || end != text.data() + i + 2) bad_text("bytea", text);
                out.push_back(static_cast<std::uint8_t>(byte));
            }
            return out;
        }
        default:
            return std::string(text);
    }
}

std::optional<std::string> parameter_text(const schema& field_schema, const value& v) {
    if (v.is_null()) return std::nullopt;
    switch (v.kind()) {
        case value_kind::boolean:
            return v.as_bool() ? "true" : "false";
        case value_kind::int8:
        case value_kind::int16:
        case value_kind::int32:
        case value_kind::int64:
            return std::to_string(v.to_int64());
        case value_kind::float32:
            return number_text(static_cast<double>(v.as_float32()));
        case value_kind::float64:
            return number_text(v.as_float64());
        case value_kind::string:
            return v.as_string();
        case value_kind::decimal:
            return v.as_decimal().to_string();
        case value_kind::date:
            return date_text(v.as_date().days);
        case value_kind::time:
            return time_text(v.as_time().millis);
        case value_kind::timestamp: {
            const std::int64_t ms = v.as_timestamp().millis;
            return date_text(static_cast<std::int32_t>(floor_div(ms, 86'400'000))) + " " +
                   time_text(ms - floor_div(ms, 86'400'000) * 86'400'000);
        }
        case value_kind::bytes: {
            static constexpr char hex[] = "0123456789abcdef";
            std::string out = "\\x";
            for (auto b : v.as_bytes()) {
                out.push_back(hex[static_cast<std::uint8_t>(b) >> 4]);
                out.push_back(hex[static_cast<std::uint8_t>(b) & 0xf]);
            }
            return out;
        }
        default:
            throw data_error("A " + std::string(value_kind_name(v.kind())) + " value of schema " +
                             field_schema.to_string() + " cannot be written to a PostgreSQL column");
    }
}

std::string column_sql_type(const schema& field_schema) {
    if (field_schema.has_name(decimal_logical_name)) return "DECIMAL";
    if (field_schema.has_name(date_logical_name)) return "DATE";
    if (field_schema.has_name(time_logical_name)) return "TIME";
    if (field_schema.has_name(timestamp_logical_name)) return "TIMESTAMP";
    switch (field_schema.type()) {
        case schema_type::int8:
        case schema_type::int16:
            return "SMALLINT";
        case schema_type::int32:
            return "INT";
        case schema_type::int64:
            return "BIGINT";
        case schema_type::float32:
            return "REAL";
        case schema_type::float64:
            return "DOUBLE PRECISION";
        case schema_type::boolean:
            return "BOOLEAN";
        case schema_type::string:
            return "TEXT";
        case schema_type::bytes:
            return "BYTEA";
        default:
            throw data_error("No PostgreSQL column type for schema " + field_schema.to_string());
    }
}

}  // namespace copycat::postgres
