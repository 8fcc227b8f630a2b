#include "common/logging.hpp"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <string>

namespace copycat::log {
namespace {

std::atomic<level> g_level{level::info};
std::mutex g_write_mutex;

constexpr std::string_view kNames[] = {"TRACE", "DEBUG", "INFO", "WARN", "ERROR", "OFF"};

std::string timestamp() {
    using namespace std::chrono;
    const auto now = system_clock::now();
    const auto ms = duration_cast<milliseconds>(now.time_since_epoch()).count() % 1000;
    const std::time_t t = system_clock::to_time_t(now);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
    return fmt::format("{}.{:03}Z", buf, ms);
}

}  // namespace

void set_level(level l) { g_level.store(l); }
level current_level() { return g_level.load(std::memory_order_relaxed); }

std::string_view level_name(level l) { return kNames[static_cast<int>(l)]; }

bool parse_level(std::string_view text, level& out) {
    std::string upper(text);
    std::transform(upper.begin(), upper.end(), upper.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    if (upper == "WARNING") upper = "WARN";
    for (int i = 0; i <= static_cast<int>(level::off); ++i) {
        if (kNames[i] == upper) {
            out = static_cast<level>(i);
            return true;
        }
    }
    return false;
}

void write(level l, std::string_view message) {
    const std::string line = fmt::format("{} {} {}\n", timestamp(), level_name(l), message);
    std::lock_guard lock(g_write_mutex);
    std::fwrite(line.data(), 1, line.size(), stderr);
}

}  // namespace copycat::log
