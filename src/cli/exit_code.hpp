#pragma once
// copycat-cli's exit codes (docs/cli.md), distinct so that ops scripts can tell what went wrong,
// and the error category that lets a result<T> carry one:
//
//   return make_error(exit_code::wait_timeout, "src is not RUNNING after 60 s");
//   ...
//   return exit_status_of(r.err());   // in main()

#include <system_error>

#include "common/result.hpp"

namespace copycat::cli {

enum class exit_code {
    ok = 0,
    usage = 1,           // bad arguments or an unreadable/invalid config file
    unreachable = 2,     // no connection, TLS failure, or no answer within --timeout
    client_error = 3,    // the worker answered 4xx (Kafka's message is printed)
    server_error = 4,    // the worker answered 5xx
    wait_timeout = 5,    // --wait: the state was not reached within --wait-timeout
    failed = 6,          // --wait: the connector or a task is FAILED
    invalid_config = 7,  // plugins validate: the config has errors
};

const std::error_category& exit_code_category() noexcept;

inline std::error_code make_error_code(exit_code e) noexcept { return {static_cast<int>(e), exit_code_category()}; }

inline error make_error(exit_code code, std::string message) { return {make_error_code(code), std::move(message)}; }

// The process exit status for an error: its exit_code, or for Copycat's own errors (a URL that
// does not parse, an unreachable worker) the matching one.
int exit_status_of(const error& e) noexcept;

}  // namespace copycat::cli

template <>
struct std::is_error_code_enum<copycat::cli::exit_code> : std::true_type {};
