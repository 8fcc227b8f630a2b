#pragma once
// Logging on fmt: `log::info("task {} started", id)`. Lines go to stderr as
// "2026-01-01T12:00:00.000Z INFO message", and those of plugins' loggers (named_logger below) as
// "2026-01-01T12:00:00.000Z INFO [logger] message"; a line written while a thread works for a
// connector or task has its context after the level (context_scope below: "INFO [c|task-0] ...");
// the worker's secrets are hidden in every line (common/secret_values.hpp). Thread-safe.
//
// Named loggers with levels (Kafka: the log4j loggers that /admin/loggers shows and changes,
// KIP-495). Every log call belongs to the logger of the Copycat module its source file is in,
// found at compile time from the file's path (src/<module>/...); the loggers carry the names of
// the Kafka packages that do the same work, so Kafka's namespaces work on Copycat too:
//
//   src/app                      org.apache.kafka.connect.cli
//   src/api                      org.apache.kafka.connect.data
//   src/common                   org.apache.kafka.connect.util
//   src/converters               org.apache.kafka.connect.converters
//   src/coordination, src/herder org.apache.kafka.connect.runtime.distributed
//   src/kafka                    org.apache.kafka.clients
//   src/loader                   org.apache.kafka.connect.runtime.isolation
//   src/net, src/rest            org.apache.kafka.connect.runtime.rest
//   src/runtime                  org.apache.kafka.connect.runtime
//   src/storage                  org.apache.kafka.connect.storage
//   src/transforms               org.apache.kafka.connect.transforms
//   anything else (tests)        the root logger only
//
// Levels follow log4j's hierarchy: a logger without a level of its own has the level of its
// nearest dot-separated ancestor that has one, or the root's (INFO at start). set_logger_level()
// behaves as Kafka's Loggers.setLevel: it sets the level of the namespace's logger (creating it
// when unknown) and of every known logger whose name starts with the namespace; "root" sets the
// root and every logger. A filtered-out call costs one relaxed atomic load.

#include <fmt/format.h>

#include <atomic>
#include <cstdint>
#include <map>
#include <optional>
#include <source_location>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace copycat::log {

enum class level { trace, debug, info, warn, error, off };

// The root logger's level.
void set_level(level l);
level current_level();
// Parses "TRACE".."ERROR"/"OFF" (any case; also "WARNING", and log4j's "ALL" as TRACE and "FATAL"
// as ERROR); false when unknown.
bool parse_level(std::string_view text, level& out);
std::string_view level_name(level l);

void write(level l, std::string_view message);

// ---- named loggers (GET/PUT /admin/loggers) -----------------------------------------------------

inline constexpr std::string_view root_logger = "root";

struct logger_level {
    level lvl = level::info;
    // When the level was last changed by set_logger_level (ms since the epoch); nullopt if never.
    std::optional<std::int64_t> last_modified;
};

// Every known logger (the module loggers, those created by set_logger_level) and the root, by
// name, with its effective level; loggers at OFF are left out (Kafka: Loggers.allLevels, which
// lists every logger the worker created, so a fresh worker lists its components).
std::map<std::string, logger_level> logger_levels();
// The level of a known logger, its own or the one it inherits; "root" in any case is the root;
// nullopt for a logger that does not exist (Kafka: Loggers.level).
std::optional<logger_level> logger_level_of(std::string_view name);
// Sets the level of `ns` and its children as described above; returns the names of the loggers
// it covers, sorted ("root" for the root).
std::vector<std::string> set_logger_level(std::string_view ns, level l);
// Every known logger name (the module loggers and those created by set_logger_level), sorted.
std::vector<std::string> logger_names();

// ---- the connector context of a thread's lines (Kafka: LoggingContext, MDC connector.context) ----

// While it lives, every line this thread writes (the worker's and its plugins') carries `context`
// after the level, as Kafka Connect's log pattern prints "%X{connector.context}": "[<connector>|
// task-<n>] " while a task runs, "[<connector>|worker] " while the worker calls its connector.
// Scopes nest; the innermost wins.
class context_scope {
public:
    explicit context_scope(std::string context);
    ~context_scope();
    context_scope(const context_scope&) = delete;
    context_scope& operator=(const context_scope&) = delete;

    // Kafka's contexts: "[c|task-0] " and "[c|worker] ".
    static std::string of_task(std::string_view connector, int task);
    static std::string of_connector(std::string_view connector);

private:
    std::string previous_;
};

