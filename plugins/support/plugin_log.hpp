// Log lines of the file connectors. The plugin API has no logging hook, so the plugin writes
// to standard error in the worker's line format: "<UTC time> <LEVEL> [<logger>] <message>".
#pragma once

#include <string_view>

namespace copycat::plugin_support::log {

/// Writes one line at INFO. Thread-safe: each line is a single write(2).
void info(std::string_view logger, std::string_view message);

/// Writes one line at WARN.
void warn(std::string_view logger, std::string_view message);

/// Writes one line at ERROR.
void error(std::string_view logger, std::string_view message);

}  // namespace copycat::plugin_support::log
