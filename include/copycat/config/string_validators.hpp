// Small validators for strings and nulls (Kafka: ConfigDef.NonEmptyString,
// NonEmptyStringWithoutControlChars, NonNullValidator).
#pragma once

#include <string>

#include "copycat/api.hpp"
#include "copycat/config/config_validator.hpp"

namespace copycat {

/// Rejects the empty string; null is accepted.
///   "Invalid value  for configuration k: String must be non-empty"
/// to_string(): "non-empty string".
class COPYCAT_API non_empty_string final : public config_validator {
public:
    static validator_ptr instance();

    void ensure_valid(std::string_view name, const parsed_value& v) const override;
    std::string to_string() const override;
};

/// Rejects the empty string and strings with ISO control characters (U+0000-U+001F,
/// U+007F-U+009F); null is accepted. Used for connector names.
///   "Invalid value  for configuration k: String may not be empty"
///   "Invalid value a\tb for configuration k: String may not contain control sequences but had
///    the following ASCII chars: 9"
/// to_string(): "non-empty string without ISO control characters".
class COPYCAT_API non_empty_string_without_control_chars final : public config_validator {
public:
    static validator_ptr instance();

    void ensure_valid(std::string_view name, const parsed_value& v) const override;
    std::string to_string() const override;
};

/// Rejects null: "Invalid value null for configuration k: entry must be non null".
/// to_string(): "non-null string".
class COPYCAT_API non_null final : public config_validator {
public:
    static validator_ptr instance();

    void ensure_valid(std::string_view name, const parsed_value& v) const override;
    std::string to_string() const override;
};

}  // namespace copycat
