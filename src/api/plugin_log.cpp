#include "copycat/plugin_log.hpp"

#include <atomic>
#include <cstdio>
#include <string>

namespace copycat::plugin_log {
namespace {

std::atomic<const copycat_plugin_host_v1*> g_host{nullptr};

constexpr std::string_view kNames[] = {"TRACE", "DEBUG", "INFO", "WARN", "ERROR"};

// Without a worker (a plugin's own tests), untimed: one fwrite per line, which holds the stream's
// lock, so that lines of different threads never interleave (stderr is unbuffered).
void write_to_stderr(level l, std::string_view logger, std::string_view message) {
    std::string line(kNames[static_cast<std::size_t>(l)]);
    line.append(" [").append(logger).append("] ");
    line.append(message).append("\n");
    std::fwrite(line.data(), 1, line.size(), stderr);
}

bool known(level l) { return static_cast<std::uint32_t>(l) <= static_cast<std::uint32_t>(level::error); }

}  // namespace

bool enabled(level l, std::string_view logger) noexcept {
    if (!known(l)) return false;
    if (const auto* host = g_host.load(std::memory_order_acquire))
        return host->log_enabled(static_cast<std::uint32_t>(l), logger.data(), logger.size()) != 0;
    return l >= level::info;
}

void write(level l, std::string_view logger, std::string_view message) noexcept {
    if (!known(l)) return;
    if (const auto* host = g_host.load(std::memory_order_acquire)) {
        host->log_write(static_cast<std::uint32_t>(l), logger.data(), logger.size(), message.data(), message.size());
        return;
    }
    if (l < level::info) return;
    try {
        write_to_stderr(l, logger, message);
    } catch (...) {  // out of memory: the line is lost, the plugin goes on
    }
}

namespace detail {

void attach_host(const copycat_plugin_host_v1* host) noexcept {
    if (host != nullptr && host->size < sizeof(copycat_plugin_host_v1)) host = nullptr;  // an older worker's table
    g_host.store(host, std::memory_order_release);
}

}  // namespace detail
}  // namespace copycat::plugin_log
