// org.apache.kafka.connect.storage.SimpleHeaderConverter: header values as strings, parsed back
// with an inferred schema.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "copycat/convert/header_converter.hpp"

namespace copycat::converters {

/// Kafka's SimpleHeaderConverter (only a header converter). Writing gives the UTF-8 bytes of
/// values_string_text() (a null value gives a null header). Reading decodes UTF-8 and infers
/// the schema with parse_values_string() ("42" is an INT8, "true" a BOOLEAN, "[1,2]" an array
/// of INT8, "2024-01-31" a Date...); a value that cannot be parsed is returned as BYTES, as
/// Kafka does. It has no configuration.
class simple_header_converter final : public header_converter {
public:
    static constexpr std::string_view class_name = "org.apache.kafka.connect.storage.SimpleHeaderConverter";

    void configure(const std::map<std::string, std::string>& configs) override;
    const config_def& config() const override;
    schema_and_value to_connect_header(std::string_view topic, std::string_view header_key,
                                       std::optional<bytes_view> data) override;
    std::optional<bytes> from_connect_header(std::string_view topic, std::string_view header_key,
                                             const schema_ptr& schema, const value& val) override;
};

}  // namespace copycat::converters
