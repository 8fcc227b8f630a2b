#pragma once
// Every plugin class the worker knows: the built-ins (converters, transforms) and those found in
// plugin libraries on plugin.path. Found by full class name or by a unique alias
// (Kafka's simple and pruned names: "FileStreamSource" for
// "org.apache.kafka.connect.file.FileStreamSourceConnector").
//
// Owned by the application; filled at start-up on one thread, then only read (any thread).

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "copycat/plugin.hpp"
#include "loader/plugin_library.hpp"

namespace copycat::loader {

struct plugin_entry {
    plugin_descriptor descriptor;
    std::string class_name;
    std::string version;  // "undefined" when the plugin gives none
    // The library it came from; null for built-ins.
    std::shared_ptr<const plugin_library> library;
    // The same class registered again as another kind (a converter that is also a header
    // converter, as Kafka's JsonConverter is). find() matches `descriptor`'s kind only.
    std::vector<plugin_descriptor> other_kinds{};

    plugin_kind kind() const { return descriptor.kind; }
    bool is_connector() const {
        return kind() == plugin_kind::source_connector || kind() == plugin_kind::sink_connector;
    }
    // Every kind the class was registered as, `kind()` first.
    std::vector<plugin_kind> kinds() const {
        std::vector<plugin_kind> out{kind()};
        for (const plugin_descriptor& d : other_kinds) out.push_back(d.kind);
        return out;
    }
    // "builtin" or the library path.
    std::string location() const { return library ? library->path() : "builtin"; }
};

class plugin_registry {
public:
    // Registers a built-in class; the descriptor's strings must outlive the registry.
    void add_builtin(const plugin_descriptor& descriptor);
    // Registers every class of an opened library. A class name already registered is skipped with
    // a warning (the first one wins, as on Kafka's classpath), unless it comes from the same place
    // (built-in, or the same library) as another kind: then it is that class's other kind.
    void add_library(std::shared_ptr<const plugin_library> library);

    // The plugin named by a full class name or an unambiguous alias, optionally of one kind.
    const plugin_entry* find(std::string_view name) const;
    // Like find, but a helpful error when missing, ambiguous or of another kind: Kafka's
    // "Failed to find any class that implements Connector and which name matches X, available
    // connectors are: ..." style.
    result<const plugin_entry*> find(std::string_view name, std::initializer_list<plugin_kind> kinds) const;

    // Entries in class-name order.
    std::vector<const plugin_entry*> entries() const;

private:
    void add(plugin_entry entry);
    void rebuild_aliases();

    std::map<std::string, plugin_entry, std::less<>> by_class_;
    std::map<std::string, std::string, std::less<>> aliases_;  // alias -> class name
};

}  // namespace copycat::loader
