// Recommended values and visibility of a configuration key that depends on other keys
// (Kafka: ConfigDef.Recommender).
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "copycat/api.hpp"
#include "copycat/config/parsed_value.hpp"

namespace copycat {

/// Used by config_def::validate() to fill config_value::recommended_values and
/// config_value::visible from the values of the other keys. A key is asked after every key has
/// been parsed; `parsed` holds the parsed value of each key reached (null when missing or bad).
/// Throwing config_error adds the message to the key's errors.
class COPYCAT_API config_recommender {
public:
    virtual ~config_recommender();

    /// The valid values of `name` given the other values; each should have the key's type.
    virtual std::vector<parsed_value> valid_values(std::string_view name, const parsed_config& parsed) const = 0;

    /// Whether `name` matters given the other values (UIs hide invisible keys).
    virtual bool visible(std::string_view name, const parsed_config& parsed) const = 0;
};

/// A shared, immutable recommender; null means none.
using recommender_ptr = std::shared_ptr<const config_recommender>;

}  // namespace copycat
