#include "converters/number_converter.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <stdexcept>

#include "converters/converter_config.hpp"
#include "converters/java_text.hpp"
#include "copycat/config/abstract_config.hpp"
#include "copycat/errors.hpp"

namespace copycat::converters {
namespace {

std::uint64_t bits_of(const value& v) {
    switch (v.kind()) {
        case value_kind::int16:
            return static_cast<std::uint16_t>(v.as_int16());
        case value_kind::int32:
            return static_cast<std::uint32_t>(v.as_int32());
        case value_kind::int64:
            return static_cast<std::uint64_t>(v.as_int64());
        case value_kind::float32:
            return std::bit_cast<std::uint32_t>(v.as_float32());  // floatToRawIntBits
        case value_kind::float64: {
            const double d = v.as_float64();
            return std::isnan(d) ? 0x7ff8000000000000ULL : std::bit_cast<std::uint64_t>(d);  // doubleToLongBits
        }
        default:
            return 0;
    }
}

value from_bits(value_kind kind, std::uint64_t bits) {
    switch (kind) {
        case value_kind::int16:
            return static_cast<std::int16_t>(static_cast<std::uint16_t>(bits));
        case value_kind::int32:
            return static_cast<std::int32_t>(static_cast<std::uint32_t>(bits));
        case value_kind::int64:
            return static_cast<std::int64_t>(bits);
        case value_kind::float32:
            return std::bit_cast<float>(static_cast<std::uint32_t>(bits));
        default:
            return std::bit_cast<double>(bits);
    }
}

}  // namespace

number_converter::number_converter(value_kind kind) : kind_(kind) {
    switch (kind) {
        case value_kind::int16:
            width_ = 2;
            type_name_ = "short";
            size_error_ = "Size of data received by ShortDeserializer is not 2";
            schema_ = schema::optional_int16();
            break;
        case value_kind::int32:
            width_ = 4;
            type_name_ = "integer";
            size_error_ = "Size of data received by IntegerDeserializer is not 4";
            schema_ = schema::optional_int32();
            break;
        case value_kind::int64:
            width_ = 8;
            type_name_ = "long";
            size_error_ = "Size of data received by LongDeserializer is not 8";
            schema_ = schema::optional_int64();
            break;
        case value_kind::float32:
            width_ = 4;
            type_name_ = "float";
            size_error_ = "Size of data received by Deserializer is not 4";
            schema_ = schema::optional_float32();
            break;
        case value_kind::float64:
            width_ = 8;
            type_name_ = "double";
            size_error_ = "Size of data received by Deserializer is not 8";
            schema_ = schema::optional_float64();
            break;
        default:
            throw std::invalid_argument("number_converter: not a number kind");
    }
}

const config_def& number_converter::config() const {
    static const config_def def = new_converter_config_def();
    return def;
}

void number_converter::configure_with(const std::map<std::string, std::string>& configs) {
    static_cast<void>(abstract_config(config(), configs));
}

std::optional<bytes> number_converter::from_connect_data(std::string_view, headers&, const schema_ptr&,
                                                         const value& val) {
    if (val.is_null()) {
        return std::nullopt;
    }
    if (val.kind() != kind_) {
        throw data_error("Failed to serialize to " + std::string(type_name_) + " (was " +
                         std::string(java_class_of(val.kind())) + "): ");
    }
    const std::uint64_t bits = bits_of(val);
    bytes out(width_);
    for (std::size_t i = 0; i < width_; ++i) {
        out[i] = static_cast<std::uint8_t>(bits >> (8 * (width_ - 1 - i)));
    }
    return out;
}

schema_and_value number_converter::to_connect_data(std::string_view, const headers&, std::optional<bytes_view> data) {
    if (!data) {
        return {schema_, value()};
    }
    if (data->size() != width_) {
        throw data_error("Failed to deserialize " + std::string(type_name_) + ": " + std::string(size_error_));
    }
    std::uint64_t bits = 0;
    for (const std::uint8_t b : *data) {
        bits = (bits << 8U) | b;
    }
    return {schema_, from_bits(kind_, bits)};
}

}  // namespace copycat::converters
