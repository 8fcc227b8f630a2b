#include "app/plugin_setup.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "app/builtin_plugins.hpp"
#include "common/logging.hpp"
#include "loader/plugin_registry.hpp"
#include "loader/plugin_scanner.hpp"

namespace copycat::app {

void register_plugins(const std::vector<std::string>& plugin_path, loader::plugin_registry& registry) {
    register_builtin_plugins(registry);
    if (plugin_path.empty()) {
        log::info("No plugin.path set: only the built-in plugins are available");
        return;
    }
    log::info("Scanning for plugins in plugin.path: {}", fmt::join(plugin_path, ", "));
    const loader::scan_report report = loader::scan_plugin_path(plugin_path, registry);
    for (const std::string& refused : report.refused) log::warn("Skipped a plugin library: {}", refused);
    log::info("Loaded {} plugin librar{} ({} skipped)", report.loaded.size(), report.loaded.size() == 1 ? "y" : "ies",
              report.refused.size());
    for (const loader::plugin_entry* e : registry.entries()) {
        if (e->is_connector())
            log::info("Connector plugin available: {} ({}, {})", e->class_name, plugin_kind_name(e->kind()),
                      e->location());
    }
}

}  // namespace copycat::app
