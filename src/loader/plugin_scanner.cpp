#include "loader/plugin_scanner.hpp"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "common/logging.hpp"
#include "common/strings.hpp"

namespace copycat::loader {
namespace fs = std::filesystem;

namespace {

bool looks_like_library(const fs::path& p) {
    const std::string name = p.filename().string();
    return name.ends_with(".so") || name.find(".so.") != std::string::npos;
}

std::vector<fs::path> libraries_under(const fs::path& element, std::vector<std::string>& refused) {
    std::vector<fs::path> found;
    std::error_code ec;
    if (fs::is_regular_file(element, ec)) {
        found.push_back(element);
        return found;
    }
    if (!fs::is_directory(element, ec)) {
        refused.push_back("plugin.path element " + element.string() + " does not exist or is not a directory");
        return found;
    }
    for (auto it = fs::recursive_directory_iterator(element, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (it->is_regular_file(ec) && looks_like_library(it->path())) found.push_back(it->path());
    }
    std::sort(found.begin(), found.end());
    return found;
}

}  // namespace

std::vector<std::string> split_plugin_path(const std::string& plugin_path) { return split_list(plugin_path); }

scan_report scan_plugin_path(const std::vector<std::string>& elements, plugin_registry& registry) {
    scan_report report;
    for (const auto& element : elements) {
        for (const auto& path : libraries_under(element, report.refused)) {
            auto library = plugin_library::open(path.string());
            if (!library) {
                report.refused.push_back(library.err().message);
                continue;
            }
            registry.add_library(std::move(*library));
            report.loaded.push_back(path.string());
        }
    }
    for (const auto& message : report.refused) log::warn("{}", message);
    return report;
}

}  // namespace copycat::loader