// ---- loggers by name: plugins' (copycat/plugin_log.hpp) and Java plugins' SLF4J loggers ---------

// A logger that has a name of its own rather than a module's. Its level follows the hierarchy
// above; reading it costs one relaxed atomic load.
class named_logger {
public:
    explicit named_logger(std::string_view name) : name_(name) {}
    named_logger(const named_logger&) = delete;
    named_logger& operator=(const named_logger&) = delete;

    std::string_view name() const { return name_; }
    bool enabled(level l) const { return l >= effective_.load(std::memory_order_relaxed); }
    // Writes "<time> <LEVEL> [<name>] <message>" when enabled at `l`.
    void write(level l, std::string_view message) const;

private:
    friend struct logger_registry;
    std::string_view name_;  // the registry's key
    std::atomic<level> effective_{level::info};
};

// The logger `name`, created when unknown (it is then listed by logger_levels() and set by
// set_logger_level() like the module loggers). The reference stays valid until the process ends,
// also while static objects are destroyed: Java plugins log from threads of their own.
const named_logger& logger_named(std::string_view name);

namespace detail {

enum class source_module : unsigned char {
    other,
    app,
    api,
    common,
    converters,
    coordination,
    herder,
    kafka,
    loader,
    net,
    rest,
    runtime,
    storage,
    transforms,
    count_
};

inline constexpr std::size_t module_count = static_cast<std::size_t>(source_module::count_);

// The module of a source file from its path: the directory after the last "src/".
constexpr source_module module_of(std::string_view file) {
    std::size_t start = std::string_view::npos;
    for (std::size_t i = 0; i + 4 <= file.size(); ++i) {
        if (file.substr(i, 4) == "src/" && (i == 0 || file[i - 1] == '/')) start = i + 4;
    }
    if (start == std::string_view::npos) return source_module::other;
    const std::string_view rest = file.substr(start);
    const std::string_view dir = rest.substr(0, rest.find('/'));
    constexpr std::pair<std::string_view, source_module> dirs[] = {
        {"app", source_module::app},
        {"api", source_module::api},
        {"common", source_module::common},
        {"converters", source_module::converters},
        {"coordination", source_module::coordination},
        {"herder", source_module::herder},
        {"kafka", source_module::kafka},
        {"loader", source_module::loader},
        {"net", source_module::net},
        {"rest", source_module::rest},
        {"runtime", source_module::runtime},
        {"storage", source_module::storage},
        {"transforms", source_module::transforms},
    };
    for (const auto& [name, m] : dirs) {
        if (dir == name && dir.size() < rest.size()) return m;
    }
    return source_module::other;
}

// The effective level of each module's logger; constant-initialized to INFO.
extern std::atomic<level> module_levels[module_count];

inline bool enabled(level l, source_module m) {
    return l >= module_levels[static_cast<std::size_t>(m)].load(std::memory_order_relaxed);
}

}  // namespace detail

// A format string together with the module of the file that logs it.
template <class... Args>
struct format_at {
    template <class S>
    consteval format_at(const S& s, std::source_location where = std::source_location::current())  // NOLINT
        : text(s), origin(detail::module_of(where.file_name())) {}

    fmt::format_string<Args...> text;
    detail::source_module origin;
};

template <class... Args>
void at(level l, format_at<std::type_identity_t<Args>...> f, Args&&... args) {
    if (!detail::enabled(l, f.origin)) return;
    write(l, fmt::format(f.text, std::forward<Args>(args)...));
}
template <class... Args>
void trace(format_at<std::type_identity_t<Args>...> f, Args&&... a) {
    at<Args...>(level::trace, f, std::forward<Args>(a)...);
}
template <class... Args>
void debug(format_at<std::type_identity_t<Args>...> f, Args&&... a) {
    at<Args...>(level::debug, f, std::forward<Args>(a)...);
}
template <class... Args>
void info(format_at<std::type_identity_t<Args>...> f, Args&&... a) {
    at<Args...>(level::info, f, std::forward<Args>(a)...);
}
template <class... Args>
void warn(format_at<std::type_identity_t<Args>...> f, Args&&... a) {
    at<Args...>(level::warn, f, std::forward<Args>(a)...);
}
template <class... Args>
void error(format_at<std::type_identity_t<Args>...> f, Args&&... a) {
    at<Args...>(level::error, f, std::forward<Args>(a)...);
}

}  // namespace copycat::log
