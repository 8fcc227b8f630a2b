#include "converters/byte_array_converter.hpp"

#include "converters/converter_config.hpp"
#include "converters/java_text.hpp"
#include "copycat/errors.hpp"

namespace copycat::converters {

const config_def& byte_array_converter::config() const {
    static const config_def def = new_converter_config_def();
    return def;
}

void byte_array_converter::configure_with(const std::map<std::string, std::string>&) {}

std::optional<bytes> byte_array_converter::from_connect_data(std::string_view, headers&, const schema_ptr& schema,
                                                             const value& val) {
    if (schema && schema->type() != schema_type::bytes) {
        throw data_error("Invalid schema type for ByteArrayConverter: " +
                         std::string(schema_type_name(schema->type())));
    }
    if (val.is_null()) {
        return std::nullopt;
    }
    if (!val.is_bytes()) {
        throw data_error("ByteArrayConverter is not compatible with objects of type " +
                         std::string(java_class_of(val.kind())));
    }
    return val.as_bytes();
}

schema_and_value byte_array_converter::to_connect_data(std::string_view, const headers&,
                                                       std::optional<bytes_view> data) {
    if (!data) {
        return {schema::optional_bytes(), value()};
    }
    return {schema::optional_bytes(), bytes(data->begin(), data->end())};
}

}  // namespace copycat::converters
