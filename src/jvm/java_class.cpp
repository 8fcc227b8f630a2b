#include "jvm/java_class.hpp"

#include <fmt/format.h>

namespace copycat::jvm {

loader::plugin_instance java_class::create(plugin_kind kind) const {
    throw connect_error(fmt::format("The Java {} plugin {} (from {}) was found, but this worker cannot run Java "
                                    "plugins yet; see docs/jvm-bridge.md",
                                    plugin_kind_name(kind), class_name_, location_));
}

}  // namespace copycat::jvm
