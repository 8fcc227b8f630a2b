#pragma once
// `copycat standalone worker.properties [connector.properties|connector.json ...]` (Kafka:
// ConnectStandalone): one worker, connector configs in memory, offsets in
// offset.storage.file.filename, the REST API on `listeners`.
//
// Start-up: worker config -> connector files -> plugins (built-ins, then plugin.path) -> Kafka
// cluster id -> REST server -> offsets -> worker and herder -> the command-line connectors.
// SIGINT/SIGTERM stop the REST server, then every task and connector (offsets committed), then
// the offset store, and the process exits 0.

#include <string>
#include <vector>

namespace copycat::app {

// Exit codes (Kafka's ConnectStandalone uses 1, 2 and 3 the same way).
inline constexpr int exit_ok = 0;
inline constexpr int exit_usage = 1;             // bad command line, worker config or connector file
inline constexpr int exit_startup_failed = 2;    // Kafka unreachable, REST port taken, offsets unreadable
inline constexpr int exit_connector_failed = 3;  // a command-line connector could not be created

// `args` are the arguments after "standalone". Returns the process exit code.
int run_standalone(const std::vector<std::string>& args);

}  // namespace copycat::app
