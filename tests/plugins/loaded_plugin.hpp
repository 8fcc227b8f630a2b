// A built plugin library loaded the way the worker loads it (dlopen, the entry point, the
// manifest check), for the tests that check what a plugin exports.
#pragma once

#include <catch2/catch.hpp>

#include <dlfcn.h>

#include <memory>
#include <optional>

#include "copycat/plugin.hpp"

namespace copycat::testing {

/// Loads the plugin library at `path` and REQUIREs that its manifest passes
/// check_plugin_manifest(). Unloads the library when destroyed: declare it before the objects
/// created from it.
class loaded_plugin {
public:
    explicit loaded_plugin(const char* path) : handle_(dlopen(path, RTLD_NOW | RTLD_LOCAL), &dlclose) {
        INFO((handle_ == nullptr ? dlerror() : ""));
        REQUIRE(handle_ != nullptr);
        auto entry = reinterpret_cast<copycat_plugin_entry_fn>(dlsym(handle_.get(), COPYCAT_PLUGIN_ENTRY_SYMBOL));
        REQUIRE(entry != nullptr);
        manifest_ = entry();
        REQUIRE(check_plugin_manifest(manifest_) == std::nullopt);
    }

    const copycat_plugin_manifest& manifest() const { return *manifest_; }

private:
    std::unique_ptr<void, int (*)(void*)> handle_;
    const copycat_plugin_manifest* manifest_ = nullptr;
};

}  // namespace copycat::testing
