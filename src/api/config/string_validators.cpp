#include "copycat/config/string_validators.hpp"

#include <memory>

#include "api/config/java_format.hpp"

namespace copycat {

validator_ptr non_empty_string::instance() {
    static const validator_ptr shared = std::make_shared<non_empty_string>();
    return shared;
}

void non_empty_string::ensure_valid(std::string_view name, const parsed_value& v) const {
    const auto* s = std::get_if<std::string>(&v);
    if (s != nullptr && s->empty()) throw_invalid_value(name, v, "String must be non-empty");
}

std::string non_empty_string::to_string() const { return "non-empty string"; }

validator_ptr non_empty_string_without_control_chars::instance() {
    static const validator_ptr shared = std::make_shared<non_empty_string_without_control_chars>();
    return shared;
}

void non_empty_string_without_control_chars::ensure_valid(std::string_view name, const parsed_value& v) const {
    const auto* s = std::get_if<std::string>(&v);
    if (s == nullptr) return;  // a missing value is reported as missing, not here
    if (s->empty()) throw_invalid_value(name, v, "String may not be empty");
    std::string found;
    for (std::uint32_t cp : java::code_points(*s)) {
        if (cp <= 0x1F || (cp >= 0x7F && cp <= 0x9F)) {
            if (!found.empty()) found += ", ";
            found += std::to_string(cp);
        }
    }
    if (!found.empty()) {
        throw_invalid_value(name, v,
                            "String may not contain control sequences but had the following ASCII chars: " + found);
    }
}

std::string non_empty_string_without_control_chars::to_string() const {
    return "non-empty string without ISO control characters";
}

validator_ptr non_null::instance() {
    static const validator_ptr shared = std::make_shared<non_null>();
    return shared;
}

void non_null::ensure_valid(std::string_view name, const parsed_value& v) const {
    if (is_null(v)) throw_invalid_value(name, v, "entry must be non null");
}

std::string non_null::to_string() const { return "non-null string"; }

}  // namespace copycat
