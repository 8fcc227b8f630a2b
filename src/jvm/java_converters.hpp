#pragma once
// Java Converters and HeaderConverters behind Copycat's converter interfaces (docs/jvm-bridge.md
// "Crossing records and configs"): Connect data crosses as a JsonConverter envelope
// (record_codec), serialized bytes as they are; one JNI call per key, value or header. Like every
// converter, an instance belongs to one task and is called from its thread only.

#include "copycat/convert/converter.hpp"
#include "copycat/convert/header_converter.hpp"
#include "jvm/java_plugin_base.hpp"

namespace copycat::jvm {

class java_converter final : public converter, private java_plugin_base {
public:
    using java_plugin_base::java_plugin_base;
    void configure(const std::map<std::string, std::string>& configs, bool is_key) override;
    const config_def& config() const override { return java_config(); }
    std::optional<bytes> from_connect_data(std::string_view topic, headers& hdrs, const schema_ptr& schema,
                                           const value& val) override;
    schema_and_value to_connect_data(std::string_view topic, const headers& hdrs,
                                     std::optional<bytes_view> data) override;
    void close() override { close_java(); }
};

class java_header_converter final : public header_converter, private java_plugin_base {
public:
    using java_plugin_base::java_plugin_base;
    void configure(const std::map<std::string, std::string>& configs) override;
    const config_def& config() const override { return java_config(); }
    schema_and_value to_connect_header(std::string_view topic, std::string_view header_key,
                                       std::optional<bytes_view> data) override;
    std::optional<bytes> from_connect_header(std::string_view topic, std::string_view header_key,
                                             const schema_ptr& schema, const value& val) override;
    void close() override { close_java(); }
};

}  // namespace copycat::jvm
