// Java's (float) cast, which Kafka's converters apply when a FLOAT32 value comes as a double
// (JsonConverter, Values.convertToFloat). Java's number text is in copycat/data/java_number_text.hpp.
#pragma once

namespace copycat::converters {

/// Java's (float) cast of a double: rounded to nearest, beyond the float range infinite (a
/// plain static_cast is undefined there).
float java_float_cast(double d) noexcept;

}  // namespace copycat::converters
