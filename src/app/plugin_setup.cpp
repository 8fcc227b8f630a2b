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

result<std::shared_ptr<jvm::java_vm>> register_java_plugins(const plugin_settings& settings,
                                                            loader::plugin_registry& registry) {
    auto bridge =
        jvm::bridge_settings_from_environment(settings.java_bridge_jvm_options, settings.java_bridge_preferred_classes);
    bridge.discovery = settings.discovery.value_or(jvm::plugin_discovery_mode::hybrid_warn);
    const jvm::java_scan_report report = jvm::register_java_plugins(settings.plugin_path, bridge, registry);
    if (report.locations.empty()) return std::shared_ptr<jvm::java_vm>();  // no jars on plugin.path: no JVM was started
    for (const std::string& refused : report.refused) log::warn("Skipped a Java plugin: {}", refused);
    for (const std::string& skipped : report.skipped) log::debug("The plugin scan passed over {}", skipped);
    for (const std::string& registered : report.registered) log::info("Loaded Java plugin {}", registered);
    for (const std::string& provider : report.config_providers)
        log::info("Java ConfigProvider available: {}", provider);
    if (report.jvm_started && jvm::reflectively_scans(bridge.discovery))
        log::info("Scanning plugins with ReflectionScanner took {} ms ({} classes, {} of {} locations from the cache "
                  "in {})",
                  report.scan_millis, report.scanned_classes, report.cached_locations, report.locations.size(),
                  bridge.scan_cache_dir.empty() ? "(none)" : bridge.scan_cache_dir);
    log::info("Java plugin locations: {} ({} classes registered)", report.locations.size(), report.registered.size());
    if (report.jvm_started)
        if (auto issue = jvm::hybrid_discovery_issue_of(bridge.discovery, report.without_manifest)) {
            if (issue->fatal) return make_error(errc::invalid_argument, issue->message);
            log::warn("{}", issue->message);
        }
    return report.vm;
}

}  // namespace

plugin_settings plugin_settings_of(const string_map& worker_props) {
    auto value = [&](std::string_view key) {
        auto it = worker_props.find(key);
        return it == worker_props.end() ? std::string() : it->second;
    };
    plugin_settings out{split_list(value("plugin.path")), value("java.bridge.jvm.options"),
                        split_list(value("java.bridge.preferred.classes"))};
    if (worker_props.contains("plugin.discovery"))
        out.discovery = jvm::parse_plugin_discovery_mode(trim(value("plugin.discovery")));
    return out;
}

result<std::shared_ptr<jvm::java_vm>> register_plugins(const plugin_settings& settings,
                                                       loader::plugin_registry& registry) {
    const std::vector<std::string>& plugin_path = settings.plugin_path;
    register_builtin_plugins(registry);
    if (plugin_path.empty()) {
        log::info("No plugin.path set: only the built-in plugins are available");
        return std::shared_ptr<jvm::java_vm>();
    }
    log::info("Scanning for plugins in plugin.path: {}", fmt::join(plugin_path, ", "));
    const loader::scan_report report = loader::scan_plugin_path(plugin_path, registry);
    for (const std::string& refused : report.refused) log::warn("Skipped a plugin library: {}", refused);
    log::info("Loaded {} plugin librar{} ({} skipped)", report.loaded.size(), report.loaded.size() == 1 ? "y" : "ies",
              report.refused.size());
    COPYCAT_TRY(auto vm, register_java_plugins(settings, registry));
    for (const loader::plugin_entry* e : registry.entries()) {
        if (e->is_connector())
            log::info("Connector plugin available: {} ({}, {})", e->class_name, plugin_kind_name(e->kind()),
                      e->location());
    }
    return vm;
}

}  // namespace copycat::app
