#include "app/connector_config_file.hpp"

#include "common/connector_config_text.hpp"
#include "herder_api/entities.hpp"

namespace copycat::app {
namespace {

error missing_name(const std::string& path) {
    return make_error(errc::invalid_argument,
                      "Connector configuration at '" + path + "' is missing the mandatory 'name' configuration");
}

}  // namespace

result<connector_request> parse_connector_config(const std::string& text, const std::string& path) {
    COPYCAT_TRY(auto parsed, parse_connector_config_text(text, path));
    if (!parsed.name) return missing_name(path);
    connector_request out{*parsed.name, std::move(parsed.config), std::nullopt};
    if (auto it = out.config.find("name"); it != out.config.end()) {
        if (it->second != out.name)
            return make_error(errc::invalid_argument,
                              "Connector name configuration in 'config' doesn't match the one "
                              "specified in 'name' at '" +
                                  path + "'");
    } else {
        out.config.emplace("name", out.name);
    }
    if (parsed.initial_state) {
        out.initial_state = herder::parse_initial_state(*parsed.initial_state);
        if (!out.initial_state)
            return make_error(errc::invalid_argument, "Connector configuration at '" + path +
                                                          "' has an invalid initial_state \"" + *parsed.initial_state +
                                                          "\" (expected RUNNING, PAUSED or STOPPED)");
    }
    return out;
}

result<connector_request> read_connector_config_file(const std::string& path) {
    auto text = read_text_input(path);
    if (!text) return make_error(errc::invalid_argument, "Could not read connector configuration file '" + path + "'");
    return parse_connector_config(*text, path);
}

}  // namespace copycat::app
