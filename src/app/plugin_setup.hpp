#pragma once
// The plugins a worker offers: the built-in converters, transforms and predicates, then every
// plugin library found on plugin.path, then the Java plugins in its jars (docs/jvm-bridge.md;
// logged one line each, refused ones with the reason).

#include <memory>
#include <string>
#include <vector>

#include "common/properties.hpp"
#include "common/result.hpp"
#include "jvm/plugin_discovery_mode.hpp"

namespace copycat::loader {
class plugin_registry;
}
namespace copycat::jvm {
class java_vm;
}

namespace copycat::app {

struct plugin_settings {
    std::vector<std::string> plugin_path;
    std::string java_bridge_jvm_options;
    std::vector<std::string> java_bridge_preferred_classes;
    // plugin.discovery; nullopt when the file's value is none of Kafka's four (the worker config's
    // validation then refuses the file).
    std::optional<jvm::plugin_discovery_mode> discovery = jvm::plugin_discovery_mode::hybrid_warn;
};

// plugin.path, plugin.discovery, java.bridge.jvm.options and java.bridge.preferred.classes of the
// worker file as written: as Kafka's Plugins reads plugin.path and plugin.discovery, before any
// config provider resolves the file.
plugin_settings plugin_settings_of(const string_map& worker_props);

// The JVM the Java plugins run in (Java ConfigProviders too); nullptr when none started. An error
// when plugin.discovery=hybrid_fail and a Java plugin has no ServiceLoader manifest (Kafka's
// message, for "Stopping due to error").
result<std::shared_ptr<jvm::java_vm>> register_plugins(const plugin_settings& settings,
                                                       loader::plugin_registry& registry);

}  // namespace copycat::app
