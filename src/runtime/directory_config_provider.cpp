#include "runtime/directory_config_provider.hpp"

#include <filesystem>
#include <system_error>

#include "common/logging.hpp"
#include "runtime/provided_file.hpp"

namespace copycat::runtime {

namespace fs = std::filesystem;

result<void> directory_config_provider::configure(const string_map& params) {
    COPYCAT_TRY(auto allowed, allowed_paths::from_params(params));
    allowed_ = std::move(allowed);
    return {};
}

result<config_data> directory_config_provider::get(const std::string& path, const std::set<std::string>& keys) const {
    if (!allowed_) return make_error(errc::internal, "The provider has not been configured yet.");
    config_data out;
    if (path.empty()) return out;
    const auto dir = allowed_->check(path);
    if (!dir) {
        log::warn("The path {} is not allowed to be accessed", path);
        return out;
    }
    std::error_code ec;
    if (!fs::is_directory(*dir, ec)) {
        log::warn("The path {} is not a directory", path);
        return out;
    }
    fs::directory_iterator entries(*dir, ec);
    if (ec) return make_error(errc::io_error, "Could not list directory " + dir->string());
    for (const fs::directory_entry& entry : entries) {
        const std::string name = entry.path().filename().string();
        if (!keys.contains(name) || !entry.is_regular_file(ec)) continue;
        auto text = read_provided_file(entry.path());
        if (!text)
            return make_error(errc::io_error, "Could not read file " + entry.path().string() + " for property " + name +
                                                  ": " + text.err().describe());
        out.data.emplace(name, std::move(*text));
    }
    return out;
}

}  // namespace copycat::runtime
