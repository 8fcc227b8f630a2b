// Validators for LIST values (Kafka: ConfigDef.ValidList and ConfigDef.ListSize).
#pragma once

#include <cstddef>
#include <initializer_list>
#include <string>
#include <vector>

#include "copycat/api.hpp"
#include "copycat/config/config_validator.hpp"
#include "copycat/config/valid_string.hpp"

namespace copycat {

/// Accepts a list whose every item is one of the given strings (case-sensitive). The first bad
/// item is reported: "Invalid value x for configuration k: String must be one of: a, b".
/// A null list is accepted. to_string(): "[a, b]".
class COPYCAT_API valid_list final : public config_validator {
public:
    static validator_ptr in(std::initializer_list<std::string> valid);
    static validator_ptr in(std::vector<std::string> valid);

    explicit valid_list(std::vector<std::string> valid);

    void ensure_valid(std::string_view name, const parsed_value& v) const override;
    std::string to_string() const override;

private:
    valid_string items_;
};

/// Accepts a list of at most `max_size` items (null is accepted):
///   "Invalid value [a, b] for configuration k: exceeds maximum list size of [1]."
/// to_string(): "List containing maximum of 1 elements".
class COPYCAT_API list_size final : public config_validator {
public:
    static validator_ptr at_most_of_size(std::size_t max_size);

    explicit list_size(std::size_t max_size) : max_size_(max_size) {}

    void ensure_valid(std::string_view name, const parsed_value& v) const override;
    std::string to_string() const override;

private:
    std::size_t max_size_;
};

}  // namespace copycat
