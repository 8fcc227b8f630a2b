#include "copycat/config/config_type.hpp"

#include <array>
#include <cstddef>

#include "api/config/java_format.hpp"

namespace copycat {

namespace {

constexpr std::array<std::string_view, 9> type_names{"BOOLEAN", "STRING", "INT",   "SHORT",   "LONG",
                                                     "DOUBLE",  "LIST",   "CLASS", "PASSWORD"};
constexpr std::array<std::string_view, 3> importance_names{"HIGH", "MEDIUM", "LOW"};
constexpr std::array<std::string_view, 4> width_names{"NONE", "SHORT", "MEDIUM", "LONG"};

template <class Enum, std::size_t N>
std::optional<Enum> find_name(const std::array<std::string_view, N>& names, std::string_view name) noexcept {
    for (std::size_t i = 0; i < N; ++i) {
        if (java::equals_ignore_case(names[i], name)) return static_cast<Enum>(i);
    }
    return std::nullopt;
}

}  // namespace

std::string_view config_type_name(config_type type) noexcept { return type_names[static_cast<std::size_t>(type)]; }

std::string_view importance_name(importance level) noexcept {
    return importance_names[static_cast<std::size_t>(level)];
}

std::string_view width_name(width w) noexcept { return width_names[static_cast<std::size_t>(w)]; }

std::optional<config_type> parse_config_type(std::string_view name) noexcept {
    return find_name<config_type>(type_names, name);
}

std::optional<importance> parse_importance(std::string_view name) noexcept {
    return find_name<importance>(importance_names, name);
}

std::optional<width> parse_width(std::string_view name) noexcept { return find_name<width>(width_names, name); }

}  // namespace copycat
