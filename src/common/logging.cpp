#include "common/logging.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "common/secret_values.hpp"
#include "common/strings.hpp"

namespace copycat::log {

namespace detail {

std::atomic<level> module_levels[module_count] = {
    level::info, level::info, level::info, level::info, level::info, level::info, level::info,
    level::info, level::info, level::info, level::info, level::info, level::info, level::info,
};
static_assert(module_count == 14, "one initializer per module above");

}  // namespace detail

namespace {

std::mutex g_write_mutex;  // guards writes to stderr, so lines of different threads never interleave

constexpr std::string_view kNames[] = {"TRACE", "DEBUG", "INFO", "WARN", "ERROR", "OFF"};

// The logger of each module (see logging.hpp); index = detail::source_module.
constexpr std::array<std::string_view, detail::module_count> kModuleLoggers = {
    "",                                              // other: the root only
    "org.apache.kafka.connect.cli",                  // app
    "org.apache.kafka.connect.data",                 // api
    "org.apache.kafka.connect.util",                 // common
    "org.apache.kafka.connect.converters",           // converters
    "org.apache.kafka.connect.runtime.distributed",  // coordination
    "org.apache.kafka.connect.runtime.distributed",  // herder
    "org.apache.kafka.clients",                      // kafka
    "org.apache.kafka.connect.runtime.isolation",    // loader
    "org.apache.kafka.connect.runtime.rest",         // net
    "org.apache.kafka.connect.runtime.rest",         // rest
    "org.apache.kafka.connect.runtime",              // runtime
    "org.apache.kafka.connect.storage",              // storage
    "org.apache.kafka.connect.transforms",           // transforms
};

}  // namespace

struct logger_state {
    std::optional<level> own;  // nullopt: inherits
    std::optional<std::int64_t> last_modified;
    std::unique_ptr<named_logger> named;  // made by logger_named(); its name views the map's key
};

// The logger hierarchy; guarded by its mutex. Changes recompute detail::module_levels and the
// levels of the named loggers.
struct logger_registry {
    std::mutex mutex;  // guards root, root_modified, loggers
    level root = level::info;
    std::optional<std::int64_t> root_modified;
    std::map<std::string, logger_state, std::less<>> loggers;

    logger_registry() {
        for (std::string_view name : kModuleLoggers)
            if (!name.empty()) loggers.try_emplace(std::string(name));
    }

    // The level `name` has: its own, the nearest ancestor's with one, or the root's.
    level effective(std::string_view name) const {
        std::string_view prefix = name;
        while (true) {
            if (auto it = loggers.find(prefix); it != loggers.end() && it->second.own) return *it->second.own;
            const auto dot = prefix.rfind('.');
            if (dot == std::string_view::npos) return root;
            prefix = prefix.substr(0, dot);
        }
    }

    void publish() {
        for (std::size_t i = 0; i < detail::module_count; ++i) {
            const level l = kModuleLoggers[i].empty() ? root : effective(kModuleLoggers[i]);
            detail::module_levels[i].store(l, std::memory_order_relaxed);
        }
        for (auto& [name, state] : loggers)
            if (state.named) state.named->effective_.store(effective(name), std::memory_order_relaxed);
    }

