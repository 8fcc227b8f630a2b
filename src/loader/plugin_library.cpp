#include "loader/plugin_library.hpp"

#include <dlfcn.h>
#include <fmt/format.h>

#include <exception>

#include "loader/plugin_host.hpp"

namespace copycat::loader {

result<std::shared_ptr<const plugin_library>> plugin_library::open(const std::string& path) {
    dlerror();
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
        const char* why = dlerror();
        return make_error(errc::invalid_argument,
                          fmt::format("cannot load plugin library {}: {}", path, why ? why : "unknown dlopen error"));
    }
    auto* entry = reinterpret_cast<copycat_plugin_entry_fn>(dlsym(handle, COPYCAT_PLUGIN_ENTRY_SYMBOL));
    if (entry == nullptr) {
        dlclose(handle);
        return make_error(errc::invalid_argument,
                          fmt::format("{} is not a Copycat plugin: it has no {}() entry point (use COPYCAT_PLUGIN)",
                                      path, COPYCAT_PLUGIN_ENTRY_SYMBOL));
    }
    const copycat_plugin_manifest* manifest = nullptr;
    try {
        manifest = entry();
    } catch (const std::exception& e) {
        return make_error(errc::invalid_argument,
                          fmt::format("plugin library {} failed to describe itself: {}", path, e.what()));
    } catch (...) {
        return make_error(errc::invalid_argument, fmt::format("plugin library {} failed to describe itself", path));
    }
    if (auto problem = check_plugin_manifest(manifest)) {
        // The library stays mapped: its static destructors may run arbitrary plugin code.
        return make_error(errc::unsupported, fmt::format("refusing plugin library {}: {}", path, *problem));
    }
    // A library built before copycat/plugin_log.hpp has no such function and logs to stderr itself.
    if (auto* attach = reinterpret_cast<copycat_plugin_attach_host_fn>(dlsym(handle, COPYCAT_PLUGIN_ATTACH_HOST_SYMBOL)))
        attach(&plugin_host());
    return std::shared_ptr<const plugin_library>(new plugin_library(path, manifest));
}

}  // namespace copycat::loader
