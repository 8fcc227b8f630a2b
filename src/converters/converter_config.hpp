// The configuration every converter accepts (Kafka: org.apache.kafka.connect.storage.ConverterConfig).
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "copycat/config/config_def.hpp"

namespace copycat::converters {

/// "converter.type": how a converter is used, "key", "value" or "header".
inline constexpr std::string_view converter_type_config = "converter.type";

/// The use of a converter instance (Kafka: ConverterType).
enum class converter_type { key, value, header };

/// A new definition holding "converter.type" (STRING, required, one of key/value/header, LOW),
/// to which each converter adds its own keys (Kafka: ConverterConfig.newConfigDef()).
config_def new_converter_config_def();

/// `configs` with "converter.type" set to "key" or "value" (Kafka's Converter.configure(map,
/// isKey) does this before parsing).
std::map<std::string, std::string> with_converter_type(const std::map<std::string, std::string>& configs, bool is_key);

/// `configs` with "converter.type" set to "header" unless already present (as Kafka's worker
/// does when it creates a header converter).
std::map<std::string, std::string> with_header_type(const std::map<std::string, std::string>& configs);

/// The parsed "converter.type" value.
converter_type parse_converter_type(std::string_view name) noexcept;

}  // namespace copycat::converters
