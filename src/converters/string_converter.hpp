// org.apache.kafka.connect.storage.StringConverter: any value as its string form, bytes as text.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "converters/dual_converter.hpp"

namespace copycat::converters {

/// Kafka's StringConverter. Writing ignores the schema and writes the value's Java toString()
/// text (see java_object_text(); a null value is Kafka's null) as UTF-8. Reading always gives
/// an OPTIONAL_STRING schema and the bytes decoded as UTF-8 (malformed sequences become
/// U+FFFD, as in Java), or null for Kafka's null.
///
/// Configuration: "converter.encoding" (default UTF-8). Only UTF-8 (any spelling Java accepts:
/// "UTF-8", "utf8", ...) is supported; other encodings are refused with a config_error.
class string_converter final : public dual_converter {
public:
    static constexpr std::string_view class_name = "org.apache.kafka.connect.storage.StringConverter";
    static constexpr std::string_view encoding_config = "converter.encoding";

    const config_def& config() const override;
    std::optional<bytes> from_connect_data(std::string_view topic, headers& hdrs, const schema_ptr& schema,
                                           const value& val) override;
    schema_and_value to_connect_data(std::string_view topic, const headers& hdrs,
                                     std::optional<bytes_view> data) override;

protected:
    void configure_with(const std::map<std::string, std::string>& configs) override;
};

}  // namespace copycat::converters
