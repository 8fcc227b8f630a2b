// Validators that accept one of a fixed set of strings (Kafka: ConfigDef.ValidString and
// ConfigDef.CaseInsensitiveValidString).
#pragma once

#include <initializer_list>
#include <string>
#include <vector>

#include "copycat/api.hpp"
#include "copycat/config/config_validator.hpp"

namespace copycat {

/// Accepts exactly one of the given strings (case-sensitive); null is rejected.
///   "Invalid value x for configuration k: String must be one of: a, b"
/// to_string(): "[a, b]".
class COPYCAT_API valid_string final : public config_validator {
public:
    static validator_ptr in(std::initializer_list<std::string> valid);
    static validator_ptr in(std::vector<std::string> valid);

    explicit valid_string(std::vector<std::string> valid);

    void ensure_valid(std::string_view name, const parsed_value& v) const override;
    std::string to_string() const override;

    /// The accepted strings, in the order given.
    const std::vector<std::string>& valid_strings() const noexcept { return valid_; }

private:
    std::vector<std::string> valid_;
};

/// Accepts one of the given strings ignoring ASCII case; null is rejected.
///   "Invalid value x for configuration k: String must be one of (case insensitive): NONE, ALL"
/// The accepted strings are listed upper-cased, in the order Java's HashSet iterates them, so
/// messages match Kafka's word for word. to_string(): "(case insensitive) [NONE, ALL]".
class COPYCAT_API case_insensitive_valid_string final : public config_validator {
public:
    static validator_ptr in(std::initializer_list<std::string> valid);
    static validator_ptr in(std::vector<std::string> valid);

    explicit case_insensitive_valid_string(std::vector<std::string> valid);

    void ensure_valid(std::string_view name, const parsed_value& v) const override;
    std::string to_string() const override;

    /// The accepted strings, upper-cased, deduplicated, in Java HashSet order.
    const std::vector<std::string>& valid_strings() const noexcept { return valid_; }

private:
    std::vector<std::string> valid_;
};

}  // namespace copycat
