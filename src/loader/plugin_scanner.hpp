#pragma once
// plugin.path scanning: each element is a shared library file or a directory searched
// recursively for "*.so" files. A library that cannot be used is logged and skipped; the worker
// keeps going.

#include <string>
#include <vector>

#include "loader/plugin_registry.hpp"

namespace copycat::loader {

struct scan_report {
    std::vector<std::string> loaded;   // library paths
    std::vector<std::string> refused;  // one message per library that was skipped
};

// Splits Kafka's comma-separated plugin.path ("a, b,c") into trimmed, non-empty elements.
std::vector<std::string> split_plugin_path(const std::string& plugin_path);

scan_report scan_plugin_path(const std::vector<std::string>& elements, plugin_registry& registry);

}  // namespace copycat::loader
