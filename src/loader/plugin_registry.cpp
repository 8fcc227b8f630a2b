#include "loader/plugin_registry.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "common/logging.hpp"
#include "loader/plugin_alias.hpp"

namespace copycat::loader {

void plugin_registry::add_builtin(const plugin_descriptor& descriptor) {
    add(plugin_entry{
        descriptor, descriptor.class_name, descriptor.version ? descriptor.version : "undefined", nullptr, {}});
    rebuild_aliases();
}

void plugin_registry::add_library(std::shared_ptr<const plugin_library> library) {
    const auto& manifest = library->manifest();
    for (std::size_t i = 0; i < manifest.plugin_count; ++i) {
        const plugin_descriptor& d = manifest.plugins[i];
        add(plugin_entry{d, d.class_name, d.version ? d.version : "undefined", library, {}});
        log::info("Loaded plugin {} ({}) from {}", d.class_name, plugin_kind_name(d.kind), library->path());
    }
    rebuild_aliases();
}

bool plugin_registry::add_foreign(foreign_class_entry entry, bool replace_existing) {
    if (entry.kinds.empty() || !entry.origin) return false;
    if (replace_existing) {
        if (auto it = by_class_.find(entry.class_name); it != by_class_.end()) {
            log::info("Plugin {} from {} replaces the one from {}", entry.class_name, entry.origin->location(),
                      it->second.location());
            by_class_.erase(it);
        }
    }
    // The descriptor has no factory: plugin_entry::create() asks the foreign class. Its class_name
    // is filled once the entry sits in the map (a pointer into the entry's own string).
    plugin_entry made{plugin_descriptor{entry.kinds.front(), nullptr, nullptr, source_connector_factory{nullptr}},
                      entry.class_name, std::move(entry.version), nullptr, {}, std::move(entry.origin)};
    for (std::size_t i = 1; i < entry.kinds.size(); ++i)
        made.other_kinds.push_back(plugin_descriptor{entry.kinds[i], nullptr, nullptr, source_connector_factory{nullptr}});
    if (!add(std::move(made))) return false;
    plugin_entry& stored = by_class_.find(entry.class_name)->second;
    stored.descriptor.class_name = stored.class_name.c_str();
    for (plugin_descriptor& d : stored.other_kinds) d.class_name = stored.class_name.c_str();
    rebuild_aliases();
    return true;
}

bool plugin_registry::add(plugin_entry entry) {
    if (auto it = by_class_.find(entry.class_name); it != by_class_.end()) {
        plugin_entry& known = it->second;
        const auto kinds = known.kinds();
        if (!entry.foreign && !known.foreign && known.library == entry.library &&
            std::find(kinds.begin(), kinds.end(), entry.kind()) == kinds.end()) {
            known.other_kinds.push_back(entry.descriptor);
            return true;
        }
        log::warn("Ignoring plugin {} from {}: the same class is already registered from {}", entry.class_name,
                  entry.location(), it->second.location());
        return false;
    }
    std::string name = entry.class_name;
    by_class_.emplace(std::move(name), std::move(entry));
    return true;
}

void plugin_registry::rebuild_aliases() {
    // An alias counts once per class; a name used by two classes is ambiguous and not registered.
    std::map<std::string, std::set<std::string>> candidates;
    for (const auto& [name, entry] : by_class_) {
        candidates[simple_name(name)].insert(name);
        candidates[pruned_name(name, entry.kind())].insert(name);
    }
    aliases_.clear();
    for (auto& [alias, classes] : candidates) {
        if (by_class_.count(alias)) continue;  // a full class name always means itself
        if (classes.size() == 1) aliases_.emplace(alias, *classes.begin());
    }
}

const plugin_entry* plugin_registry::find(std::string_view name) const {
    if (auto it = by_class_.find(name); it != by_class_.end()) return &it->second;
    if (auto a = aliases_.find(name); a != aliases_.end()) return &by_class_.find(a->second)->second;
    return nullptr;
}

result<const plugin_entry*> plugin_registry::find(std::string_view name,
                                                  std::initializer_list<plugin_kind> kinds) const {
    const auto wanted = [&](const plugin_entry& e) {
        return std::find(kinds.begin(), kinds.end(), e.kind()) != kinds.end();
    };
    if (const plugin_entry* e = find(name); e != nullptr && wanted(*e)) return e;

    std::vector<std::string> available;
    for (const auto& [class_name, entry] : by_class_)
        if (wanted(entry)) available.push_back(class_name);
    const std::string kind_text = kinds.size() == 0 ? "plugin" : std::string(plugin_kind_name(*kinds.begin()));
    return make_error(errc::not_found,
                      fmt::format("Failed to find any class that implements {} and which name matches {}, "
                                  "available plugins are: {}",
                                  kind_text, name, fmt::join(available, ", ")));
}

std::vector<const plugin_entry*> plugin_registry::entries() const {
    std::vector<const plugin_entry*> out;
    out.reserve(by_class_.size());
    for (const auto& [name, entry] : by_class_) out.push_back(&entry);
    return out;
}

}  // namespace copycat::loader
