#include "copycat/data/schema_type.hpp"

#include <array>
#include <cctype>
#include <cstddef>

namespace copycat {
namespace {

constexpr std::array<std::string_view, 12> upper_names = {
    "INT8", "INT16", "INT32", "INT64", "FLOAT32", "FLOAT64", "BOOLEAN", "STRING", "BYTES", "ARRAY", "MAP", "STRUCT",
};
constexpr std::array<std::string_view, 12> lower_names = {
    "int8", "int16", "int32", "int64", "float32", "float64", "boolean", "string", "bytes", "array", "map", "struct",
};

bool equals_ignoring_case(std::string_view lower, std::string_view text) noexcept {
    if (lower.size() != text.size()) {
        return false;
    }
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(text[i])) != lower[i]) {
            return false;
        }
    }
    return true;
}

}  // namespace

std::string_view schema_type_name(schema_type type) noexcept { return upper_names.at(static_cast<std::size_t>(type)); }

std::string_view schema_type_lowercase_name(schema_type type) noexcept {
    return lower_names.at(static_cast<std::size_t>(type));
}

std::optional<schema_type> parse_schema_type(std::string_view name) noexcept {
    for (std::size_t i = 0; i < lower_names.size(); ++i) {
        if (equals_ignoring_case(lower_names[i], name)) {
            return static_cast<schema_type>(i);
        }
    }
    return std::nullopt;
}

}  // namespace copycat
