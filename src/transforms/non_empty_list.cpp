#include "transforms/non_empty_list.hpp"

#include <variant>

#include "copycat/config/lambda_validator.hpp"

namespace copycat::transforms {

validator_ptr non_empty_list() {
    static const validator_ptr instance = lambda_validator::with(
        [](std::string_view name, const parsed_value& v) {
            const auto* list = std::get_if<config_list>(&v);
            if (list == nullptr || list->empty()) {
                throw_invalid_value(name, v, "Empty list");
            }
        },
        [] { return std::string("non-empty list"); });
    return instance;
}

}  // namespace copycat::transforms
