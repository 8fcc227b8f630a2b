#pragma once
// The exit codes of the copycat commands (Kafka's ConnectStandalone uses 1, 2 and 3 the same way).

namespace copycat::app {

inline constexpr int exit_ok = 0;
inline constexpr int exit_usage = 1;             // bad command line, worker config or connector file
inline constexpr int exit_startup_failed = 2;    // Kafka unreachable, REST port taken, stores unreadable
inline constexpr int exit_connector_failed = 3;  // a command-line connector could not be created

}  // namespace copycat::app
