#pragma once
// The plugins a worker offers: the built-in converters, transforms and predicates, then every
// plugin library found on plugin.path (logged one line each, refused ones with the reason).

#include <string>
#include <vector>

namespace copycat::loader {
class plugin_registry;
}

namespace copycat::app {

void register_plugins(const std::vector<std::string>& plugin_path, loader::plugin_registry& registry);

}  // namespace copycat::app
