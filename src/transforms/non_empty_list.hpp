// Kafka's NonEmptyListValidator (connect/transforms/util).
#pragma once

#include "copycat/config/config_validator.hpp"

namespace copycat::transforms {

/// Rejects null and the empty list: "Invalid value [] for configuration fields: Empty list".
/// to_string(): "non-empty list".
validator_ptr non_empty_list();

}  // namespace copycat::transforms
