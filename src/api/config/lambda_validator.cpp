#include "copycat/config/lambda_validator.hpp"

#include <memory>

namespace copycat {

validator_ptr lambda_validator::with(check_fn check, describe_fn describe) {
    return std::make_shared<lambda_validator>(std::move(check), std::move(describe));
}

lambda_validator::lambda_validator(check_fn check, describe_fn describe)
    : check_(std::move(check)), describe_(std::move(describe)) {}

void lambda_validator::ensure_valid(std::string_view name, const parsed_value& v) const {
    if (check_) check_(name, v);
}

std::string lambda_validator::to_string() const { return describe_ ? describe_() : std::string{}; }

validator_ptr composite_validator::of(std::initializer_list<validator_ptr> validators) {
    return std::make_shared<composite_validator>(std::vector<validator_ptr>(validators));
}

validator_ptr composite_validator::of(std::vector<validator_ptr> validators) {
    return std::make_shared<composite_validator>(std::move(validators));
}

composite_validator::composite_validator(std::vector<validator_ptr> validators) : validators_(std::move(validators)) {}

void composite_validator::ensure_valid(std::string_view name, const parsed_value& v) const {
    for (const auto& validator : validators_) {
        if (validator) validator->ensure_valid(name, v);
    }
}

std::string composite_validator::to_string() const {
    std::string out;
    for (const auto& validator : validators_) {
        if (!validator) continue;
        if (!out.empty()) out += ", ";
        out += validator->to_string();
    }
    return out;
}

}  // namespace copycat
