#include "transforms/literal_value.hpp"

#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "common/strings.hpp"
#include "copycat/data/decimal.hpp"
#include "copycat/data/logical_types.hpp"
#include "copycat/errors.hpp"
#include "transforms/civil_date.hpp"
#include "transforms/java_numbers.hpp"
#include "transforms/simple_date_format.hpp"

namespace copycat::transforms {
namespace {

std::optional<schema_and_value> parse_temporal(std::string_view token) {
    static const simple_date_format time_format("HH:mm:ss.SSS'Z'");
    static const simple_date_format timestamp_format("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'");
    static const simple_date_format date_format("yyyy-MM-dd");
    if (token.size() == 13) {
        if (auto millis = time_format.parse(token)) {
            const auto in_day =
                static_cast<std::int32_t>(*millis - floor_div(*millis, millis_per_day) * millis_per_day);
            return schema_and_value{time_schema(), time_of_day(in_day)};
        }
    } else if (token.size() == 24) {
        if (auto millis = timestamp_format.parse(token)) {
            return schema_and_value{timestamp_schema(), timestamp(*millis)};
        }
    } else if (token.size() == 10) {
        if (auto millis = date_format.parse(token)) {
            return schema_and_value{date_schema(), date(static_cast<std::int32_t>(floor_div(*millis, millis_per_day)))};
        }
    }
    return std::nullopt;
}

std::optional<schema_and_value> parse_number(std::string_view token) {
    const auto d = decimal::try_parse(token);
    if (!d) {
        return std::nullopt;
    }
    std::optional<decimal> integral;
    try {
        integral = d->with_scale(0);
    } catch (const data_error&) {}
    if (integral) {
        if (const auto n = integral->unscaled_int64()) {
            if (*n >= std::numeric_limits<std::int8_t>::min() && *n <= std::numeric_limits<std::int8_t>::max()) {
                return schema_and_value{schema::int8(), static_cast<std::int8_t>(*n)};
            }
            if (*n >= std::numeric_limits<std::int16_t>::min() && *n <= std::numeric_limits<std::int16_t>::max()) {
                return schema_and_value{schema::int16(), static_cast<std::int16_t>(*n)};
            }
            if (*n >= std::numeric_limits<std::int32_t>::min() && *n <= std::numeric_limits<std::int32_t>::max()) {
                return schema_and_value{schema::int32(), static_cast<std::int32_t>(*n)};
            }
            return schema_and_value{schema::int64(), *n};
        }
    }
    if (d->scale() != 0) {
        const auto f = java_parse_float(d->to_string());
        if (f && !std::isinf(*f)) {
            return schema_and_value{schema::float32(), *f};
        }
        const auto dbl = java_parse_double(d->to_string());
        if (dbl && !std::isinf(*dbl)) {
            return schema_and_value{schema::float64(), *dbl};
        }
    }
    return schema_and_value{decimal_schema(d->scale()), *d};
}

}  // namespace

schema_and_value parse_literal_value(std::string_view text) {
    if (text.empty()) {
        return {schema::string(), std::string()};
    }
    const std::string_view token = trim(text);
    if (token == "null") {
        return {};
    }
    if (token == "true" || token == "false") {
        return {schema::boolean(), token == "true"};
    }
    if (!token.empty() && token.front() >= '0' && token.front() <= '9') {
        if (auto temporal = parse_temporal(token)) {
            return *temporal;
        }
    }
    if (!token.empty() &&
        ((token.front() >= '0' && token.front() <= '9') || token.front() == '+' || token.front() == '-')) {
        if (auto number = parse_number(token)) {
            return *number;
        }
    }
    return {schema::string(), std::string(text)};
}

}  // namespace copycat::transforms
