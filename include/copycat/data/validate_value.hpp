// Checking a value against a schema (Kafka: ConnectSchema.validateValue).
#pragma once

#include <string_view>

#include "copycat/data/schema.hpp"
#include "copycat/data/value.hpp"

namespace copycat {

/// Throws data_error unless `v` is valid for `s`:
///  - null is accepted only by optional schemas;
///  - the value's alternative must match the type (int32 for INT32, string for STRING, ...);
///  - the logical types need their own alternative: decimal for Decimal, date for Date,
///    time_of_day for Time, timestamp for Timestamp;
///  - a struct's schema must equal `s` and the struct must itself be valid;
///  - array elements and map keys/values are checked recursively.
void validate_value(const schema& s, const value& v);

/// As above; `field_name` is named in the error message (empty: not a field).
void validate_value(std::string_view field_name, const schema& s, const value& v);

/// True when validate_value would not throw.
bool is_valid_value(const schema& s, const value& v) noexcept;

}  // namespace copycat
