#pragma once
// `copycat standalone worker.properties [connector.properties|connector.json ...]` (Kafka:
// ConnectStandalone): one worker, connector configs in memory, offsets in
// offset.storage.file.filename, the REST API on `listeners`.
//
// Start-up: worker file -> plugins (built-ins, then plugin.path) -> config providers, which
// resolve the worker file -> connector files -> Kafka cluster id -> REST server -> offsets ->
// worker and herder -> the command-line connectors.
// SIGINT/SIGTERM stop the REST server, then every task and connector (offsets committed), then
// the offset store, and the process exits 0.

#include <string>
#include <vector>

#include "app/exit_codes.hpp"

namespace copycat::app {

// `args` are the arguments after "standalone". Returns the process exit code.
int run_standalone(const std::vector<std::string>& args);

}  // namespace copycat::app
