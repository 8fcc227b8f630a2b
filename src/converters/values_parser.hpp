// Parsing header strings back into typed values (Kafka: Values.parseString, used by
// SimpleHeaderConverter).
#pragma once

#include <string_view>

#include "copycat/data/schema_and_value.hpp"

namespace copycat::converters {

/// Infers a schema and value from text written by values_string_text(), following Kafka's
/// Values.parseString:
///  - "" is an empty STRING; "null" a null schema and value; "true"/"false" BOOLEAN;
///  - integers take the smallest of INT8, INT16, INT32, INT64 that holds them ("1e3" and "1.0"
///    are integers); integers beyond 64 bits become a Decimal with scale 0; other numbers
///    FLOAT32 when they fit a float, else FLOAT64, else Decimal;
///  - "yyyy-MM-dd" is a Date, "HH:mm:ss.SSSZ" a Time, "yyyy-MM-ddTHH:mm:ss.SSSZ" a Timestamp (UTC);
///  - "[...]" an ARRAY and "{k:v,...}" a MAP whose elements are parsed the same way (strings
///    inside quotes); the element schema is the common one (numbers widen: [1, 1000] is an
///    array of INT16), and a container without one (mixed or no non-null elements) gets a null
///    schema;
///  - anything else, including containers that fail to parse, is the STRING itself.
/// Differences from Kafka: text must be consumed completely (Kafka reads "12, 13" as the INT8
/// 12; here it is a STRING), temporal text must match its pattern exactly (Kafka's lenient
/// SimpleDateFormat also takes "2024-13-01"), and containers whose elements have equal types
/// but different schemas (e.g. nested arrays of different element types, Decimals of
/// different scales, a logical type mixed with plain numbers) get a null schema instead of
/// the last element's.
schema_and_value parse_values_string(std::string_view text);

}  // namespace copycat::converters
