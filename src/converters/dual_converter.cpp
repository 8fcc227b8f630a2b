#include "converters/dual_converter.hpp"

#include "converters/converter_config.hpp"

namespace copycat::converters {

void dual_converter::configure(const std::map<std::string, std::string>& configs, bool is_key) {
    configure_with(with_converter_type(configs, is_key));
}

void dual_converter::configure(const std::map<std::string, std::string>& configs) {
    configure_with(with_header_type(configs));
}

schema_and_value dual_converter::to_connect_header(std::string_view topic, std::string_view,
                                                   std::optional<bytes_view> data) {
    const headers none;
    return to_connect_data(topic, none, data);
}

std::optional<bytes> dual_converter::from_connect_header(std::string_view topic, std::string_view,
                                                         const schema_ptr& schema, const value& val) {
    headers none;
    return from_connect_data(topic, none, schema, val);
}

void dual_converter::close() {}

}  // namespace copycat::converters
