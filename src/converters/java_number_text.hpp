// The text Java gives numbers (Double.toString, Float.toString, BigDecimal.toString), which is
// what Kafka's converters write: Jackson prints floating-point numbers and decimals this way, and
// StringConverter / SimpleHeaderConverter use toString().
#pragma once

#include <string>

#include "copycat/data/decimal.hpp"

namespace copycat::converters {

/// Double.toString(d) (JDK 19+ shortest form): "1.0", "0.1", "100.0", "1.0E7", "1.0E20",
/// "1.0E-4", "4.9E-324", "-0.0", "NaN", "Infinity", "-Infinity".
std::string java_double_text(double d);

/// Float.toString(f) (JDK 19+ shortest form): "1.5", "0.1", "1.0E20", "3.4028235E38".
std::string java_float_text(float f);

/// Appends java_double_text(d) / java_float_text(f) to `out` without a temporary string.
void append_java_double_text(std::string& out, double d);
void append_java_float_text(std::string& out, float f);

/// Java's (float) cast of a double: rounded to nearest, beyond the float range infinite (a
/// plain static_cast is undefined there).
float java_float_cast(double d) noexcept;

/// The decimal digits of the absolute unscaled value of `d` ("156" for 1.56), without sign.
std::string unscaled_digits(const decimal& d);

/// BigDecimal.toString(): plain when the scale is >= 0 and the adjusted exponent is >= -6
/// ("1.56", "0.000001", "100"), scientific otherwise ("1E-7", "1.5E+3", "1E+2").
std::string java_decimal_text(const decimal& d);

}  // namespace copycat::converters
