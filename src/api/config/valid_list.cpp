#include "copycat/config/valid_list.hpp"

#include <memory>

namespace copycat {

validator_ptr valid_list::in(std::initializer_list<std::string> valid) {
    return std::make_shared<valid_list>(std::vector<std::string>(valid));
}

validator_ptr valid_list::in(std::vector<std::string> valid) { return std::make_shared<valid_list>(std::move(valid)); }

valid_list::valid_list(std::vector<std::string> valid) : items_(std::move(valid)) {}

void valid_list::ensure_valid(std::string_view name, const parsed_value& v) const {
    const auto* list = std::get_if<config_list>(&v);
    if (list == nullptr) {
        if (!is_null(v)) throw_invalid_value(name, v, "Expected a comma separated list.");
        return;
    }
    for (const auto& item : *list) items_.ensure_valid(name, parsed_value{item});
}

std::string valid_list::to_string() const { return items_.to_string(); }

validator_ptr list_size::at_most_of_size(std::size_t max_size) { return std::make_shared<list_size>(max_size); }

void list_size::ensure_valid(std::string_view name, const parsed_value& v) const {
    const auto* list = std::get_if<config_list>(&v);
    if (list != nullptr && list->size() > max_size_) {
        throw_invalid_value(name, v, "exceeds maximum list size of [" + std::to_string(max_size_) + "].");
    }
}

std::string list_size::to_string() const {
    return "List containing maximum of " + std::to_string(max_size_) + " elements";
}

}  // namespace copycat
