#include "loader/plugin_host.hpp"

#include <string_view>

#include "common/logging.hpp"

namespace copycat::loader {
namespace {

// plugin_log::level and log::level share the order trace..error (the numbers are the ABI's).
log::level level_of(std::uint32_t level) {
    return level <= static_cast<std::uint32_t>(log::level::error) ? static_cast<log::level>(level) : log::level::off;
}

int log_enabled(std::uint32_t level, const char* logger, std::size_t logger_size) noexcept {
    try {
        return log::logger_named(std::string_view(logger, logger_size)).enabled(level_of(level)) ? 1 : 0;
    } catch (...) {
        return 0;
    }
}

void log_write(std::uint32_t level, const char* logger, std::size_t logger_size, const char* message,
               std::size_t message_size) noexcept {
    try {
        log::logger_named(std::string_view(logger, logger_size))
            .write(level_of(level), std::string_view(message, message_size));
    } catch (...) {  // out of memory: the line is lost, the plugin goes on
    }
}

}  // namespace

const copycat_plugin_host_v1& plugin_host() {
    static const copycat_plugin_host_v1 host{sizeof(copycat_plugin_host_v1), &log_enabled, &log_write};
    return host;
}

}  // namespace copycat::loader
