#include "copycat/config/valid_string.hpp"

#include <algorithm>
#include <memory>

#include "api/config/java_format.hpp"

namespace copycat {

namespace {

std::string join(const std::vector<std::string>& items, std::string_view separator) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0) out += separator;
        out += items[i];
    }
    return out;
}

std::vector<std::string> upper_cased(const std::vector<std::string>& items) {
    std::vector<std::string> out;
    out.reserve(items.size());
    for (const auto& item : items) out.push_back(java::to_upper(item));
    return java::hash_set_order(out);
}

}  // namespace

validator_ptr valid_string::in(std::initializer_list<std::string> valid) {
    return std::make_shared<valid_string>(std::vector<std::string>(valid));
}

validator_ptr valid_string::in(std::vector<std::string> valid) {
    return std::make_shared<valid_string>(std::move(valid));
}

valid_string::valid_string(std::vector<std::string> valid) : valid_(std::move(valid)) {}

void valid_string::ensure_valid(std::string_view name, const parsed_value& v) const {
    const auto* s = std::get_if<std::string>(&v);
    if (s == nullptr || std::find(valid_.begin(), valid_.end(), *s) == valid_.end()) {
        throw_invalid_value(name, v, "String must be one of: " + join(valid_, ", "));
    }
}

std::string valid_string::to_string() const { return "[" + join(valid_, ", ") + "]"; }

validator_ptr case_insensitive_valid_string::in(std::initializer_list<std::string> valid) {
    return std::make_shared<case_insensitive_valid_string>(std::vector<std::string>(valid));
}

validator_ptr case_insensitive_valid_string::in(std::vector<std::string> valid) {
    return std::make_shared<case_insensitive_valid_string>(std::move(valid));
}

case_insensitive_valid_string::case_insensitive_valid_string(std::vector<std::string> valid)
    : valid_(upper_cased(valid)) {}

void case_insensitive_valid_string::ensure_valid(std::string_view name, const parsed_value& v) const {
    const auto* s = std::get_if<std::string>(&v);
    if (s == nullptr || std::find(valid_.begin(), valid_.end(), java::to_upper(*s)) == valid_.end()) {
        throw_invalid_value(name, v, "String must be one of (case insensitive): " + join(valid_, ", "));
    }
}

std::string case_insensitive_valid_string::to_string() const {
    return "(case insensitive) [" + join(valid_, ", ") + "]";
}

}  // namespace copycat
