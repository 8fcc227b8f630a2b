#pragma once
// `copycat distributed worker.properties`: a worker of a Connect cluster (Kafka:
// ConnectDistributed). Start-up: plugins, the config providers (which resolve the worker file),
// the Kafka cluster id, the REST listener (which fixes
// the worker id and advertised URL), the internal topics (created compacted when missing, refused
// when not compacted), the offset/status/config stores read to their end, then the herder joins
// the group. SIGTERM/SIGINT: stop every task (offsets committed), leave the group, exit 0.

#include <string>
#include <vector>

namespace copycat::app {

int run_distributed(const std::vector<std::string>& args);

}  // namespace copycat::app
