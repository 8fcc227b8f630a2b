#include "runtime/file_config_provider.hpp"

#include "common/logging.hpp"
#include "runtime/provided_file.hpp"

namespace copycat::runtime {

result<void> file_config_provider::configure(const string_map& params) {
    COPYCAT_TRY(auto allowed, allowed_paths::from_params(params));
    allowed_ = std::move(allowed);
    return {};
}

result<config_data> file_config_provider::get(const std::string& path, const std::set<std::string>& keys) const {
    if (!allowed_) return make_error(errc::internal, "The provider has not been configured yet.");
    config_data out;
    if (path.empty()) return out;
    const auto file = allowed_->check(path);
    if (!file) {
        log::warn("The path {} is not allowed to be accessed", path);
        return out;
    }
    auto text = read_provided_file(*file);
    auto props = text ? parse_properties(*text) : result<string_map>(text.err());
    if (!props) {
        log::error("Could not read properties from file {}: {}", path, props.err().describe());
        return make_error(errc::invalid_argument,
                          "Could not read properties from file " + path + ": " + props.err().describe());
    }
    for (const std::string& key : keys) {
        if (auto value = props->find(key); value != props->end()) out.data.emplace(key, value->second);
    }
    return out;
}

}  // namespace copycat::runtime
