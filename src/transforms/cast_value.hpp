// The value conversions of Kafka's Cast transformation (Cast.castValueToType).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "copycat/data/schema.hpp"
#include "copycat/data/schema_type.hpp"
#include "copycat/data/value.hpp"

namespace copycat::transforms {

/// Parses a cast type name in any case ("int32", "INT32"); nullopt when it names no type.
std::optional<schema_type> parse_cast_type(std::string_view name);

/// Throws config_error "Cast transformation does not support casting to <TYPE>; supported
/// types are [INT8, INT16, INT32, INT64, FLOAT32, FLOAT64, BOOLEAN, STRING]" for other types.
schema_type valid_cast_target(schema_type type);

/// Casts `v` to `target` (one of the supported targets) as Kafka does:
///  - null stays null;
///  - the source type is the schema's, or inferred from the value when `s` is null; only
///    integers, floats, boolean, string and bytes are accepted ("Cast transformation does not
///    support casting from ARRAY; ..."), and schemaless decimals and dates are refused;
///  - with a schema, Date/Time/Timestamp values are first turned into their INT32/INT64
///    representation unless the target is STRING;
///  - numbers narrow like Java's casts, booleans give 1/0, strings are parsed
///    (Byte.parseByte, Double.parseDouble, Boolean.parseBoolean, ...), a failed parse is
///    "Value (<v>) was out of range for requested data type";
///  - to STRING: numbers as Java prints them, bytes as base64, dates "yyyy-MM-dd", times
///    "HH:mm:ss.SSS'Z'" and timestamps "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'" (UTC; Kafka's
///    Values.dateFormatFor picks the format from the instant).
/// Throws data_error on unsupported input.
value cast_value(const schema* s, const value& v, schema_type target);

}  // namespace copycat::transforms
