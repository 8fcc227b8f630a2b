#pragma once
// Kafka Connect's plugin layout on plugin.path (docs/jvm-bridge.md "When the JVM starts"): an
// element that is a .jar is one plugin location; in an element that is a directory, each .jar
// directly inside it and each sub-directory holding jars (at any depth) is one. Only the file
// system is read: no JVM is needed to decide whether one is needed.

#include <string>
#include <vector>

namespace copycat::jvm {

// The Java plugin locations of `plugin_path`, in order, each once; empty when it holds no jars.
std::vector<std::string> java_plugin_locations(const std::vector<std::string>& plugin_path);

}  // namespace copycat::jvm
