#include "herder/plugin_listing.hpp"

#include <algorithm>
#include <string>

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
    std::vector<const loader::plugin_entry*> entries = plugins.entries();
    std::stable_sort(entries.begin(), entries.end(),
                     [](const auto* a, const auto* b) { return kind_rank(a->kind()) < kind_rank(b->kind()); });
    std::vector<plugin_info> out;
    for (const loader::plugin_entry* e : entries) {
        if (connectors_only && !e->is_connector()) continue;
        out.push_back({e->class_name, std::string(plugin_kind_name(e->kind())), e->version});
    }
    return out;
}

}  // namespace copycat::herder
