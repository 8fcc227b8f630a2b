#pragma once
// The plugins a worker offers: the built-in converters, transforms and predicates, then every
// plugin library found on plugin.path, then the Java plugins in its jars (docs/jvm-bridge.md;
// logged one line each, refused ones with the reason).

#include <string>
#include <vector>

namespace copycat::loader {
class plugin_registry;
}

namespace copycat::app {

struct plugin_settings {
    std::vector<std::string> plugin_path;
    std::string java_bridge_jvm_options;
    std::vector<std::string> java_bridge_preferred_classes;
};

void register_plugins(const plugin_settings& settings, loader::plugin_registry& registry);

}  // namespace copycat::app
