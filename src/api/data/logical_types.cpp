#include "copycat/data/logical_types.hpp"

#include <charconv>
#include <string>

#include "copycat/errors.hpp"

namespace copycat {
namespace {

constexpr std::int32_t millis_per_day = 86'400'000;

void require_logical(const schema& s, std::string_view logical_name, schema_type type) {
    if (!s.has_name(logical_name) || s.type() != type) {
        throw data_error("Requested conversion of " + std::string(logical_name) +
                         " object but the schema does not match.");
    }
}

}  // namespace

schema_builder decimal_builder(std::int32_t scale) {
    return std::move(schema_builder::bytes()
                         .name(std::string(decimal_logical_name))
                         .parameter(std::string(decimal_scale_parameter), std::to_string(scale))
                         .version(1));
}

schema_ptr decimal_schema(std::int32_t scale) { return decimal_builder(scale).build(); }

schema_builder date_builder() {
    return std::move(schema_builder::int32().name(std::string(date_logical_name)).version(1));
}
schema_ptr date_schema() { return date_builder().build(); }

schema_builder time_builder() {
    return std::move(schema_builder::int32().name(std::string(time_logical_name)).version(1));
}
schema_ptr time_schema() { return time_builder().build(); }

schema_builder timestamp_builder() {
    return std::move(schema_builder::int64().name(std::string(timestamp_logical_name)).version(1));
}
schema_ptr timestamp_schema() { return timestamp_builder().build(); }

std::int32_t decimal_scale(const schema& s) {
    const auto it = s.parameters().find(std::string(decimal_scale_parameter));
    if (it == s.parameters().end()) {
        throw data_error("Invalid Decimal schema: scale parameter not found.");
    }
    std::int32_t scale = 0;
    const auto& text = it->second;
    const auto result = std::from_chars(text.data(), text.data() + text.size(), scale);
    if (result.ec != std::errc() || result.ptr != text.data() + text.size()) {
        throw data_error("Invalid scale parameter found in Decimal schema: " + text);
    }
    return scale;
}

bool is_logical(const schema& s) noexcept {
    return s.has_name(decimal_logical_name) || s.has_name(date_logical_name) || s.has_name(time_logical_name) ||
           s.has_name(timestamp_logical_name);
}

bytes decimal_to_bytes(const schema& s, const decimal& d) {
    require_logical(s, decimal_logical_name, schema_type::bytes);
    if (d.scale() != decimal_scale(s)) {
        throw data_error("Decimal has mismatching scale value for given Decimal schema: " + std::to_string(d.scale()) +
                         " (schema scale " + std::to_string(decimal_scale(s)) + ")");
    }
    return d.unscaled();
}

decimal decimal_from_bytes(const schema& s, bytes_view unscaled) {
    require_logical(s, decimal_logical_name, schema_type::bytes);
    return decimal(unscaled, decimal_scale(s));
}

std::int32_t date_to_int32(const schema& s, date d) {
    require_logical(s, date_logical_name, schema_type::int32);
    return d.days;
}

date date_from_int32(const schema& s, std::int32_t days) {
    require_logical(s, date_logical_name, schema_type::int32);
    return date(days);
}

std::int32_t time_to_int32(const schema& s, time_of_day t) {
    require_logical(s, time_logical_name, schema_type::int32);
    if (t.millis < 0 || t.millis >= millis_per_day) {
        throw data_error("Kafka Connect Time type should not have any date fields set to non-zero values.");
    }
    return t.millis;
}

time_of_day time_from_int32(const schema& s, std::int32_t millis) {
    require_logical(s, time_logical_name, schema_type::int32);
    if (millis < 0 || millis >= millis_per_day) {
        throw data_error("Time values must use number of milliseconds greater than 0 and less than 86400000");
    }
    return time_of_day(millis);
}

std::int64_t timestamp_to_int64(const schema& s, timestamp t) {
    require_logical(s, timestamp_logical_name, schema_type::int64);
    return t.millis;
}

timestamp timestamp_from_int64(const schema& s, std::int64_t millis) {
    require_logical(s, timestamp_logical_name, schema_type::int64);
    return timestamp(millis);
}

value logical_to_primitive(const schema& s, const value& v) {
    if (v.is_null() || !is_logical(s)) {
        return v;
    }
    if (s.has_name(decimal_logical_name)) {
        return decimal_to_bytes(s, v.as_decimal());
    }
    if (s.has_name(date_logical_name)) {
        return date_to_int32(s, v.as_date());
    }
    if (s.has_name(time_logical_name)) {
        return time_to_int32(s, v.as_time());
    }
    return timestamp_to_int64(s, v.as_timestamp());
}

value primitive_to_logical(const schema& s, const value& v) {
    if (v.is_null() || !is_logical(s)) {
        return v;
    }
    if (s.has_name(decimal_logical_name)) {
        return decimal_from_bytes(s, v.as_bytes());
    }
    if (s.has_name(date_logical_name)) {
        return date_from_int32(s, v.as_int32());
    }
    if (s.has_name(time_logical_name)) {
        return time_from_int32(s, v.as_int32());
    }
    return timestamp_from_int64(s, v.as_int64());
}

}  // namespace copycat
