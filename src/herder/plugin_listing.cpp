#include "herder/plugin_listing.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "loader/plugin_registry.hpp"

namespace copycat::herder {
namespace {

// Kafka lists plugins by type in this order (ConnectorPluginsResource).
int kind_rank(plugin_kind kind) {
    switch (kind) {
        case plugin_kind::sink_connector:
            return 0;
        case plugin_kind::source_connector:
            return 1;
        case plugin_kind::transformation:
            return 2;
        case plugin_kind::predicate:
            return 3;
        case plugin_kind::converter:
            return 4;
        case plugin_kind::header_converter:
            return 5;
    }
    return 6;
}

}  // namespace

std::vector<plugin_info> list_plugins(const loader::plugin_registry& plugins, bool connectors_only) {
    // One row per kind a class was registered as: Kafka lists JsonConverter both as a converter
    // and as a header converter.
    std::vector<std::pair<const loader::plugin_entry*, plugin_kind>> rows;
    for (const loader::plugin_entry* e : plugins.entries())
        for (plugin_kind kind : e->kinds()) rows.emplace_back(e, kind);
    std::stable_sort(rows.begin(), rows.end(),
                     [](const auto& a, const auto& b) { return kind_rank(a.second) < kind_rank(b.second); });
    std::vector<plugin_info> out;
    for (const auto& [e, kind] : rows) {
        const bool connector = kind == plugin_kind::source_connector || kind == plugin_kind::sink_connector;
        if (connectors_only && !connector) continue;
        out.push_back({e->class_name, std::string(plugin_kind_name(kind)), e->version});
    }
    return out;
}

}  // namespace copycat::herder
