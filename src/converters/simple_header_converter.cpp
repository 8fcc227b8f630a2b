#include "converters/simple_header_converter.hpp"

#include "converters/java_text.hpp"
#include "converters/utf8_text.hpp"
#include "converters/values_parser.hpp"

namespace copycat::converters {

void simple_header_converter::configure(const std::map<std::string, std::string>&) {}

const config_def& simple_header_converter::config() const {
    static const config_def def;
    return def;
}

schema_and_value simple_header_converter::to_connect_header(std::string_view, std::string_view,
                                                            std::optional<bytes_view> data) {
    if (!data) {
        return {};
    }
    try {
        return parse_values_string(decode_utf8_lossy(*data));
    } catch (const std::exception&) {
        // Kafka logs the failure and keeps the raw bytes.
        return {schema::bytes(), bytes(data->begin(), data->end())};
    }
}

std::optional<bytes> simple_header_converter::from_connect_header(std::string_view, std::string_view, const schema_ptr&,
                                                                  const value& val) {
    if (val.is_null()) {
        return std::nullopt;
    }
    const std::string text = values_string_text(val);
    return bytes(text.begin(), text.end());
}

}  // namespace copycat::converters
