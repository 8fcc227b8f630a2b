// The type, importance and display width of a configuration key (Kafka: ConfigDef.Type,
// ConfigDef.Importance, ConfigDef.Width).
#pragma once

#include <optional>
#include <string_view>

namespace copycat {

/// How a configuration value is parsed from its string form.
///
/// | type      | parsed to            | accepted text                                          |
/// |-----------|----------------------|--------------------------------------------------------|
/// | boolean   | bool                 | "true" / "false", any case, surrounding blanks ignored |
/// | string    | std::string          | anything; surrounding blanks removed                   |
/// | int_      | std::int32_t         | optional sign and decimal digits, in range             |
/// | short_    | std::int16_t         | optional sign and decimal digits, in range             |
/// | long_     | std::int64_t         | optional sign and decimal digits, in range             |
/// | double_   | double               | Java's Double.parseDouble syntax                       |
/// | list      | config_list          | comma-separated, items trimmed; "" is the empty list   |
/// | class_    | std::string          | a class name (plugin name); surrounding blanks removed |
/// | password  | password             | anything; surrounding blanks removed; printed hidden   |
enum class config_type {
    boolean,
    string,
    int_,
    short_,
    long_,
    double_,
    list,
    class_,
    password,
};

/// How important it is for a user to look at a configuration key.
enum class importance {
    high,
    medium,
    low,
};

/// The width of the input a UI should show for a configuration value.
enum class width {
    none,
    short_,
    medium,
    long_,
};

/// Kafka's enum constant name: "BOOLEAN", "STRING", "INT", "SHORT", "LONG", "DOUBLE", "LIST",
/// "CLASS", "PASSWORD" (as shown by the REST API and in error messages).
std::string_view config_type_name(config_type type) noexcept;

/// "HIGH", "MEDIUM", "LOW".
std::string_view importance_name(importance level) noexcept;

/// "NONE", "SHORT", "MEDIUM", "LONG".
std::string_view width_name(width w) noexcept;

/// Parses a type name in either case ("int", "INT"); nullopt when unknown.
std::optional<config_type> parse_config_type(std::string_view name) noexcept;

/// Parses an importance name in either case; nullopt when unknown.
std::optional<importance> parse_importance(std::string_view name) noexcept;

/// Parses a width name in either case; nullopt when unknown.
std::optional<width> parse_width(std::string_view name) noexcept;

}  // namespace copycat
