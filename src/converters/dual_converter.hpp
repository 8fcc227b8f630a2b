// Base of the built-in converters that, like their Kafka classes, are both a Converter and a
// HeaderConverter.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "copycat/convert/converter.hpp"
#include "copycat/convert/header_converter.hpp"

namespace copycat::converters {

/// Implements the header converter side by delegating to the data conversion (as Kafka's
/// JsonConverter, StringConverter, ByteArrayConverter and number converters do), and routes
/// both configure() calls to configure_with() with "converter.type" set: "key"/"value" for
/// configure(configs, is_key), "header" (unless given) for configure(configs).
class dual_converter : public converter, public header_converter {
public:
    void configure(const std::map<std::string, std::string>& configs, bool is_key) override;
    void configure(const std::map<std::string, std::string>& configs) override;

    schema_and_value to_connect_header(std::string_view topic, std::string_view header_key,
                                       std::optional<bytes_view> data) override;
    std::optional<bytes> from_connect_header(std::string_view topic, std::string_view header_key,
                                             const schema_ptr& schema, const value& val) override;

    /// Nothing to release.
    void close() override;

protected:
    /// Applies the configuration; `configs` always holds "converter.type".
    virtual void configure_with(const std::map<std::string, std::string>& configs) = 0;
};

}  // namespace copycat::converters
