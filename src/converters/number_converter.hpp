// The fixed-width number converters of org.apache.kafka.connect.converters: ShortConverter,
// IntegerConverter, LongConverter, FloatConverter and DoubleConverter.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "converters/dual_converter.hpp"

namespace copycat::converters {

/// One of Kafka's number converters: values are written big-endian with the width of their
/// type (Kafka's Short/Integer/Long/Float/DoubleSerializer; floats as their IEEE-754 bits, a
/// double NaN as the canonical 0x7ff8000000000000), and read back with the type's optional
/// schema. The schema given for writing is ignored; the value must have exactly the
/// converter's type ("Failed to serialize to integer (was class java.lang.Long): "); null is
/// Kafka's null both ways. Reading data of another length fails with Kafka's message
/// ("Failed to deserialize integer: Size of data received by IntegerDeserializer is not 4").
class number_converter final : public dual_converter {
public:
    /// The converter for one value kind: int16, int32, int64, float32 or float64.
    explicit number_converter(value_kind kind);

    static std::unique_ptr<number_converter> short_converter() {
        return std::make_unique<number_converter>(value_kind::int16);
    }
    static std::unique_ptr<number_converter> integer_converter() {
        return std::make_unique<number_converter>(value_kind::int32);
    }
    static std::unique_ptr<number_converter> long_converter() {
        return std::make_unique<number_converter>(value_kind::int64);
    }
    static std::unique_ptr<number_converter> float_converter() {
        return std::make_unique<number_converter>(value_kind::float32);
    }
    static std::unique_ptr<number_converter> double_converter() {
        return std::make_unique<number_converter>(value_kind::float64);
    }

    static constexpr std::string_view short_class_name = "org.apache.kafka.connect.converters.ShortConverter";
    static constexpr std::string_view integer_class_name = "org.apache.kafka.connect.converters.IntegerConverter";
    static constexpr std::string_view long_class_name = "org.apache.kafka.connect.converters.LongConverter";
    static constexpr std::string_view float_class_name = "org.apache.kafka.connect.converters.FloatConverter";
    static constexpr std::string_view double_class_name = "org.apache.kafka.connect.converters.DoubleConverter";

    /// The optional schema every read value gets (OPTIONAL_INT32 for the integer converter...).
    const schema_ptr& read_schema() const noexcept { return schema_; }

    const config_def& config() const override;
    std::optional<bytes> from_connect_data(std::string_view topic, headers& hdrs, const schema_ptr& schema,
                                           const value& val) override;
    schema_and_value to_connect_data(std::string_view topic, const headers& hdrs,
                                     std::optional<bytes_view> data) override;

protected:
    /// Checks "converter.type".
    void configure_with(const std::map<std::string, std::string>& configs) override;

private:
    value_kind kind_;
    std::size_t width_;
    std::string_view type_name_;   // "short", "integer", ...
    std::string_view size_error_;  // the deserializer's message for a wrong length
    schema_ptr schema_;
};

}  // namespace copycat::converters
