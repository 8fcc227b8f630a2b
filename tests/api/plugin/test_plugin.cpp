// A plugin library built like a real one (hidden visibility, links only the API), loaded by
// dlopen_test.cpp.
#include "fake_plugins.hpp"

COPYCAT_PLUGIN(copycat::describe_plugin<fake::source_connector>("org.example.FakeSourceConnector", "1.2.3"),
               copycat::describe_plugin<fake::route_transformation>("org.example.Route", "1.2.3"))
