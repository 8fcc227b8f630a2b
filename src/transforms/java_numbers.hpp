// Java's number semantics as Kafka's transformations rely on them: Number.intValue() and
// friends, and Integer.parseInt / Double.parseDouble. Their toString() text is in
// copycat/data/java_number_text.hpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "copycat/data/decimal.hpp"
#include "copycat/data/value.hpp"

namespace copycat::transforms {

/// True for the values Java holds as a java.lang.Number: integers, floats and decimals.
bool is_java_number(const value& v) noexcept;

// Number.longValue(), intValue(), doubleValue(), floatValue() of a number value (see
// is_java_number; throws data_error otherwise). Floating-point values convert like Java's
// casts: truncated toward zero, NaN to 0, saturated at the type's range; wider integers keep
// their low bits; decimals are truncated and keep the low bits (BigDecimal.longValue()).
std::int64_t java_long_value(const value& v);
std::int32_t java_int_value(const value& v);
double java_double_value(const value& v);
float java_float_value(const value& v);

/// Byte/Short/Integer/Long.parseX: an optional sign and decimal digits within [min, max];
/// nullopt where Java throws NumberFormatException.
std::optional<std::int64_t> java_parse_integer(std::string_view text, std::int64_t min, std::int64_t max);

/// Double.parseDouble / Float.parseFloat (surrounding whitespace, a trailing d/f, "NaN" and
/// "Infinity" accepted); nullopt where Java throws NumberFormatException.
std::optional<double> java_parse_double(std::string_view text);
std::optional<float> java_parse_float(std::string_view text);

/// BigDecimal.longValue() of decimal text (new BigDecimal(text).longValue()); nullopt for
/// malformed text.
std::optional<std::int64_t> java_decimal_text_long_value(std::string_view text);

}  // namespace copycat::transforms
