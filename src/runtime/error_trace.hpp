#pragma once
// Turns an exception caught at a plugin boundary into the "trace" a FAILED status carries.
// Kafka writes a Java stack trace; Copycat writes the exception's type and message, and the
// nested causes (std::nested_exception) as "Caused by:" lines:
//
//   copycat::connect_error: Tolerance exceeded in error handler
//   Caused by: copycat::data_error: Converting byte[] to Kafka Connect data failed ...

#include <exception>
#include <string>

namespace copycat::runtime {

// The trace of `e` (any exception, including non-std ones: "unknown exception").
std::string error_trace(const std::exception_ptr& e);

// The message of `e` alone (its what(), or "unknown exception").
std::string error_message(const std::exception_ptr& e);

}  // namespace copycat::runtime
