#pragma once
// The plugins built into the copycat executable, registered before plugin.path is scanned (so
// a library cannot shadow them): the converters of src/converters and the transformations and
// predicates of src/transforms.

#include "loader/plugin_registry.hpp"

namespace copycat::app {

// Registers every built-in converter (a class that is both a Converter and a HeaderConverter,
// like JsonConverter, is registered as a converter; the runtime creates header converters from
// the built-in list directly).
void register_builtin_plugins(loader::plugin_registry& registry);

}  // namespace copycat::app
