#include "transforms/timestamp_translation.hpp"

#include <limits>

#include "copycat/data/logical_types.hpp"
#include "copycat/errors.hpp"
#include "transforms/civil_date.hpp"
#include "transforms/requirements.hpp"

namespace copycat::transforms {
namespace {

// TimeUnit conversions to a finer unit saturate instead of overflowing.
std::int64_t saturating_multiply(std::int64_t v, std::int64_t factor) noexcept {
    if (v > std::numeric_limits<std::int64_t>::max() / factor) {
        return std::numeric_limits<std::int64_t>::max();
    }
    if (v < std::numeric_limits<std::int64_t>::min() / factor) {
        return std::numeric_limits<std::int64_t>::min();
    }
    return v * factor;
}

std::int64_t temporal_millis(const value& v) {
    if (v.is_date()) {
        return std::int64_t{v.as_date().days} * millis_per_day;
    }
    if (v.is_time()) {
        return v.as_time().millis;
    }
    return v.as_timestamp().millis;
}

bool is_temporal(const value& v) noexcept { return v.is_date() || v.is_time() || v.is_timestamp(); }

}  // namespace

std::optional<timestamp_kind> parse_timestamp_kind(std::string_view name) noexcept {
    constexpr std::pair<std::string_view, timestamp_kind> names[] = {{"string", timestamp_kind::string},
                                                                     {"unix", timestamp_kind::unix},
                                                                     {"Date", timestamp_kind::date},
                                                                     {"Time", timestamp_kind::time},
                                                                     {"Timestamp", timestamp_kind::timestamp}};
    for (const auto& [text, kind] : names) {
        if (text == name) {
            return kind;
        }
    }
    return std::nullopt;
}

std::optional<unix_precision> parse_unix_precision(std::string_view name) noexcept {
    constexpr std::pair<std::string_view, unix_precision> names[] = {{"seconds", unix_precision::seconds},
                                                                     {"milliseconds", unix_precision::milliseconds},
                                                                     {"microseconds", unix_precision::microseconds},
                                                                     {"nanoseconds", unix_precision::nanoseconds}};
    for (const auto& [text, precision] : names) {
        if (text == name) {
            return precision;
        }
    }
    return std::nullopt;
}

std::int64_t timestamp_translation::to_millis(timestamp_kind kind, const value& v) const {
    switch (kind) {
        case timestamp_kind::string: {
            if (!v.is_string()) {
                throw data_error("Expected string timestamp to be a String, but found " + java_class_text(v));
            }
            const std::string pattern = format != nullptr ? format->pattern() : "null";
            const auto millis = format != nullptr ? format->parse(v.as_string()) : std::nullopt;
            if (!millis) {
                throw data_error("Could not parse timestamp: value (" + v.as_string() + ") does not match pattern (" +
                                 pattern + ")");
            }
            return *millis;
        }
        case timestamp_kind::unix: {
            if (!v.is_int64()) {
                throw data_error("Expected Unix timestamp to be a Long, but found " + java_class_text(v));
            }
            const std::int64_t n = v.as_int64();
            switch (precision) {
                case unix_precision::seconds:
                    return saturating_multiply(n, 1000);
                case unix_precision::microseconds:
                    return n / 1000;
                case unix_precision::nanoseconds:
                    return n / 1'000'000;
                case unix_precision::milliseconds:
                    return n;
            }
            return n;
        }
        case timestamp_kind::date:
        case timestamp_kind::time:
        case timestamp_kind::timestamp:
            if (!is_temporal(v)) {
                static constexpr std::string_view names[] = {"", "", "Date", "Time", "Timestamp"};
                throw data_error("Expected " + std::string(names[static_cast<int>(kind)]) +
                                 " to be a java.util.Date, but found " + java_class_text(v));
            }
            return temporal_millis(v);
    }
    return 0;
}

value timestamp_translation::from_millis(timestamp_kind kind, std::int64_t millis) const {
    switch (kind) {
        case timestamp_kind::string:
            return format->format(millis);
        case timestamp_kind::unix:
            switch (precision) {
                case unix_precision::seconds:
                    return millis / 1000;
                case unix_precision::microseconds:
                    return saturating_multiply(millis, 1000);
                case unix_precision::nanoseconds:
                    return saturating_multiply(millis, 1'000'000);
                case unix_precision::milliseconds:
                    return millis;
            }
            return millis;
        case timestamp_kind::date:
            return date(static_cast<std::int32_t>(floor_div(millis, millis_per_day)));
        case timestamp_kind::time:
            return time_of_day(static_cast<std::int32_t>(millis - floor_div(millis, millis_per_day) * millis_per_day));
        case timestamp_kind::timestamp:
            return timestamp(millis);
    }
    return {};
}

schema_ptr timestamp_kind_schema(timestamp_kind kind, bool optional) {
    static const schema_ptr optional_date = date_builder().optional().build();
    static const schema_ptr optional_time = time_builder().optional().build();
    static const schema_ptr optional_timestamp = timestamp_builder().optional().build();
    switch (kind) {
        case timestamp_kind::string:
            return optional ? schema::optional_string() : schema::string();
        case timestamp_kind::unix:
            return optional ? schema::optional_int64() : schema::int64();
        case timestamp_kind::date:
            return optional ? optional_date : date_schema();
        case timestamp_kind::time:
            return optional ? optional_time : time_schema();
        case timestamp_kind::timestamp:
            return optional ? optional_timestamp : timestamp_schema();
    }
    return nullptr;
}

timestamp_kind timestamp_kind_of(const schema& s) {
    if (s.has_name(timestamp_logical_name)) {
        return timestamp_kind::timestamp;
    }
    if (s.has_name(date_logical_name)) {
        return timestamp_kind::date;
    }
    if (s.has_name(time_logical_name)) {
        return timestamp_kind::time;
    }
    if (s.type() == schema_type::string) {
        return timestamp_kind::string;
    }
    if (s.type() == schema_type::int64) {
        return timestamp_kind::unix;
    }
    throw connect_error("Schema " + s.to_string() + " does not correspond to a known timestamp type format");
}

timestamp_kind infer_timestamp_kind(const value& v) {
    if (is_temporal(v)) {
        return timestamp_kind::timestamp;
    }
    if (v.is_int64()) {
        return timestamp_kind::unix;
    }
    if (v.is_string()) {
        return timestamp_kind::string;
    }
    throw data_error("TimestampConverter does not support " + java_class_text(v) + " objects as timestamps");
}

}  // namespace copycat::transforms