    const named_logger& named(std::string_view name) {
        std::lock_guard lock(mutex);
        auto it = loggers.find(name);  // no string is made for a known logger (each plugin line)
        if (it == loggers.end()) it = loggers.try_emplace(std::string(name)).first;
        logger_state& state = it->second;
        if (!state.named) {
            state.named = std::make_unique<named_logger>(it->first);
            state.named->effective_.store(effective(it->first), std::memory_order_relaxed);
        }
        return *state.named;
    }
};

namespace {

// Never destroyed: Java plugins' threads may log while the process exits.
logger_registry& loggers() {
    static logger_registry* r = new logger_registry;
    return *r;
}

std::int64_t now_ms() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

bool is_root(std::string_view name) {
    return iequals(name, root_logger);  // root_logger is lower case
}

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

void set_level(level l) {
    logger_registry& r = loggers();
    std::lock_guard lock(r.mutex);
    r.root = l;
    r.publish();
}

level current_level() {
    logger_registry& r = loggers();
    std::lock_guard lock(r.mutex);
    return r.root;
}

std::string_view level_name(level l) { return kNames[static_cast<int>(l)]; }

bool parse_level(std::string_view text, level& out) {
    std::string upper = to_upper(text);
    if (upper == "WARNING") upper = "WARN";
    if (upper == "ALL") upper = "TRACE";
    if (upper == "FATAL") upper = "ERROR";
    for (int i = 0; i <= static_cast<int>(level::off); ++i) {
        if (kNames[i] == upper) {
            out = static_cast<level>(i);
            return true;
        }
    }
    return false;
}

std::map<std::string, logger_level> logger_levels() {
    logger_registry& r = loggers();
    std::lock_guard lock(r.mutex);
    std::map<std::string, logger_level> out;
    for (const auto& [name, state] : r.loggers) {
        const level effective = r.effective(name);
        if (effective != level::off) out.emplace(name, logger_level{effective, state.last_modified});
    }
    if (r.root != level::off) out.emplace(std::string(root_logger), logger_level{r.root, r.root_modified});
    return out;
}

std::optional<logger_level> logger_level_of(std::string_view name) {
    logger_registry& r = loggers();
    std::lock_guard lock(r.mutex);
    if (is_root(name)) return logger_level{r.root, r.root_modified};
    auto it = r.loggers.find(name);
    if (it == r.loggers.end()) return std::nullopt;
    return logger_level{r.effective(name), it->second.last_modified};
}

std::vector<std::string> set_logger_level(std::string_view ns, level l) {
    logger_registry& r = loggers();
    std::vector<std::string> affected;
    {
        std::lock_guard lock(r.mutex);
        const std::int64_t now = now_ms();
        const bool all = is_root(ns);
        if (!all) r.loggers.try_emplace(std::string(ns));
        // Levels before the change decide what changes (log4j skips a logger already at the
        // level; it is still reported as covered).
        std::vector<std::pair<logger_state*, bool>> changes;
        for (auto& [name, state] : r.loggers) {
            if (!all && !std::string_view(name).starts_with(ns)) continue;
            changes.emplace_back(&state, r.effective(name) != l);
            affected.push_back(name);
        }
        for (auto& [state, changed] : changes) {
            if (!changed) continue;
            state->own = l;
            state->last_modified = now;
        }
        if (all) {
            if (r.root != l) {
                r.root = l;
                r.root_modified = now;
            }
            affected.emplace_back(root_logger);
        }
        r.publish();
    }
    std::sort(affected.begin(), affected.end());
    return affected;
}

std::vector<std::string> logger_names() {
    logger_registry& r = loggers();
    std::lock_guard lock(r.mutex);
    std::vector<std::string> out;
    for (const auto& [name, state] : r.loggers) out.push_back(name);
    return out;
}

namespace {

thread_local std::string t_context;  // this thread's context_scope, "" outside one

void write_line(std::string& line) {
    secret_values::process().hide_in(line);
    std::lock_guard lock(g_write_mutex);
    std::fwrite(line.data(), 1, line.size(), stderr);
}

}  // namespace

void write(level l, std::string_view message) {
    std::string line = fmt::format("{} {} {}{}\n", timestamp(), level_name(l), t_context, message);
    write_line(line);
}

void named_logger::write(level l, std::string_view message) const {
    if (!enabled(l)) return;
    std::string line = fmt::format("{} {} {}[{}] {}\n", timestamp(), level_name(l), t_context, name_, message);
    write_line(line);
}

context_scope::context_scope(std::string context) : previous_(std::exchange(t_context, std::move(context))) {}

context_scope::~context_scope() { t_context = std::move(previous_); }

std::string context_scope::of_task(std::string_view connector, int task) {
    return fmt::format("[{}|task-{}] ", connector, task);
}

std::string context_scope::of_connector(std::string_view connector) { return fmt::format("[{}|worker] ", connector); }

const named_logger& logger_named(std::string_view name) { return loggers().named(name); }

}  // namespace copycat::log
