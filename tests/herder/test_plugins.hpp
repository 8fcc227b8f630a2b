#pragma once
// Connector classes for the herder tests, registered as built-ins (no shared library needed):
//   test.TestSourceConnector  (alias TestSource): requires "topic"; validate() rejects topic "bad";
//                             "declare" = supported / unsupported / throw answers the exactly-once
//                             questions (absent: it declares nothing, like a connector that predates them)
//   test.TestSinkConnector    (alias TestSink): no keys of its own

#include "loader/plugin_registry.hpp"

namespace copycat::herder::testing {

// Adds the two test connectors to the registry.
void register_test_plugins(loader::plugin_registry& registry);

}  // namespace copycat::herder::testing
