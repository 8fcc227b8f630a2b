#pragma once
// One plugin shared library, opened with dlopen(RTLD_NOW | RTLD_LOCAL) and checked against this
// worker's ABI before anything in it is used.
//
// Libraries are never closed: objects a plugin created (and their virtual tables) must outlive
// every thread that may still touch them, as with Java class loaders that are never unloaded.

#include <memory>
#include <string>

#include "common/result.hpp"
#include "copycat/plugin.hpp"

namespace copycat::loader {

class plugin_library {
public:
    // Opens the library at `path` and reads its manifest. Fails (never throws, never aborts) when
    // the file is not a loadable shared library, has no Copycat entry point, or was built against
    // another ABI; the error says which.
    static result<std::shared_ptr<const plugin_library>> open(const std::string& path);

    const std::string& path() const { return path_; }
    const copycat_plugin_manifest& manifest() const { return *manifest_; }

private:
    plugin_library(std::string path, const copycat_plugin_manifest* manifest)
        : path_(std::move(path)), manifest_(manifest) {}

    std::string path_;
    const copycat_plugin_manifest* manifest_;
};

}  // namespace copycat::loader
