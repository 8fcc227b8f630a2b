#include "herder_api/entities.hpp"

#include <algorithm>
#include <cctype>

#include "common/strings.hpp"

namespace copycat::herder {

std::string_view connector_type_name(connector_type type) {
    switch (type) {
        case connector_type::source:
            return "source";
        case connector_type::sink:
            return "sink";
        case connector_type::unknown:
            return "unknown";
    }
    return "unknown";
}

std::string_view state_name(run_state state) { return run_state_name(state); }

error offsets_need_stopped_connector(const std::string& connector) {
    return make_error(errc::invalid_argument,
                      "Connectors must be in the STOPPED state before their offsets can be modified. This can be done "
                      "for the specified connector by issuing a 'PUT' request to the '/connectors/" +
                          connector + "/stop' endpoint");
}

string_map apply_config_patch(string_map config, const std::map<std::string, std::optional<std::string>>& patch) {
    for (const auto& [key, value] : patch) {
        if (value) {
            config[key] = *value;
        } else {
            config.erase(key);
        }
    }
    return config;
}

error connector_not_found(const std::string& name) {
    return make_error(errc::not_found, "Connector " + name + " not found");
}

error unknown_connector(const std::string& name) { return make_error(errc::not_found, "Unknown connector " + name); }

std::optional<target_state> parse_initial_state(std::string_view text) {
    const std::string upper = to_upper(text);
    if (upper == "RUNNING") return target_state::started;
    if (upper == "PAUSED") return target_state::paused;
    if (upper == "STOPPED") return target_state::stopped;
    return std::nullopt;
}

}  // namespace copycat::herder
