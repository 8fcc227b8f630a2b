#include "converters/boolean_converter.hpp"

#include "converters/converter_config.hpp"
#include "converters/java_text.hpp"
#include "copycat/config/abstract_config.hpp"
#include "copycat/errors.hpp"

namespace copycat::converters {

const config_def& boolean_converter::config() const {
    static const config_def def = new_converter_config_def();
    return def;
}

void boolean_converter::configure_with(const std::map<std::string, std::string>& configs) {
    static_cast<void>(abstract_config(config(), configs));
}

std::optional<bytes> boolean_converter::from_connect_data(std::string_view, headers&, const schema_ptr& schema,
                                                          const value& val) {
    if (schema && schema->type() != schema_type::boolean) {
        throw data_error("Invalid schema type for BooleanConverter: " + std::string(schema_type_name(schema->type())));
    }
    if (val.is_null()) {
        return std::nullopt;
    }
    if (!val.is_bool()) {
        throw data_error("BooleanConverter is not compatible with objects of type " +
                         std::string(java_class_of(val.kind())));
    }
    return bytes{static_cast<std::uint8_t>(val.as_bool() ? 1 : 0)};
}

schema_and_value boolean_converter::to_connect_data(std::string_view, const headers&, std::optional<bytes_view> data) {
    if (!data) {
        return {schema::optional_boolean(), value()};
    }
    if (data->size() != 1) {
        throw data_error("Failed to deserialize boolean: Size of data received by BooleanDeserializer is not 1");
    }
    const std::uint8_t b = (*data)[0];
    if (b > 1) {
        throw data_error("Failed to deserialize boolean: Unexpected byte received by BooleanDeserializer: " +
                         std::to_string(static_cast<std::int8_t>(b)));
    }
    return {schema::optional_boolean(), b == 1};
}

}  // namespace copycat::converters
