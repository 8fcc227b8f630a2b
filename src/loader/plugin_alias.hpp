#pragma once
// Short names for plugin classes, as Kafka Connect derives them (PluginUtils.simpleName and
// prunedName): "org.apache.kafka.connect.file.FileStreamSourceConnector" is also known as
// "FileStreamSourceConnector" and "FileStreamSource".

#include <string>
#include <string_view>

#include "copycat/plugin.hpp"

namespace copycat::loader {

// The class name after the last '.' (or '$' for nested classes).
std::string simple_name(std::string_view class_name);

// The simple name without the kind's suffix ("Connector", "Converter", "HeaderConverter",
// "Transformation", "Predicate") when it ends with it and is longer than it.
std::string pruned_name(std::string_view class_name, plugin_kind kind);

}  // namespace copycat::loader
