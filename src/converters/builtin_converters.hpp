// The converters built into Copycat, by Kafka class name.
#pragma once

#include <memory>
#include <span>
#include <string_view>

#include "copycat/convert/converter.hpp"
#include "copycat/convert/header_converter.hpp"

namespace copycat::converters {

/// One built-in converter class.
struct builtin_converter {
    /// The full Kafka class name, e.g. "org.apache.kafka.connect.json.JsonConverter".
    std::string_view class_name;
    /// Creates an unconfigured instance as a key/value converter; nullptr when the class is not
    /// a Converter (SimpleHeaderConverter).
    std::unique_ptr<converter> (*make_converter)();
    /// Creates an unconfigured instance as a header converter; never nullptr (every built-in
    /// class is also a HeaderConverter, as in Kafka).
    std::unique_ptr<header_converter> (*make_header_converter)();
};

/// Every built-in converter: JsonConverter, StringConverter, ByteArrayConverter, the Short,
/// Integer, Long, Float, Double and Boolean converters, and SimpleHeaderConverter.
std::span<const builtin_converter> builtin_converters() noexcept;

/// The built-in converter with this full class name, or nullptr.
const builtin_converter* find_builtin_converter(std::string_view class_name) noexcept;

}  // namespace copycat::converters
