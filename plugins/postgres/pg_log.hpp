// The log of the PostgreSQL plugin: one line per message on standard error, where the worker's
// own log goes, as "<level> [<logger>] <message>".
#pragma once

#include <string_view>

namespace copycat::postgres::log {

void info(std::string_view logger, std::string_view message);
void warn(std::string_view logger, std::string_view message);

}  // namespace copycat::postgres::log
