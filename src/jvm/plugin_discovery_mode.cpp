#include "jvm/plugin_discovery_mode.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <tuple>

#include "common/strings.hpp"

namespace copycat::jvm {
namespace {

constexpr plugin_discovery_mode all_modes[] = {plugin_discovery_mode::only_scan, plugin_discovery_mode::hybrid_warn,
                                               plugin_discovery_mode::hybrid_fail, plugin_discovery_mode::service_load};

constexpr std::string_view documentation = "https://kafka.apache.org/documentation.html#connect_plugindiscovery";

}  // namespace

std::string_view plugin_discovery_mode_name(plugin_discovery_mode mode) {
    switch (mode) {
        case plugin_discovery_mode::only_scan: return "only_scan";
        case plugin_discovery_mode::hybrid_warn: return "hybrid_warn";
        case plugin_discovery_mode::hybrid_fail: return "hybrid_fail";
        case plugin_discovery_mode::service_load: return "service_load";
    }
    return "hybrid_warn";
}

std::optional<plugin_discovery_mode> parse_plugin_discovery_mode(std::string_view text) {
    for (plugin_discovery_mode mode : all_modes)
        if (iequals(text, plugin_discovery_mode_name(mode))) return mode;
    return std::nullopt;
}

std::optional<hybrid_discovery_issue> hybrid_discovery_issue_of(plugin_discovery_mode mode,
                                                                 const std::vector<plugin_without_manifest>& missing) {
    if (mode != plugin_discovery_mode::hybrid_warn && mode != plugin_discovery_mode::hybrid_fail) return std::nullopt;
    if (missing.empty())
        return hybrid_discovery_issue{false, "All plugins have ServiceLoader manifests, consider reconfiguring "
                                             "plugin.discovery=service_load"};
    // Kafka lists them sorted (a SortedSet of PluginDesc): by class name, version, location, then type.
    std::vector<const plugin_without_manifest*> sorted;
    for (const auto& m : missing) sorted.push_back(&m);
    std::sort(sorted.begin(), sorted.end(), [](const auto* a, const auto* b) {
        return std::tie(a->class_name, a->version, a->location, a->type) <
               std::tie(b->class_name, b->version, b->location, b->type);
    });
    std::string rows;
    for (const auto* m : sorted)
        rows += fmt::format("{}\t{}\t{}\t{}\n", m->location, m->class_name, m->type, m->version);
    std::string message = fmt::format(
        "One or more plugins are missing ServiceLoader manifests may not be usable with plugin.discovery=service_load: "
        "[\n{}]\nRead the documentation at {} for instructions on migrating your plugins to take advantage of the "
        "performance improvements of service_load mode.",
        rows, documentation);
    if (mode == plugin_discovery_mode::hybrid_warn)
        return hybrid_discovery_issue{
            false, message + " To silence this warning, set plugin.discovery=only_scan in the worker config."};
    return hybrid_discovery_issue{
        true, message + " To silence this error, set plugin.discovery=hybrid_warn in the worker config."};
}

}  // namespace copycat::jvm
