// org.apache.kafka.connect.converters.ByteArrayConverter: raw bytes in and out.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "converters/dual_converter.hpp"

namespace copycat::converters {

/// Kafka's ByteArrayConverter. Writing accepts a null schema or a BYTES schema ("Invalid schema
/// type for ByteArrayConverter: INT32" otherwise) and a bytes or null value ("ByteArrayConverter
/// is not compatible with objects of type class java.lang.String" otherwise). Reading gives an
/// OPTIONAL_BYTES schema with the bytes (null for Kafka's null).
class byte_array_converter final : public dual_converter {
public:
    static constexpr std::string_view class_name = "org.apache.kafka.connect.converters.ByteArrayConverter";

    const config_def& config() const override;
    std::optional<bytes> from_connect_data(std::string_view topic, headers& hdrs, const schema_ptr& schema,
                                           const value& val) override;
    schema_and_value to_connect_data(std::string_view topic, const headers& hdrs,
                                     std::optional<bytes_view> data) override;

protected:
    /// Kafka's ByteArrayConverter ignores its configuration.
    void configure_with(const std::map<std::string, std::string>& configs) override;
};

}  // namespace copycat::converters
