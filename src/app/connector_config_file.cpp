#include "app/connector_config_file.hpp"

#include <fstream>
#include <sstream>

#include "common/json.hpp"
#include "herder/entities.hpp"

namespace copycat::app {
namespace {

error missing_name(const std::string& path) {
    return make_error(errc::invalid_argument,
                      "Connector configuration at '" + path + "' is missing the mandatory 'name' configuration");
}

// Jackson's Map<String, String>: strings, and numbers/booleans as their text.
std::optional<string_map> string_object(const json::value& v) {
    if (!v.is_object()) return std::nullopt;
    string_map out;
    for (const json::member& m : v.as_object()) {
        if (m.val.is_string()) {
            out.emplace(m.name, m.val.as_string());
        } else if (m.val.is_number() || m.val.is_bool()) {
            out.emplace(m.name, json::dump(m.val));
        } else {
            return std::nullopt;
        }
    }
    return out;
}

result<connector_request> from_creation_request(const json::value& doc, const std::string& path) {
    const json::value* name = doc.find("name");
    const json::value* config = doc.find("config");
    std::optional<string_map> map = config != nullptr ? string_object(*config) : std::nullopt;
    if (name == nullptr || !name->is_string() || !map)
        return make_error(errc::invalid_argument,
                          "Connector configuration at '" + path +
                              "' is neither a JSON object of strings nor a connector creation request "
                              "{\"name\": ..., \"config\": {...}}");
    connector_request out{name->as_string(), std::move(*map), std::nullopt};
    if (auto it = out.config.find("name"); it != out.config.end()) {
        if (it->second != out.name)
            return make_error(errc::invalid_argument,
                              "Connector name configuration in 'config' doesn't match the one "
                              "specified in 'name' at '" +
                                  path + "'");
    } else {
        out.config.emplace("name", out.name);
    }
    if (const json::value* state = doc.find("initial_state"); state != nullptr && !state->is_null()) {
        if (state->is_string()) out.initial_state = herder::parse_initial_state(state->as_string());
        if (!out.initial_state)
            return make_error(errc::invalid_argument, "Connector configuration at '" + path +
                                                          "' has an invalid initial_state " + json::dump(*state) +
                                                          " (expected RUNNING, PAUSED or STOPPED)");
    }
    return out;
}

}  // namespace

result<connector_request> parse_connector_config(const std::string& text, const std::string& path) {
    if (auto doc = json::parse(text); doc && doc->is_object()) {
        if (auto flat = string_object(*doc)) {
            auto name = flat->find("name");
            if (name == flat->end()) return missing_name(path);
            return connector_request{name->second, std::move(*flat), std::nullopt};
        }
        return from_creation_request(*doc, path);
    }
    auto props = parse_properties(text);
    if (!props)
        return make_error(errc::invalid_argument,
                          "Could not parse connector configuration at '" + path + "': " + props.err().describe());
    auto name = props->find("name");
    if (name == props->end()) return missing_name(path);
    return connector_request{name->second, std::move(*props), std::nullopt};
}

result<connector_request> read_connector_config_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return make_error(errc::invalid_argument, "Could not read connector configuration file '" + path + "'");
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad())
        return make_error(errc::invalid_argument, "Could not read connector configuration file '" + path + "'");
    return parse_connector_config(text.str(), path);
}

}  // namespace copycat::app
