#pragma once
// A plugin class that does not come from a Copycat shared library: a Java class behind the JVM
// bridge (docs/jvm-bridge.md "How a Java class enters the plugin registry"). A
// plugin_descriptor's factory is a stateless function pointer, which cannot name a Java class; a
// foreign class creates its instances itself.
//
// Owned by the registry entries that name it (shared); used from any thread.

#include <memory>
#include <string>
#include <variant>

#include "copycat/plugin.hpp"

namespace copycat::loader {

// A new instance of one of the plugin kinds; the alternatives are in plugin_kind order.
using plugin_instance =
    std::variant<std::unique_ptr<source_connector>, std::unique_ptr<sink_connector>, std::unique_ptr<converter>,
                 std::unique_ptr<header_converter>, std::unique_ptr<transformation>, std::unique_ptr<predicate>>;

class foreign_class {
public:
    virtual ~foreign_class() = default;

    // A new instance as `kind` (one of the kinds the class was registered as). Throws
    // connect_error when it cannot be created (the message says why, e.g. a Java exception).
    virtual plugin_instance create(plugin_kind kind) const = 0;
    // Where the class came from, for logs and GET /connector-plugins diagnostics: e.g. the plugin
    // directory or jar.
    virtual std::string location() const = 0;
};

}  // namespace copycat::loader
