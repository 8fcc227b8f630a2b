#pragma once
// Java plugins on plugin.path (docs/jvm-bridge.md): finds the Java plugin locations, starts the
// worker's JVM when there are any, and registers every Connector, Converter, HeaderConverter,
// Transformation and Predicate that plugin.discovery finds in them: those their ServiceLoader
// manifests name, those a reflective scan of their classes finds, or both (ConfigProviders are
// created by class name later: jvm/java_config_provider.hpp). Runs once, on the thread that
// fills the registry at start-up. Nothing here aborts the worker: a JVM that cannot start, a jar
// that is not a plugin, a class that cannot be loaded are reported and skipped.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/json.hpp"
#include "common/result.hpp"
#include "jvm/jvm.hpp"
#include "jvm/plugin_discovery_mode.hpp"
#include "loader/plugin_registry.hpp"

namespace copycat::jvm {

struct java_bridge_settings {
    // java.bridge.jvm.options: extra JVM options, separated by white space.
    std::string jvm_options;
    // java.bridge.preferred.classes: classes whose Java implementation replaces a native one of
    // the same name (docs/jvm-bridge.md "A native and a Java plugin with the same class name").
    std::vector<std::string> preferred_classes;
    // The directory holding copycat-bridge.jar and lib/ with the Kafka API jars.
    std::string bridge_dir;
    // Where a JVM crash report goes (Kafka's LOG_DIR; the working directory when unset).
    std::string log_dir;
    // JAVA_HOME, when set.
    std::optional<std::string> java_home;
    // plugin.discovery.
    plugin_discovery_mode discovery = plugin_discovery_mode::hybrid_warn;
    // Where the reflective scan's cache goes (docs/jvm-bridge.md "The scan cache"); empty: no cache.
    std::string scan_cache_dir;
};

// The settings from the environment (JAVA_HOME, LOG_DIR, COPYCAT_CACHE_DIR or HOME for the scan
// cache) and the installation (the bridge directory), with the worker's two settings.
java_bridge_settings bridge_settings_from_environment(std::string jvm_options,
                                                       std::vector<std::string> preferred_classes);

struct java_scan_report {
    std::vector<std::string> locations;  // Java plugin locations found on plugin.path
    bool jvm_started = false;
    std::shared_ptr<java_vm> vm;  // the JVM when it started: Java ConfigProviders are created in it
    std::vector<std::string> registered;  // "class (type, ...) from location"
    // "class from location" per ConfigProvider a location's manifest names
    std::vector<std::string> config_providers;
    std::vector<std::string> refused;     // one message per location, class or JVM problem
    // Classes the reflective scan found that could not be loaded at all (Kafka passes over them).
    std::vector<std::string> skipped;
    // What the reflective scan found that no manifest names (empty under service_load).
    std::vector<plugin_without_manifest> without_manifest;
    // The reflective scan: classes read, locations answered from the cache, time taken.
    std::size_t scanned_classes = 0;
    std::size_t cached_locations = 0;
    long long scan_millis = 0;
};

// The plugin kind of one of the bridge's type names (Kafka's: "source", "sink", "converter",
// "header_converter", "transformation", "predicate"); nullopt for any other.
std::optional<plugin_kind> plugin_kind_of_type(std::string_view type);

// The JVM of the bridge, started with its class path (copycat-bridge.jar and the Kafka API jars).
result<std::shared_ptr<java_vm>> start_bridge_jvm(const java_bridge_settings& settings);

// One location's plugins as the bridge finds them with `settings.discovery`
// (copycat.bridge.PluginDiscovery.discover's JSON answer, described there).
result<json::value> discover_location(java_vm& vm, const std::string& location, const java_bridge_settings& settings);

java_scan_report register_java_plugins(const std::vector<std::string>& plugin_path,
                                       const java_bridge_settings& settings, loader::plugin_registry& registry);

}  // namespace copycat::jvm
