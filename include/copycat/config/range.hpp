// A numeric range validator (Kafka: ConfigDef.Range).
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "copycat/api.hpp"
#include "copycat/config/config_validator.hpp"

namespace copycat {

/// A bound of a range: an integer or a floating-point number. It prints like the Java number it
/// stands for ("1" for an integer, "1.0" for a double), which shows in error messages.
class range_bound {
public:
    template <std::integral I>
    requires(!std::same_as<I, bool>) constexpr range_bound(I i) noexcept
        : v_(static_cast<std::int64_t>(i)) {}  // NOLINT
    template <std::floating_point F>
    constexpr range_bound(F d) noexcept : v_(static_cast<double>(d)) {}  // NOLINT

    const std::variant<std::int64_t, double>& get() const noexcept { return v_; }
    std::string to_string() const;

private:
    std::variant<std::int64_t, double> v_;
};

/// Accepts numbers within inclusive bounds. Messages, as in Kafka:
///   null           -> "Invalid value null for configuration x: Value must be non-null"
///   below the min  -> "Invalid value 0 for configuration x: Value must be at least 1"
///   above the max  -> "Invalid value 9 for configuration x: Value must be no more than 5"
/// to_string(): "[1,...]", "[1,...,5]".
class COPYCAT_API range final : public config_validator {
public:
    /// Values >= min.
    static validator_ptr at_least(range_bound min);
    /// Values in [min, max].
    static validator_ptr between(range_bound min, range_bound max);

    range(std::optional<range_bound> min, std::optional<range_bound> max);

    void ensure_valid(std::string_view name, const parsed_value& v) const override;
    std::string to_string() const override;

private:
    std::optional<range_bound> min_;
    std::optional<range_bound> max_;
};

}  // namespace copycat
