// The value of a configuration key after parsing (Kafka: the Object stored by ConfigDef.parse).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "copycat/config/password.hpp"

namespace copycat {

/// The value of a LIST configuration.
using config_list = std::vector<std::string>;

/// A parsed configuration value. std::monostate is Kafka's null: the value of a key whose
/// default is null, or of a key that could not be parsed during validation. The alternative
/// follows the key's config_type: boolean -> bool, short_ -> std::int16_t, int_ -> std::int32_t,
/// long_ -> std::int64_t, double_ -> double, string and class_ -> std::string, list ->
/// config_list, password -> password.
using parsed_value = std::variant<std::monostate, bool, std::int16_t, std::int32_t, std::int64_t, double, std::string,
                                  config_list, password>;

/// Parsed values by key name.
using parsed_config = std::map<std::string, parsed_value, std::less<>>;

/// True when the value is Kafka's null.
inline bool is_null(const parsed_value& v) noexcept { return std::holds_alternative<std::monostate>(v); }

/// The text Java's toString() gives for the value, as used in Kafka's error messages: "null",
/// "true", "42", "1.0E7" (Java's Double.toString), strings as-is, lists "[a, b]", and
/// passwords "[hidden]".
std::string parsed_value_to_string(const parsed_value& v);

}  // namespace copycat
