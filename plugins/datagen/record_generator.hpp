// Turns a record_description into values: one STRUCT value per iteration of a task.
#pragma once

#include <cstdint>

#include "copycat/data/value.hpp"
#include "datagen/record_description.hpp"
#include "datagen/random_source.hpp"

namespace copycat::datagen {

/// The value of iteration `iteration` (0 for a task's first record), a STRUCT of the
/// description's value schema: the fields in the order described, drawn from `random`; "sequence" fields use
/// `iteration`, "now" fields `now_ms`. The same description, random state and iteration give the same value.
value generate_value(const record_description& description, random_source& random, std::int64_t iteration,
                     std::int64_t now_ms);

}  // namespace copycat::datagen
