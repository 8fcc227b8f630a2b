#pragma once
// Java plugins on plugin.path (docs/jvm-bridge.md): finds the Java plugin locations, starts the
// worker's JVM when there are any, and registers every Connector, Converter, HeaderConverter,
// Transformation and Predicate their ServiceLoader manifests name (ConfigProviders are created by
// class name later: jvm/java_config_provider.hpp). Runs once, on the thread that
// fills the registry at start-up. Nothing here aborts the worker: a JVM that cannot start, a jar
// that is not a plugin, a class that cannot be loaded are reported and skipped.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "jvm/jvm.hpp"
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
};

// The settings from the environment (JAVA_HOME, LOG_DIR) and the installation (the bridge directory),
// with the worker's two settings.
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
};

java_scan_report register_java_plugins(const std::vector<std::string>& plugin_path,
                                       const java_bridge_settings& settings, loader::plugin_registry& registry);

}  // namespace copycat::jvm
