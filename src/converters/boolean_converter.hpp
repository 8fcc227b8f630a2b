// org.apache.kafka.connect.converters.BooleanConverter: one byte, 1 for true and 0 for false.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "converters/dual_converter.hpp"

namespace copycat::converters {

/// Kafka's BooleanConverter. Writing accepts a null or BOOLEAN schema ("Invalid schema type for
/// BooleanConverter: STRING" otherwise) and a boolean or null value. Reading needs exactly one
/// byte, 0x00 or 0x01, and gives an OPTIONAL_BOOLEAN schema.
class boolean_converter final : public dual_converter {
public:
    static constexpr std::string_view class_name = "org.apache.kafka.connect.converters.BooleanConverter";

    const config_def& config() const override;
    std::optional<bytes> from_connect_data(std::string_view topic, headers& hdrs, const schema_ptr& schema,
                                           const value& val) override;
    schema_and_value to_connect_data(std::string_view topic, const headers& hdrs,
                                     std::optional<bytes_view> data) override;

protected:
    /// Checks "converter.type".
    void configure_with(const std::map<std::string, std::string>& configs) override;
};

}  // namespace copycat::converters
