#include "common/connector_config_text.hpp"

#include <fstream>
#include <iostream>
#include <sstream>

#include "common/json.hpp"

namespace copycat {
namespace {

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

std::optional<std::string> name_in(const string_map& config) {
    auto it = config.find("name");
    if (it == config.end()) return std::nullopt;
    return it->second;
}

result<connector_config_text> from_creation_request(const json::value& doc, const std::string& source) {
    const json::value* name = doc.find("name");
    const json::value* config = doc.find("config");
    std::optional<string_map> map = config != nullptr ? string_object(*config) : std::nullopt;
    if ((name != nullptr && !name->is_string()) || !map)
        return make_error(errc::invalid_argument,
                          "Connector configuration at '" + source +
                              "' is neither a JSON object of strings nor a connector creation request "
                              "{\"name\": ..., \"config\": {...}}");
    connector_config_text out{name != nullptr ? std::optional(name->as_string()) : name_in(*map), std::move(*map),
                              std::nullopt};
    if (const json::value* state = doc.find("initial_state"); state != nullptr && !state->is_null())
        out.initial_state = state->is_string() ? state->as_string() : json::dump(*state);
    return out;
}

}  // namespace

result<connector_config_text> parse_connector_config_text(std::string_view text, const std::string& source) {
    if (auto doc = json::parse(text); doc && doc->is_object()) {
        if (auto flat = string_object(*doc)) {
            auto name = name_in(*flat);
            return connector_config_text{std::move(name), std::move(*flat), std::nullopt};
        }
        return from_creation_request(*doc, source);
    }
    auto props = parse_properties(text);
    if (!props)
        return make_error(errc::invalid_argument,
                          "Could not parse connector configuration at '" + source + "': " + props.err().describe());
    auto name = name_in(*props);
    return connector_config_text{std::move(name), std::move(*props), std::nullopt};
}

result<std::string> read_text_input(const std::string& path) {
    std::ostringstream text;
    if (path == "-") {
        text << std::cin.rdbuf();
        if (std::cin.bad()) return make_error(errc::invalid_argument, "Could not read standard input");
        return text.str();
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) return make_error(errc::invalid_argument, "Could not read file '" + path + "'");
    text << in.rdbuf();
    if (in.bad()) return make_error(errc::invalid_argument, "Could not read file '" + path + "'");
    return text.str();
}

}  // namespace copycat
