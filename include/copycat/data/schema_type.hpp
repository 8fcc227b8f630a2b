// The primitive and container types a schema can describe (Kafka: Schema.Type).
#pragma once

#include <optional>
#include <string_view>

namespace copycat {

/// The type of a schema. Logical types (Decimal, Date, Time, Timestamp) are schemas of one of
/// these types carrying a well-known name; see logical_types.hpp.
// GCC's -Wshadow reports enumerators named like the copycat::bytes type; they are scoped.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wshadow"
enum class schema_type {
    int8,
    int16,
    int32,
    int64,
    float32,
    float64,
    boolean,
    string,
    bytes,
    array,
    map,
    struct_,
};
#pragma GCC diagnostic pop

/// Kafka's enum constant name: "INT8", "INT16", ..., "STRUCT" (as used in error messages).
std::string_view schema_type_name(schema_type type) noexcept;

/// Kafka's Schema.Type.getName(): "int8", ..., "struct" (as used by the JSON converter).
std::string_view schema_type_lowercase_name(schema_type type) noexcept;

/// Parses a type name in either case ("int32", "INT32"); nullopt when unknown.
std::optional<schema_type> parse_schema_type(std::string_view name) noexcept;

/// True for every type except array, map and struct_.
constexpr bool is_primitive(schema_type type) noexcept {
    return type != schema_type::array && type != schema_type::map && type != schema_type::struct_;
}

}  // namespace copycat
