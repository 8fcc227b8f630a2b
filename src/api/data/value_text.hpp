// Internal: readable text for values, used by value::to_string and error messages.
#pragma once

#include <string>

#include "copycat/data/bytes.hpp"
#include "copycat/data/temporal.hpp"
#include "copycat/data/value.hpp"

namespace copycat::detail {

/// Strings are quoted when `nested` (inside an array, map or struct).
std::string value_to_text(const value& v, bool nested);

/// "2024-01-31"
std::string format_date(date d);
/// "13:45:00.250"
std::string format_time(time_of_day t);
/// "2024-01-31T13:45:00.250Z"
std::string format_timestamp(timestamp t);

}  // namespace copycat::detail
