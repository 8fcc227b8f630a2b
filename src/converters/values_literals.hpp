// The scalar literals of Kafka's Values.parseString: numbers and ISO-8601 temporal text.
#pragma once

#include <optional>
#include <string_view>

#include "copycat/data/schema_and_value.hpp"

namespace copycat::converters {

/// A parsed value; std::nullopt stands for Kafka's null result ("not this kind of literal").
using parsed = std::optional<schema_and_value>;

/// Values.parseAsNumber: BigDecimal syntax ("12", "-1.5", "1e3"). Integral values that fit 64
/// bits get the smallest of INT8/INT16/INT32/INT64; others FLOAT32 when finite as a float and
/// the scale is not 0, else FLOAT64 under the same rule, else a Decimal of the text's scale.
/// nullopt when the text is not a number.
parsed parse_as_number(std::string_view token);

/// Values.parseAsTemporal: "HH:mm:ss.SSSZ" is a Time, "yyyy-MM-ddTHH:mm:ss.SSSZ" a Timestamp,
/// "yyyy-MM-dd" a Date (UTC; "\:" is read as ":"). Every field must have its full width and a
/// valid value. nullopt otherwise.
parsed parse_as_temporal(std::string_view token);

}  // namespace copycat::converters
