#pragma once
// What the worker gives each plugin library it loads (copycat/plugin_log.hpp): plugins' log lines
// go to the worker's named loggers (common/logging.hpp), so /admin/loggers sets their levels and
// the worker's secrets are hidden in them.

#include "copycat/plugin_log.hpp"

namespace copycat::loader {

// The worker's table; valid while the process runs.
const copycat_plugin_host_v1& plugin_host();

}  // namespace copycat::loader
