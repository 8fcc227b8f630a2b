// The definition of one configuration key (Kafka: ConfigDef.ConfigKey).
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "copycat/config/config_recommender.hpp"
#include "copycat/config/config_type.hpp"
#include "copycat/config/config_validator.hpp"
#include "copycat/config/parsed_value.hpp"

namespace copycat {

/// Tag type of no_default.
struct no_default_t {
    explicit constexpr no_default_t() = default;
};

/// Marks a key as required: it has no default, so parsing fails when it is missing (Kafka:
/// ConfigDef.NO_DEFAULT_VALUE).
inline constexpr no_default_t no_default{};

/// The default value given to config_def::define(). Any of:
///   no_default             the key is required
///   nullptr                the default is null (the key is optional and has no value)
///   true, 42, 42L, 1.5     a typed default, converted to the key's type (an integer fits any
///                          numeric type whose range holds it)
///   "text", std::string    a default in string form, parsed by the key's type like a user value
///                          ("1" for an INT, "a,b" for a LIST)
///   config_list{"a", "b"}  a LIST default
///   password{"..."}        a PASSWORD default
///   parsed_value           as is (a string in it is parsed like the other strings)
class config_default {
public:
    config_default(no_default_t) noexcept {}                    // NOLINT: implicit by design
    config_default(std::nullptr_t) : value_(parsed_value{}) {}  // NOLINT
    config_default(bool b) : value_(parsed_value{b}) {}         // NOLINT
    template <std::integral I>
    requires(!std::same_as<I, bool> && !std::same_as<I, char>) config_default(I i)
        : value_(parsed_value{static_cast<std::int64_t>(i)}) {}                   // NOLINT
    config_default(double d) : value_(parsed_value{d}) {}                         // NOLINT
    config_default(const char* s) : value_(parsed_value{std::string(s)}) {}       // NOLINT
    config_default(std::string s) : value_(parsed_value{std::move(s)}) {}         // NOLINT
    config_default(std::string_view s) : value_(parsed_value{std::string(s)}) {}  // NOLINT
    config_default(config_list l) : value_(parsed_value{std::move(l)}) {}         // NOLINT
    config_default(password p) : value_(parsed_value{std::move(p)}) {}            // NOLINT
    config_default(parsed_value v) : value_(std::move(v)) {}                      // NOLINT

    /// nullopt for no_default.
    const std::optional<parsed_value>& get() const noexcept { return value_; }

private:
    std::optional<parsed_value> value_;
};

/// One configuration key. Build it with config_def::define(); the fields are public so that
/// tools (REST, documentation) can read them.
struct config_key {
    std::string name;
    config_type type = config_type::string;
    /// The parsed default; nullopt when the key is required (has no default). A default of null
    /// is a parsed_value holding std::monostate.
    std::optional<parsed_value> default_value;
    /// May be null.
    validator_ptr validator;
    copycat::importance importance = copycat::importance::medium;
    std::string documentation;
    /// The UI group; nullopt for none (shown as null by the REST API).
    std::optional<std::string> group;
    int order_in_group = -1;
    copycat::width width = copycat::width::none;
    std::string display_name;
    /// Keys whose recommended values or visibility depend on this one.
    std::vector<std::string> dependents;
    /// May be null.
    recommender_ptr recommender;
    /// Internal keys are left out of generated documentation.
    bool internal_config = false;

    /// False for a required key.
    bool has_default() const noexcept { return default_value.has_value(); }
};

}  // namespace copycat
