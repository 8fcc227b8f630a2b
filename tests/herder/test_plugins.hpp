#pragma once
// Connector classes for the herder tests, registered as built-ins (no shared library needed):
//   test.TestSourceConnector  (alias TestSource): requires "topic"; validate() rejects topic "bad";
//                             "declare" = supported / unsupported / throw answers the exactly-once
//                             questions (absent: it declares nothing, like a connector that predates them)
//   test.TestSinkConnector    (alias TestSink): no keys of its own

#include "common/properties.hpp"
#include "loader/plugin_registry.hpp"

namespace copycat::herder::testing {

// Adds the two test connectors to the registry.
void register_test_plugins(loader::plugin_registry& registry);

// A registry of the two test connectors alone, made once.
const loader::plugin_registry& test_plugin_registry();

// A TestSource config ("name" c, tasks.max 1, topic "events"), then `extra`.
string_map test_source_config(string_map extra);

}  // namespace copycat::herder::testing
