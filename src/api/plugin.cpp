#include "copycat/plugin.hpp"

#include <array>

namespace copycat {

std::string_view plugin_kind_name(plugin_kind kind) noexcept {
    static constexpr std::array<std::string_view, 6> names{"source",           "sink",           "converter",
                                                           "header_converter", "transformation", "predicate"};
    auto i = static_cast<std::size_t>(kind);
    return i < names.size() ? names[i] : "unknown";
}

std::optional<std::string> check_plugin_manifest(const copycat_plugin_manifest* manifest) {
    if (manifest == nullptr) return "The plugin returned no manifest";
    if (manifest->abi_version != COPYCAT_ABI_VERSION) {
        return "Plugin ABI version " + std::to_string(manifest->abi_version) +
               " does not match the worker's ABI version " + std::to_string(COPYCAT_ABI_VERSION) +
               "; rebuild the plugin against the Copycat headers of this worker";
    }
    std::string_view tag = manifest->abi_tag == nullptr ? "" : manifest->abi_tag;
    if (tag != COPYCAT_ABI_TAG) {
        return "Plugin was built with the C++ standard library '" + std::string(tag) + "' but the worker with '" +
               COPYCAT_ABI_TAG + "'; rebuild the plugin with the worker's toolchain";
    }
    if (manifest->plugin_count > 0 && manifest->plugins == nullptr) return "The plugin manifest lists no plugins";
    for (std::size_t i = 0; i < manifest->plugin_count; ++i) {
        const plugin_descriptor& d = manifest->plugins[i];
        if (d.class_name == nullptr || *d.class_name == '\0') {
            return "Plugin entry " + std::to_string(i) + " has no class name";
        }
        if (d.factory.index() != static_cast<std::size_t>(d.kind)) {
            return "Plugin " + std::string(d.class_name) + " is declared as a " +
                   std::string(plugin_kind_name(d.kind)) + " plugin but its factory makes another kind";
        }
        bool has_factory = std::visit([](auto f) { return f != nullptr; }, d.factory);
        if (!has_factory) return "Plugin " + std::string(d.class_name) + " has no factory";
    }
    return std::nullopt;
}

}  // namespace copycat
