#include "app/plugin_setup.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "app/builtin_plugins.hpp"
#include "common/logging.hpp"
#include "common/strings.hpp"
#include "jvm/java_plugins.hpp"
#include "loader/plugin_registry.hpp"
#include "loader/plugin_scanner.hpp"

namespace copycat::app {

namespace {

std::shared_ptr<jvm::java_vm> register_java_plugins(const plugin_settings& settings,
                                                    loader::plugin_registry& registry) {
    const jvm::java_scan_report report = jvm::register_java_plugins(
        settings.plugin_path,
        jvm::bridge_settings_from_environment(settings.java_bridge_jvm_options, settings.java_bridge_preferred_classes),
        registry);
    if (report.locations.empty()) return nullptr;  // no jars on plugin.path: no JVM was started
    for (const std::string& refused : report.refused) log::warn("Skipped a Java plugin: {}", refused);
    for (const std::string& registered : report.registered) log::info("Loaded Java plugin {}", registered);
    for (const std::string& provider : report.config_providers)
        log::info("Java ConfigProvider available: {}", provider);
    log::info("Java plugin locations: {} ({} classes registered)", report.locations.size(), report.registered.size());
    return report.vm;
}

}  // namespace

plugin_settings plugin_settings_of(const string_map& worker_props) {
    auto value = [&](std::string_view key) {
        auto it = worker_props.find(key);
        return it == worker_props.end() ? std::string() : it->second;
    };
    return {split_list(value("plugin.path")), value("java.bridge.jvm.options"),
            split_list(value("java.bridge.preferred.classes"))};
}

std::shared_ptr<jvm::java_vm> register_plugins(const plugin_settings& settings, loader::plugin_registry& registry) {
    const std::vector<std::string>& plugin_path = settings.plugin_path;
    register_builtin_plugins(registry);
    if (plugin_path.empty()) {
        log::info("No plugin.path set: only the built-in plugins are available");
        return nullptr;
    }
    log::info("Scanning for plugins in plugin.path: {}", fmt::join(plugin_path, ", "));
    const loader::scan_report report = loader::scan_plugin_path(plugin_path, registry);
    for (const std::string& refused : report.refused) log::warn("Skipped a plugin library: {}", refused);
    log::info("Loaded {} plugin librar{} ({} skipped)", report.loaded.size(), report.loaded.size() == 1 ? "y" : "ies",
              report.refused.size());
    auto vm = register_java_plugins(settings, registry);
    for (const loader::plugin_entry* e : registry.entries()) {
        if (e->is_connector())
            log::info("Connector plugin available: {} ({}, {})", e->class_name, plugin_kind_name(e->kind()),
                      e->location());
    }
    return vm;
}

}  // namespace copycat::app
