#include "transforms/cast_value.hpp"

#include <cctype>
#include <limits>

#include "copycat/data/base64.hpp"
#include "common/strings.hpp"
#include "copycat/data/java_number_text.hpp"
#include "copycat/data/logical_types.hpp"
#include "copycat/errors.hpp"
#include "transforms/civil_date.hpp"
#include "transforms/java_numbers.hpp"
#include "transforms/requirements.hpp"
#include "transforms/simple_date_format.hpp"

namespace copycat::transforms {
namespace {

constexpr const char* supported_inputs = "[INT8, INT16, INT32, INT64, FLOAT32, FLOAT64, BOOLEAN, STRING, BYTES]";
constexpr const char* supported_outputs = "[INT8, INT16, INT32, INT64, FLOAT32, FLOAT64, BOOLEAN, STRING]";

std::optional<schema_type> inferred_type(const value& v) {
    switch (v.kind()) {
        case value_kind::boolean:
            return schema_type::boolean;
        case value_kind::int8:
            return schema_type::int8;
        case value_kind::int16:
            return schema_type::int16;
        case value_kind::int32:
            return schema_type::int32;
        case value_kind::int64:
            return schema_type::int64;
        case value_kind::float32:
            return schema_type::float32;
        case value_kind::float64:
            return schema_type::float64;
        case value_kind::string:
            return schema_type::string;
        case value_kind::bytes:
            return schema_type::bytes;
        case value_kind::array:
            return schema_type::array;
        case value_kind::map:
            return schema_type::map;
        case value_kind::struct_:
            return schema_type::struct_;
        default:
            return std::nullopt;
    }
}

bool is_temporal(const value& v) noexcept { return v.is_date() || v.is_time() || v.is_timestamp(); }

std::int64_t temporal_millis(const value& v) {
    if (v.is_date()) {
        return std::int64_t{v.as_date().days} * millis_per_day;
    }
    if (v.is_time()) {
        return v.as_time().millis;
    }
    return v.as_timestamp().millis;
}

// Values.dateFormatFor(date).format(date), in UTC.
std::string date_text(std::int64_t millis) {
    static const simple_date_format time_format("HH:mm:ss.SSS'Z'");
    static const simple_date_format date_format("yyyy-MM-dd");
    static const simple_date_format timestamp_format("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'");
    if (millis < millis_per_day) {
        return time_format.format(millis);
    }
    if (millis % millis_per_day == 0) {
        return date_format.format(millis);
    }
    return timestamp_format.format(millis);
}

// value.toString() of the primitives Cast accepts.
std::string java_text(const value& v) {
    switch (v.kind()) {
        case value_kind::boolean:
            return v.as_bool() ? "true" : "false";
        case value_kind::float32:
            return java_float_text(v.as_float32());
        case value_kind::float64:
            return java_double_text(v.as_float64());
        case value_kind::string:
            return v.as_string();
        case value_kind::decimal:
            return java_decimal_text(v.as_decimal());
        default:
            return v.is_integer() ? std::to_string(v.to_int64()) : v.to_string();
    }
}

[[noreturn]] void out_of_range(const value& v) {
    throw data_error("Value (" + java_text(v) + ") was out of range for requested data type");
}

[[noreturn]] void unexpected_type(const value& v) {
    throw data_error("Unexpected type in Cast transformation: " + java_class_text(v));
}

std::int64_t parse_integer(const value& v, std::int64_t min, std::int64_t max) {
    const auto parsed = java_parse_integer(v.as_string(), min, max);
    if (!parsed) {
        out_of_range(v);
    }
    return *parsed;
}

template <class Int>
value cast_to_integer(const value& v) {
    constexpr std::int64_t min = std::numeric_limits<Int>::min();
    constexpr std::int64_t max = std::numeric_limits<Int>::max();
    if (is_java_number(v)) {
        if constexpr (sizeof(Int) == 8) {
            return java_long_value(v);
        } else {
            return static_cast<Int>(java_int_value(v));
        }
    }
    if (v.is_bool()) {
        return static_cast<Int>(v.as_bool() ? 1 : 0);
    }
    if (v.is_string()) {
        return static_cast<Int>(parse_integer(v, min, max));
    }
    unexpected_type(v);
}

value cast_to_float32(const value& v) {
    if (is_java_number(v)) {
        return java_float_value(v);
    }
    if (v.is_bool()) {
        return v.as_bool() ? 1.0F : 0.0F;
    }
    if (v.is_string()) {
        const auto f = java_parse_float(v.as_string());
        if (!f) {
            out_of_range(v);
        }
        return *f;
    }
    unexpected_type(v);
}

value cast_to_float64(const value& v) {
    if (is_java_number(v)) {
        return java_double_value(v);
    }
    if (v.is_bool()) {
        return v.as_bool() ? 1.0 : 0.0;
    }
    if (v.is_string()) {
        const auto d = java_parse_double(v.as_string());
        if (!d) {
            out_of_range(v);
        }
        return *d;
    }
    unexpected_type(v);
}

value cast_to_boolean(const value& v) {
    if (is_java_number(v)) {
        return java_long_value(v) != 0;
    }
    if (v.is_bool()) {
        return v.as_bool();
    }
    if (v.is_string()) {
        return to_lower(v.as_string()) == "true";
    }
    unexpected_type(v);
}

value cast_to_string(const value& v) {
    if (is_temporal(v)) {
        return date_text(temporal_millis(v));
    }
    if (v.is_bytes()) {
        return base64_encode(v.as_bytes());
    }
    return java_text(v);
}

}  // namespace

std::optional<schema_type> parse_cast_type(std::string_view name) {
    const std::string upper = to_upper(name);
    for (schema_type t : {schema_type::int8, schema_type::int16, schema_type::int32, schema_type::int64,
                          schema_type::float32, schema_type::float64, schema_type::boolean, schema_type::string,
                          schema_type::bytes, schema_type::array, schema_type::map, schema_type::struct_}) {
        if (schema_type_name(t) == upper) {
            return t;
        }
    }
    return std::nullopt;
}

schema_type valid_cast_target(schema_type type) {
    if (!is_primitive(type) || type == schema_type::bytes) {
        throw config_error("Cast transformation does not support casting to " + std::string(schema_type_name(type)) +
                           "; supported types are " + supported_outputs);
    }
    return type;
}

value cast_value(const schema* s, const value& v, schema_type target) {
    if (v.is_null()) {
        return {};
    }
    const std::optional<schema_type> source = s != nullptr ? std::optional(s->type()) : inferred_type(v);
    if (!source) {
        throw data_error("Cast transformation was passed a value of type " + java_class_text(v) +
                         " which is not supported by Connect's data API");
    }
    if (!is_primitive(*source)) {
        throw data_error("Cast transformation does not support casting from " + std::string(schema_type_name(*source)) +
                         "; supported types are " + supported_inputs);
    }
    value input = v;
    if (s != nullptr && s->name() && target != schema_type::string && is_temporal(v)) {
        input = logical_to_primitive(*s, v);
    }
    switch (target) {
        case schema_type::int8:
            return cast_to_integer<std::int8_t>(input);
        case schema_type::int16:
            return cast_to_integer<std::int16_t>(input);
        case schema_type::int32:
            return cast_to_integer<std::int32_t>(input);
        case schema_type::int64:
            return cast_to_integer<std::int64_t>(input);
        case schema_type::float32:
            return cast_to_float32(input);
        case schema_type::float64:
            return cast_to_float64(input);
        case schema_type::boolean:
            return cast_to_boolean(input);
        case schema_type::string:
            return cast_to_string(input);
        default:
            throw data_error(std::string(schema_type_name(target)) + " is not supported in the Cast transformation.");
    }
}

}  // namespace copycat::transforms
