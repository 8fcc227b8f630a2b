// The logical types of Kafka Connect: schemas of a primitive type with a well-known name, whose
// values use a richer C++ type.
//
//   logical type  name                                          stored as    value alternative
//   Decimal       org.apache.kafka.connect.data.Decimal         BYTES        decimal
//                 (parameter "scale"; bytes = unscaled big-endian two's complement)
//   Date          org.apache.kafka.connect.data.Date            INT32 days   date
//   Time          org.apache.kafka.connect.data.Time            INT32 ms     time_of_day
//   Timestamp     org.apache.kafka.connect.data.Timestamp       INT64 ms     timestamp
//
// Converters use logical_to_primitive()/primitive_to_logical() to move between the two forms.
#pragma once

#include <cstdint>
#include <string_view>

#include "copycat/data/schema.hpp"
#include "copycat/data/schema_builder.hpp"
#include "copycat/data/value.hpp"

namespace copycat {

inline constexpr std::string_view decimal_logical_name = "org.apache.kafka.connect.data.Decimal";
inline constexpr std::string_view date_logical_name = "org.apache.kafka.connect.data.Date";
inline constexpr std::string_view time_logical_name = "org.apache.kafka.connect.data.Time";
inline constexpr std::string_view timestamp_logical_name = "org.apache.kafka.connect.data.Timestamp";
/// The Decimal schema parameter holding the scale.
inline constexpr std::string_view decimal_scale_parameter = "scale";

/// Builders (add optional(), doc(), default_value() as needed) and ready-made required schemas.
schema_builder decimal_builder(std::int32_t scale);
schema_ptr decimal_schema(std::int32_t scale);
schema_builder date_builder();
schema_ptr date_schema();
schema_builder time_builder();
schema_ptr time_schema();
schema_builder timestamp_builder();
schema_ptr timestamp_schema();

/// The scale of a Decimal schema; throws data_error when the parameter is missing or invalid.
std::int32_t decimal_scale(const schema& s);

/// True when `s` is named like one of the four logical types above.
bool is_logical(const schema& s) noexcept;

// Conversions for one logical type (Kafka: Decimal.fromLogical/toLogical, ...). Each checks the
// schema's name and throws data_error on a mismatch.

/// decimal -> unscaled bytes. Throws data_error when the scale differs from the schema's.
bytes decimal_to_bytes(const schema& s, const decimal& d);
/// Unscaled bytes -> decimal with the schema's scale.
decimal decimal_from_bytes(const schema& s, bytes_view unscaled);
std::int32_t date_to_int32(const schema& s, date d);
date date_from_int32(const schema& s, std::int32_t days);
/// Throws data_error when millis is outside [0, 86'400'000).
std::int32_t time_to_int32(const schema& s, time_of_day t);
time_of_day time_from_int32(const schema& s, std::int32_t millis);
std::int64_t timestamp_to_int64(const schema& s, timestamp t);
timestamp timestamp_from_int64(const schema& s, std::int64_t millis);

/// Logical value -> the primitive Kafka stores (decimal -> bytes, date -> int32, ...), following
/// the schema's logical name. Values of schemas that are not logical, and nulls, come back
/// unchanged; containers and structs are NOT traversed.
value logical_to_primitive(const schema& s, const value& v);

/// Primitive -> logical value (bytes -> decimal, int32 -> date, ...) following the schema's
/// logical name. Values of schemas that are not logical, and nulls, come back unchanged. Throws
/// data_error when the primitive does not match the schema type.
value primitive_to_logical(const schema& s, const value& v);

}  // namespace copycat
