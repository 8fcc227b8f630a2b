#pragma once
// The worker key plugin.discovery (Kafka's PluginDiscoveryMode, KIP-898; docs/jvm-bridge.md
// "Discovery and isolation"): how the JVM bridge finds the Java plugins of plugin.path, and what
// the worker says, or does, about plugins the reflective scan finds without a ServiceLoader manifest.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace copycat::jvm {

enum class plugin_discovery_mode {
    only_scan,     // the reflective scan only
    hybrid_warn,   // the scan and the manifests; a warning names the plugins without a manifest (the default)
    hybrid_fail,   // the same; a plugin without a manifest stops the worker at start-up
    service_load,  // the manifests only
};

// Kafka's names, lower case; parse_plugin_discovery_mode takes them in any case, as Kafka does.
std::string_view plugin_discovery_mode_name(plugin_discovery_mode mode);
std::optional<plugin_discovery_mode> parse_plugin_discovery_mode(std::string_view text);

inline bool reflectively_scans(plugin_discovery_mode mode) { return mode != plugin_discovery_mode::service_load; }
inline bool service_loads(plugin_discovery_mode mode) { return mode != plugin_discovery_mode::only_scan; }

// A plugin the reflective scan found that no manifest of its location names for that type.
struct plugin_without_manifest {
    std::string location;
    std::string class_name;
    std::string type;  // Kafka's type name: source, sink, converter, ...
    std::string version;
};

// What Kafka's Plugins.maybeReportHybridDiscoveryIssue says after the scan, in the hybrid modes
// (nothing in the others): a warning that every plugin has a manifest, or the list of those
// without, as a warning (hybrid_warn) or as the error that stops the worker (hybrid_fail).
struct hybrid_discovery_issue {
    bool fatal = false;
    std::string message;
};
std::optional<hybrid_discovery_issue> hybrid_discovery_issue_of(plugin_discovery_mode mode,
                                                                 const std::vector<plugin_without_manifest>& missing);

}  // namespace copycat::jvm
