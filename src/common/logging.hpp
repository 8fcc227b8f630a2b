#pragma once
// Logging on fmt: `log::info("task {} started", id)`. One global level, lines go to stderr as
// "2026-01-01T12:00:00.000Z INFO [logger] message". Thread-safe.

#include <fmt/format.h>

#include <string_view>

namespace copycat::log {

enum class level { trace, debug, info, warn, error, off };

void set_level(level l);
level current_level();
// Parses "TRACE".."ERROR"/"OFF" (any case); false when unknown.
bool parse_level(std::string_view text, level& out);
std::string_view level_name(level l);

void write(level l, std::string_view message);

template <class... Args>
void at(level l, fmt::format_string<Args...> f, Args&&... args) {
    if (l < current_level()) return;
    write(l, fmt::format(f, std::forward<Args>(args)...));
}
template <class... Args>
void trace(fmt::format_string<Args...> f, Args&&... a) {
    at(level::trace, f, std::forward<Args>(a)...);
}
template <class... Args>
void debug(fmt::format_string<Args...> f, Args&&... a) {
    at(level::debug, f, std::forward<Args>(a)...);
}
template <class... Args>
void info(fmt::format_string<Args...> f, Args&&... a) {
    at(level::info, f, std::forward<Args>(a)...);
}
template <class... Args>
void warn(fmt::format_string<Args...> f, Args&&... a) {
    at(level::warn, f, std::forward<Args>(a)...);
}
template <class... Args>
void error(fmt::format_string<Args...> f, Args&&... a) {
    at(level::error, f, std::forward<Args>(a)...);
}

}  // namespace copycat::log
