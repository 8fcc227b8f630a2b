#include "jvm/java_plugin_locations.hpp"

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace copycat::jvm {
namespace {

namespace fs = std::filesystem;

bool is_jar(const fs::path& p) {
    std::error_code ec;
    return p.extension() == ".jar" && fs::is_regular_file(p, ec);
}

bool holds_jars(const fs::path& dir) {
    std::error_code ec;
    for (fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end;
         !ec && it != end; it.increment(ec))
        if (is_jar(it->path())) return true;
    return false;
}

}  // namespace

std::vector<std::string> java_plugin_locations(const std::vector<std::string>& plugin_path) {
    std::vector<std::string> out;
    const auto add = [&](const fs::path& p) {
        std::string text = p.lexically_normal().string();
        if (std::find(out.begin(), out.end(), text) == out.end()) out.push_back(std::move(text));
    };
    for (const std::string& element : plugin_path) {
        const fs::path path(element);
        std::error_code ec;
        if (is_jar(path)) {
            add(path);
            continue;
        }
        if (!fs::is_directory(path, ec)) continue;
        std::vector<fs::path> children;
        for (const auto& child : fs::directory_iterator(path, ec)) children.push_back(child.path());
        std::sort(children.begin(), children.end());
        for (const fs::path& child : children)
            if (is_jar(child) || (fs::is_directory(child, ec) && holds_jars(child))) add(child);
    }
    return out;
}

}  // namespace copycat::jvm
