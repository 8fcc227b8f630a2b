#include "copycat/config/parsed_value.hpp"

#include <string>
#include <type_traits>

#include "copycat/data/java_number_text.hpp"

namespace copycat {

std::string parsed_value_to_string(const parsed_value& v) {
    return std::visit(
        [](const auto& x) -> std::string {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, std::monostate>) {
                return "null";
            } else if constexpr (std::is_same_v<T, bool>) {
                return x ? "true" : "false";
            } else if constexpr (std::is_same_v<T, double>) {
                return java_double_text(x);
            } else if constexpr (std::is_integral_v<T>) {
                return std::to_string(x);
            } else if constexpr (std::is_same_v<T, std::string>) {
                return x;
            } else if constexpr (std::is_same_v<T, config_list>) {
                std::string out = "[";
                for (std::size_t i = 0; i < x.size(); ++i) {
                    if (i > 0) out += ", ";
                    out += x[i];
                }
                return out + "]";
            } else {
                return x.to_string();
            }
        },
        v);
}

}  // namespace copycat
