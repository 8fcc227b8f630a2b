// The string forms Kafka gives Connect values: Object.toString() (used by StringConverter) and
// Values.convertToString() (used by SimpleHeaderConverter).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "copycat/data/struct_value.hpp"
#include "copycat/data/value.hpp"

namespace copycat::converters {

/// Java's toString() of the object Kafka would hold for `v`, which StringConverter writes:
/// strings as-is; booleans and integers plainly; floats as Float/Double.toString ("1.5",
/// "1.0E20"); decimals as BigDecimal.toString; lists "[a, b]"; maps "{k=v, k2=v2}"; structs
/// "Struct{a=1,b=x}" (unset fields left out); dates, times and timestamps as
/// java.util.Date.toString in UTC ("Thu Jan 01 00:00:00 UTC 1970"); null "null". Bytes, which
/// Java prints as an object id ("[B@1b6d3586"), are written as base64 instead.
std::string java_object_text(const value& v);

/// Kafka's Values.convertToString(schema, v) (the schema plays no part): top-level strings
/// as-is, nested strings quoted with \ and " escaped; numbers and booleans as Java prints them;
/// bytes as base64 (quoted when nested); lists "[1,2]"; maps "{"k":1}"; structs
/// {"field":value,...} (defaults applied); and Date/Time/Timestamp values by their epoch
/// milliseconds: below one day "HH:mm:ss.SSSZ", whole days "yyyy-MM-dd", otherwise
/// "yyyy-MM-ddTHH:mm:ss.SSSZ" (UTC).
std::string values_string_text(const value& v);

/// The Java class Kafka would hold for a value of this kind, as "class java.lang.Integer"
/// (Object.getClass().toString(), used in Kafka's error messages).
std::string_view java_class_of(value_kind kind) noexcept;

/// Milliseconds since the epoch of a date, time_of_day or timestamp value (as the
/// java.util.Date Kafka holds for them).
std::int64_t epoch_millis(const value& temporal);

}  // namespace copycat::converters
