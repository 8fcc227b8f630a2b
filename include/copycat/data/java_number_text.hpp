// The text Java gives numbers: Double.toString, Float.toString and BigDecimal.toString. Kafka
// writes numbers this way wherever it turns them into text (Jackson in JsonConverter,
// StringConverter, Values.convertToString, Cast to STRING, config error messages), so a plugin
// or the worker that wants Kafka's bytes uses these.
//
// Double.toString and Float.toString print what the JDK 17 that Kafka Connect runs on prints
// (jdk.internal.math.FloatingDecimal). That is not always the shortest text that reads back as
// the same number, which JDK 19 and later print: JDK 17 gives 2.00379488949766042E18 and
// 1.13132703E18f where JDK 19 gives 2.0037948894976604E18 and 1.131327E18f.
// tests/api/data/java_number_text_test.cpp compares both against the JVM's own output.
#pragma once

#include <string>

#include "copycat/data/decimal.hpp"

namespace copycat {

/// Double.toString(d): "1.0", "0.001", "1.0E-4", "9999999.0", "1.0E7", "4.9E-324", "-0.0",
/// "NaN", "Infinity", "-Infinity".
std::string java_double_text(double d);

/// Float.toString(f): "0.1", "1.0E10", "3.4028235E38", "1.4E-45".
std::string java_float_text(float f);

/// Appends java_double_text(d) / java_float_text(f) to `out`, without a temporary string.
void append_java_double_text(std::string& out, double d);
void append_java_float_text(std::string& out, float f);

/// BigDecimal.toString(): plain when the scale is >= 0 and the adjusted exponent is >= -6
/// ("1.56", "0.000001", "100"), scientific otherwise ("1E-7", "1.5E+3", "1E+2").
std::string java_decimal_text(const decimal& d);

}  // namespace copycat
