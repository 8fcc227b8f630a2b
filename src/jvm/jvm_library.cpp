#include "jvm/jvm_library.hpp"

#include <dlfcn.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <filesystem>
#include <system_error>

namespace copycat::jvm {

std::vector<std::string> libjvm_candidates(const std::optional<std::string>& java_home) {
    if (java_home && !java_home->empty()) return {*java_home + "/lib/server/libjvm.so"};
    std::vector<std::string> out{"/usr/lib/jvm/default-java/lib/server/libjvm.so"};
    std::error_code ec;
    for (const auto& dir : std::filesystem::directory_iterator("/usr/lib/jvm", ec)) {
        const std::string name = dir.path().filename().string();
        if (name.rfind("java-17-openjdk-", 0) == 0) out.push_back(dir.path().string() + "/lib/server/libjvm.so");
    }
    return out;
}

result<jvm_library> open_libjvm(const std::optional<std::string>& java_home) {
    const std::vector<std::string> candidates = libjvm_candidates(java_home);
    for (const std::string& path : candidates) {
        std::error_code ec;
        if (!std::filesystem::exists(path, ec)) continue;
        // RTLD_GLOBAL is not needed: the bridge reaches the JVM through JNI_CreateJavaVM alone.
        void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (handle == nullptr) return make_error(errc::unavailable, fmt::format("Cannot load {}: {}", path, dlerror()));
        void* create = dlsym(handle, "JNI_CreateJavaVM");
        if (create == nullptr)
            return make_error(errc::unavailable, fmt::format("{} has no JNI_CreateJavaVM: {}", path, dlerror()));
        return jvm_library{path, reinterpret_cast<jint (*)(JavaVM**, void**, void*)>(create)};
    }
    return make_error(errc::not_found,
                      fmt::format("No JVM found (libjvm.so is in none of: {}); set JAVA_HOME to a Java 17 JDK or JRE",
                                  fmt::join(candidates, ", ")));
}

}  // namespace copycat::jvm
