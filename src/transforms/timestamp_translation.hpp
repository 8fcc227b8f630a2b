// The timestamp representations TimestampConverter converts between, with an instant in
// milliseconds since the epoch as the pivot (Kafka: TimestampConverter's TimestampTranslators).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "copycat/data/schema.hpp"
#include "copycat/data/value.hpp"
#include "transforms/simple_date_format.hpp"

namespace copycat::transforms {

/// "string", "unix", "Date", "Time", "Timestamp".
enum class timestamp_kind { string, unix, date, time, timestamp };

/// The kind named by a "target.type" value (case-sensitive, as Kafka's ValidString).
std::optional<timestamp_kind> parse_timestamp_kind(std::string_view name) noexcept;

/// The unit of "unix" timestamps: "seconds", "milliseconds", "microseconds", "nanoseconds".
enum class unix_precision { seconds, milliseconds, microseconds, nanoseconds };

std::optional<unix_precision> parse_unix_precision(std::string_view name) noexcept;

/// What the translators need from the configuration.
struct timestamp_translation {
    /// Null unless "format" is set (required for string targets).
    const simple_date_format* format = nullptr;
    unix_precision precision = unix_precision::milliseconds;

    /// The instant `v` holds as a `kind`. Throws data_error for a value of the wrong type
    /// ("Expected Unix timestamp to be a Long, but found class java.lang.Integer") or text
    /// that does not match the format ("Could not parse timestamp: value (x) does not match
    /// pattern (p)").
    std::int64_t to_millis(timestamp_kind kind, const value& v) const;

    /// The instant as a `kind`: formatted text, a unix number in the precision, a date (the
    /// day, in UTC), a time (the time of day, UTC) or a timestamp.
    value from_millis(timestamp_kind kind, std::int64_t millis) const;
};

/// The schema of a `kind` (OPTIONAL_STRING, INT64, Date, ... optional or not).
schema_ptr timestamp_kind_schema(timestamp_kind kind, bool optional);

/// The kind a schema holds: by logical name, else STRING is "string" and INT64 is "unix".
/// Throws connect_error "Schema <s> does not correspond to a known timestamp type format".
timestamp_kind timestamp_kind_of(const schema& s);

/// The kind of a schemaless value: any date/time value is a Timestamp, int64 unix, string a
/// string. Throws data_error "TimestampConverter does not support <class> objects as
/// timestamps".
timestamp_kind infer_timestamp_kind(const value& v);

}  // namespace copycat::transforms
