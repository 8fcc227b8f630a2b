#pragma once
// Copycat's error codes and the std::error_category that carries them.

#include <string>
#include <string_view>
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
    forbidden,  // a request this worker refuses to serve (an internal request with a bad signature)
};

// What each errc means outside the code: a name for logs, the HTTP status of a REST error
// response that carries it, and the text of its std::error_code::message().
struct errc_info {
    errc code;
    std::string_view name;
    int http_status;
    std::string_view message;
};

// One row per errc, in the enum's order. The HTTP statuses are Kafka Connect's (it answers a
// herder request timeout with 500).
inline constexpr errc_info errc_table[] = {
    {errc::invalid_argument, "invalid_argument", 400, "invalid argument"},
    {errc::not_found, "not_found", 404, "not found"},
    {errc::already_exists, "already_exists", 409, "already exists"},
    {errc::conflict, "conflict", 409, "conflict"},
    {errc::timeout, "timeout", 500, "timed out"},
    {errc::io_error, "io_error", 500, "I/O error"},
    {errc::protocol_error, "protocol_error", 500, "protocol error"},
    {errc::unsupported, "unsupported", 500, "unsupported"},
    {errc::unavailable, "unavailable", 503, "unavailable"},
    {errc::internal, "internal", 500, "internal error"},
    {errc::forbidden, "forbidden", 403, "forbidden"},
};

// The row for code, or nullptr for a number that is no errc.
constexpr const errc_info* find_errc_info(errc code) noexcept {
    for (const errc_info& row : errc_table) {
        if (row.code == code) return &row;
    }
    return nullptr;
}

const std::error_category& copycat_category() noexcept;

// The row for an error_code of copycat_category(), or nullptr for any other code.
const errc_info* find_errc_info(std::error_code code) noexcept;

inline std::error_code make_error_code(errc e) noexcept { return {static_cast<int>(e), copycat_category()}; }

}  // namespace copycat

template <>
struct std::is_error_code_enum<copycat::errc> : std::true_type {};
