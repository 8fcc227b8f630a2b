// The result of validating one configuration key (Kafka: org.apache.kafka.common.config.ConfigValue).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "copycat/config/parsed_value.hpp"

namespace copycat {

/// What config_def::validate() found out about one key: the parsed value (null when the key is
/// missing and required, or could not be parsed), the values a recommender proposes, the
/// error messages, and whether the key is visible. This is the "value" part of each entry of
/// Kafka Connect's PUT /connector-plugins/{plugin}/config/validate response.
struct config_value {
    std::string name;
    parsed_value value;
    std::vector<parsed_value> recommended_values;
    std::vector<std::string> errors;
    bool visible = true;

    config_value() = default;
    explicit config_value(std::string key_name) : name(std::move(key_name)) {}

    void add_error(std::string message) { errors.push_back(std::move(message)); }
    bool has_errors() const noexcept { return !errors.empty(); }
};

}  // namespace copycat
