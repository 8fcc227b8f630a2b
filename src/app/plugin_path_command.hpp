#pragma once
// `copycat plugin-path list`: Kafka's bin/connect-plugin-path.sh list (KIP-898) for Copycat's
// JVM bridge (docs/jvm-bridge.md#listing-plugins-copycat-plugin-path-list). It prints, as Kafka's
// tool does, one tab-separated row per Java plugin of the given locations with whether it is
// loadable (found by the reflective scan or the ServiceLoader) and has a manifest (found by
// plugin.discovery=service_load), then the totals; a class that cannot be instantiated is said on
// stderr with its cause:
//
//   copycat plugin-path list [--plugin-location L]... [--plugin-path P]... [--worker-config F]...
//
// Exit codes as Kafka's: 0 listed (or --help), 1 bad arguments, 2 a location or worker file that cannot be
// read, 3 the JVM cannot start.

#include <ostream>
#include <string>
#include <vector>

namespace copycat::app {

// args after "plugin-path"; the table goes to `out`, problems to `err`.
int run_plugin_path(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace copycat::app
