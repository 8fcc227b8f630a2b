#pragma once
// Every plugin class the worker knows: the built-ins (converters, transforms) and those found in
// plugin libraries on plugin.path. Found by full class name or by a unique alias
// (Kafka's simple and pruned names: "FileStreamSource" for
// "org.apache.kafka.connect.file.FileStreamSourceConnector").
//
// Owned by the application; filled at start-up on one thread, then only read (any thread).

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "copycat/plugin.hpp"
#include "loader/foreign_class.hpp"
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
    // Set for a class that creates its own instances (a Java class); `descriptor` then has no
    // factory, and `library` is null.
    std::shared_ptr<const foreign_class> foreign{};

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
    // "builtin", the library path, or the foreign class's location.
    std::string location() const {
        if (foreign) return foreign->location();
        return library ? library->path() : "builtin";
    }

    // A new instance as `Base` (source_connector, sink_connector, converter, ...). Throws
    // connect_error when the class is not of that kind or cannot be created.
    template <class Base>
    std::unique_ptr<Base> create() const {
        if (!foreign) return descriptor.create<Base>();
        const plugin_kind wanted = plugin_kind_of<Base>();
        const auto kinds_now = kinds();
        if (std::find(kinds_now.begin(), kinds_now.end(), wanted) == kinds_now.end())
            throw connect_error("Plugin " + class_name + " is a " + std::string(plugin_kind_name(kind())) +
                                " plugin and cannot be created as another kind");
        return std::get<std::unique_ptr<Base>>(foreign->create(wanted));
    }
};

// A class that creates its own instances, as the registry lists it.
struct foreign_class_entry {
    std::string class_name;
    std::vector<plugin_kind> kinds;  // at least one; the first is the entry's kind()
    std::string version;             // "undefined" when the class gives none
    std::shared_ptr<const foreign_class> origin;
};

class plugin_registry {
public:
    // Registers a built-in class; the descriptor's strings must outlive the registry.
    void add_builtin(const plugin_descriptor& descriptor);
    // Registers every class of an opened library. A class name already registered is skipped with
    // a warning (the first one wins, as on Kafka's classpath), unless it comes from the same place
    // (built-in, or the same library) as another kind: then it is that class's other kind.
    void add_library(std::shared_ptr<const plugin_library> library);
    // Registers a foreign class (a Java class). A class name already registered is skipped with a
    // warning, as for libraries, unless `replace_existing`: then the foreign class replaces the
    // earlier one (docs/jvm-bridge.md "A native and a Java plugin with the same class name").
    // Returns whether it was registered.
    bool add_foreign(foreign_class_entry entry, bool replace_existing = false);

    // The plugin named by a full class name or an unambiguous alias, optionally of one kind.
    const plugin_entry* find(std::string_view name) const;
    // Like find, but a helpful error when missing, ambiguous or of another kind: Kafka's
    // "Failed to find any class that implements Connector and which name matches X, available
    // connectors are: ..." style.
    result<const plugin_entry*> find(std::string_view name, std::initializer_list<plugin_kind> kinds) const;

    // Entries in class-name order.
    std::vector<const plugin_entry*> entries() const;

private:
    bool add(plugin_entry entry);
    void rebuild_aliases();

    std::map<std::string, plugin_entry, std::less<>> by_class_;
    std::map<std::string, std::string, std::less<>> aliases_;  // alias -> class name
};

}  // namespace copycat::loader
