#include "postgres/pg_log.hpp"

#include <cstdio>
#include <string>

namespace copycat::postgres::log {
namespace {

// One fputs of the whole line: stderr is unbuffered, so lines of several threads do not mix.
void emit(const char* level, std::string_view logger, std::string_view message) {
    std::string line;
    line.reserve(logger.size() + message.size() + 16);
    line.append(level).append(" [").append(logger).append("] ").append(message).push_back('\n');
    std::fputs(line.c_str(), stderr);
}

}  // namespace

void info(std::string_view logger, std::string_view message) { emit("INFO", logger, message); }
void warn(std::string_view logger, std::string_view message) { emit("WARN", logger, message); }

}  // namespace copycat::postgres::log
