#pragma once
// Copycat's error codes and the std::error_category that carries them.

#include <string>
#include <system_error>

namespace copycat {

enum class errc {
    invalid_argument = 1,  // bad input from a user or a config
    not_found,
    already_exists,
    conflict,
    timeout,
    io_error,
    protocol_error,  // bytes from the network that do not parse
    unsupported,
    unavailable,  // a service that is not ready yet; retriable
    internal,
    // The request must be served by another worker, whose base URL is the error's message (the
    // leader for writes, a task's owner for a restart). Kafka: RequestTargetException.
    request_target,
};

const std::error_category& copycat_category() noexcept;

inline std::error_code make_error_code(errc e) noexcept { return {static_cast<int>(e), copycat_category()}; }

}  // namespace copycat

template <>
struct std::is_error_code_enum<copycat::errc> : std::true_type {};
