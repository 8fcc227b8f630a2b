#include "support/plugin_log.hpp"

#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <string>

namespace copycat::plugin_support::log {
namespace {

std::string timestamp() {
    using namespace std::chrono;
    const auto now = system_clock::now();
    const auto ms = duration_cast<milliseconds>(now.time_since_epoch()).count() % 1000;
    const std::time_t t = system_clock::to_time_t(now);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char text[40];
    const std::size_t n = std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &tm);
    std::snprintf(text + n, sizeof text - n, ".%03dZ", static_cast<int>(ms));
    return text;
}

void write_line(std::string_view level, std::string_view logger, std::string_view message) {
    std::string line = timestamp();
    line.append(" ").append(level).append(" [").append(logger).append("] ").append(message).append("\n");
    std::string_view rest = line;
    while (!rest.empty()) {
        const ssize_t n = ::write(STDERR_FILENO, rest.data(), rest.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;  // nowhere left to report a failing log write
        rest.remove_prefix(static_cast<std::size_t>(n));
    }
}

}  // namespace

void info(std::string_view logger, std::string_view message) { write_line("INFO", logger, message); }
void warn(std::string_view logger, std::string_view message) { write_line("WARN", logger, message); }
void error(std::string_view logger, std::string_view message) { write_line("ERROR", logger, message); }

}  // namespace copycat::plugin_support::log
