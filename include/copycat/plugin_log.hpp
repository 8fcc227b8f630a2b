// Log lines of plugins, written through the worker's logging (docs/ARCHITECTURE.md "The plugin
// ABI", docs/security.md#secrets):
//
//     copycat::plugin_log::info("org.apache.kafka.connect.file.FileStreamSourceTask", "Opened " + path);
//
// The logger is a name, by convention the plugin class's full name, as a Java plugin's SLF4J
// logger is. In a worker the line goes to the worker's logger of that name: it is shown and set by
// GET/PUT /admin/loggers like every other logger (a filtered-out line costs a name lookup), written
// in the worker's format "<UTC time> <LEVEL> [<logger>] <message>", and the secrets of the
// connectors the worker runs are replaced by [hidden] in it. Outside a worker (a plugin's own unit
// tests) lines at INFO and above go to standard error as "<LEVEL> [<logger>] <message>".
// Thread-safe.
//
// The worker attaches itself when it loads the library, through copycat_plugin_attach_host_v1(),
// which COPYCAT_PLUGIN defines beside the manifest. A library built before this header existed has
// no such function and keeps writing to standard error itself; a worker that does not call it
// leaves the library writing there.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "copycat/api.hpp"

namespace copycat::plugin_log {

/// Log4j's levels, in order. The numbers are part of the ABI.
enum class level : std::uint32_t { trace = 0, debug = 1, info = 2, warn = 3, error = 4 };

/// Whether a line of `logger` at `l` would be written.
bool enabled(level l, std::string_view logger) noexcept;

/// Writes one line, when enabled.
void write(level l, std::string_view logger, std::string_view message) noexcept;

inline void trace(std::string_view logger, std::string_view message) noexcept { write(level::trace, logger, message); }
inline void debug(std::string_view logger, std::string_view message) noexcept { write(level::debug, logger, message); }
inline void info(std::string_view logger, std::string_view message) noexcept { write(level::info, logger, message); }
inline void warn(std::string_view logger, std::string_view message) noexcept { write(level::warn, logger, message); }
inline void error(std::string_view logger, std::string_view message) noexcept { write(level::error, logger, message); }

}  // namespace copycat::plugin_log

extern "C" {

/// What the worker gives a plugin library: C functions, so that nothing of either side's C++
/// layout crosses. `size` is sizeof(copycat_plugin_host_v1) of the worker's headers; members may
/// only be added at the end.
struct copycat_plugin_host_v1 {
    std::size_t size;
    /// Whether a line of the logger (`logger`, `logger_size` bytes) at `level` would be written.
    int (*log_enabled)(std::uint32_t level, const char* logger, std::size_t logger_size) noexcept;
    /// Writes one line (filtered by level like log_enabled).
    void (*log_write)(std::uint32_t level, const char* logger, std::size_t logger_size, const char* message,
                      std::size_t message_size) noexcept;
};

/// The function a plugin library exports (COPYCAT_PLUGIN defines it) for the worker to attach
/// itself; `host` stays valid while the process runs. Null detaches.
using copycat_plugin_attach_host_fn = void (*)(const copycat_plugin_host_v1* host);

}  // extern "C"

/// The name of that function, for dlsym().
#define COPYCAT_PLUGIN_ATTACH_HOST_SYMBOL "copycat_plugin_attach_host_v1"

namespace copycat::plugin_log::detail {

/// Attaches this copy of the API (each plugin library links its own) to a worker.
void attach_host(const copycat_plugin_host_v1* host) noexcept;

}  // namespace copycat::plugin_log::detail
