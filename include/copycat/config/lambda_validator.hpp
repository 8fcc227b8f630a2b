// Validators built from functions or from other validators (Kafka: ConfigDef.LambdaValidator
// and ConfigDef.CompositeValidator).
#pragma once

#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "copycat/api.hpp"
#include "copycat/config/config_validator.hpp"

namespace copycat {

/// A validator made of a function. The function throws config_error (throw_invalid_value()
/// gives Kafka's message) when the value is invalid:
///
///     auto positive_even = lambda_validator::with(
///         [](std::string_view name, const parsed_value& v) {
///             auto* i = std::get_if<std::int32_t>(&v);
///             if (i == nullptr || *i <= 0 || *i % 2 != 0)
///                 throw_invalid_value(name, v, "Value must be a positive even number");
///         },
///         [] { return "positive even number"; });
class COPYCAT_API lambda_validator final : public config_validator {
public:
    using check_fn = std::function<void(std::string_view name, const parsed_value& v)>;
    using describe_fn = std::function<std::string()>;

    static validator_ptr with(check_fn check, describe_fn describe = {});

    lambda_validator(check_fn check, describe_fn describe);

    void ensure_valid(std::string_view name, const parsed_value& v) const override;
    std::string to_string() const override;

private:
    check_fn check_;
    describe_fn describe_;
};

/// Runs validators in order; the first failure is reported. Null entries are skipped.
/// to_string() joins the parts with ", ".
class COPYCAT_API composite_validator final : public config_validator {
public:
    static validator_ptr of(std::initializer_list<validator_ptr> validators);
    static validator_ptr of(std::vector<validator_ptr> validators);

    explicit composite_validator(std::vector<validator_ptr> validators);

    void ensure_valid(std::string_view name, const parsed_value& v) const override;
    std::string to_string() const override;

private:
    std::vector<validator_ptr> validators_;
};

}  // namespace copycat
