#include "converters/string_converter.hpp"

#include <algorithm>
#include <cctype>

#include "common/strings.hpp"
#include "converters/converter_config.hpp"
#include "converters/java_text.hpp"
#include "converters/utf8_text.hpp"
#include "copycat/config/abstract_config.hpp"
#include "copycat/errors.hpp"

namespace copycat::converters {
namespace {

config_def make_definition() {
    config_def def = new_converter_config_def();
    def.define(std::string(string_converter::encoding_config), config_type::string, "UTF-8", importance::high,
               "The name of the Java character set to use for encoding strings as byte arrays.", std::nullopt, -1,
               width::medium, "Encoding");
    return def;
}

bool is_utf8_name(std::string_view name) {
    const std::string lower = to_lower(name);
    return lower == "utf-8" || lower == "utf8" || lower == "unicode-1-1-utf-8";
}

}  // namespace

const config_def& string_converter::config() const {
    static const config_def def = make_definition();
    return def;
}

void string_converter::configure_with(const std::map<std::string, std::string>& configs) {
    const abstract_config parsed(config(), configs);
    const std::string& encoding = parsed.get_string(encoding_config);
    if (!is_utf8_name(encoding)) {
        throw config_error("Invalid value " + encoding + " for configuration " + std::string(encoding_config) +
                           ": only UTF-8 is supported");
    }
}

std::optional<bytes> string_converter::from_connect_data(std::string_view, headers&, const schema_ptr&,
                                                         const value& val) {
    if (val.is_null()) {
        return std::nullopt;
    }
    if (val.is_string()) {
        const std::string& s = val.as_string();
        return bytes(s.begin(), s.end());
    }
    const std::string text = java_object_text(val);
    return bytes(text.begin(), text.end());
}

schema_and_value string_converter::to_connect_data(std::string_view, const headers&, std::optional<bytes_view> data) {
    if (!data) {
        return {schema::optional_string(), value()};
    }
    return {schema::optional_string(), decode_utf8_lossy(*data)};
}

}  // namespace copycat::converters
