// Validation of a single configuration value (Kafka: ConfigDef.Validator).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "copycat/api.hpp"
#include "copycat/config/parsed_value.hpp"

namespace copycat {

/// Checks one parsed configuration value. Validators run after parsing, on the value given or
/// on the default; a key that is missing or could not be parsed is validated as null during
/// config_def::validate(), so validators should say what they think of null (see the ones in
/// validators.hpp).
///
/// Validators are immutable and shared between definitions (config_def copies share them), so
/// ensure_valid() must be safe to call from several threads.
class COPYCAT_API config_validator {
public:
    virtual ~config_validator();

    /// Throws config_error when `v` is not a valid value for configuration `name`. Use
    /// throw_invalid_value() to get Kafka's message format.
    virtual void ensure_valid(std::string_view name, const parsed_value& v) const = 0;

    /// A description of the valid values, e.g. "[1,...]" (Kafka: Validator.toString(), shown
    /// in generated documentation). Empty by default.
    virtual std::string to_string() const;
};

/// A shared, immutable validator; null means "no validation".
using validator_ptr = std::shared_ptr<const config_validator>;

/// Kafka's ConfigException text: "Invalid value <value> for configuration <name>: <reason>"
/// (without ": <reason>" when `reason` is empty).
std::string invalid_value_message(std::string_view name, std::string_view value_text, std::string_view reason);

/// Throws config_error with invalid_value_message(name, parsed_value_to_string(v), reason).
[[noreturn]] void throw_invalid_value(std::string_view name, const parsed_value& v, std::string_view reason);

}  // namespace copycat
