#pragma once
// GET /connector-plugins: the plugins a worker knows, in Kafka's order (by kind: sink, source,
// transformation, predicate, converter, header converter; by registration within a kind).

#include <vector>

#include "herder_api/entities.hpp"

namespace copycat::loader {
class plugin_registry;
}

namespace copycat::herder {

// Connectors only unless `connectors_only` is false.
std::vector<plugin_info> list_plugins(const loader::plugin_registry& plugins, bool connectors_only);

}  // namespace copycat::herder
