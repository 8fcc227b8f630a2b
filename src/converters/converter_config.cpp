#include "converters/converter_config.hpp"

#include "copycat/config/valid_string.hpp"

namespace copycat::converters {

config_def new_converter_config_def() {
    config_def def;
    def.define(std::string(converter_type_config), config_type::string, no_default,
               valid_string::in({"key", "value", "header"}), importance::low, "How this converter will be used.");
    return def;
}

std::map<std::string, std::string> with_converter_type(const std::map<std::string, std::string>& configs, bool is_key) {
    std::map<std::string, std::string> out = configs;
    out[std::string(converter_type_config)] = is_key ? "key" : "value";
    return out;
}

std::map<std::string, std::string> with_header_type(const std::map<std::string, std::string>& configs) {
    std::map<std::string, std::string> out = configs;
    out.try_emplace(std::string(converter_type_config), "header");
    return out;
}

converter_type parse_converter_type(std::string_view name) noexcept {
    if (name == "key") {
        return converter_type::key;
    }
    return name == "header" ? converter_type::header : converter_type::value;
}

}  // namespace copycat::converters
