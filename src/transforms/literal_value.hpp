// The typed value of a literal configured as text (Kafka: Values.parseString, used by
// InsertHeader's "value.literal").
#pragma once

#include <string_view>

#include "copycat/data/schema_and_value.hpp"

namespace copycat::transforms {

/// Infers a schema and value from `text` like Kafka's Values.parseString does for single
/// values:
///  - "" is an empty STRING; "null" is a null schema and value; "true"/"false" are BOOLEAN;
///  - integers take the smallest of INT8, INT16, INT32, INT64 that holds them ("1e3" and
///    "1.0" are integers), larger integers a Decimal of scale 0 (or FLOAT32 when written with
///    a fraction or exponent); other numbers FLOAT32 when they fit a float, else FLOAT64,
///    else a Decimal;
///  - "yyyy-MM-dd" is a Date, "HH:mm:ss.SSS'Z'" a Time, "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'" a
///    Timestamp (UTC);
///  - anything else is the STRING itself, surrounding blanks included.
/// Unlike Kafka, "[...]" and "{...}" stay strings rather than becoming arrays and maps, and
/// the whole text must be one value (Kafka reads "12, 13" as the INT8 12).
schema_and_value parse_literal_value(std::string_view text);

}  // namespace copycat::transforms
