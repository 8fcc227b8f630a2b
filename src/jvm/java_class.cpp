#include "jvm/java_class.hpp"

#include <fmt/format.h>

#include "jvm/java_connector.hpp"
#include "jvm/java_converters.hpp"
#include "jvm/java_transforms.hpp"
#include "jvm/plugin_calls.hpp"

namespace copycat::jvm {

loader::plugin_instance java_class::create(plugin_kind kind) const {
    switch (kind) {
        case plugin_kind::source_connector:
            return std::make_unique<java_connector<source_connector>>(new_plugin_instance(vm_, location_, class_name_));
        case plugin_kind::sink_connector:
            return std::make_unique<java_connector<sink_connector>>(new_plugin_instance(vm_, location_, class_name_));
        case plugin_kind::transformation:
            return std::make_unique<java_transformation>(new_plugin_instance(vm_, location_, class_name_));
        case plugin_kind::predicate:
            return std::make_unique<java_predicate>(new_plugin_instance(vm_, location_, class_name_));
        case plugin_kind::converter:
            return std::make_unique<java_converter>(new_plugin_instance(vm_, location_, class_name_));
        case plugin_kind::header_converter:
            return std::make_unique<java_header_converter>(new_plugin_instance(vm_, location_, class_name_));
    }
    throw connect_error(fmt::format("Unknown plugin kind for Java class {}", class_name_));
}

}  // namespace copycat::jvm
