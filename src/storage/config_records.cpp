#include "storage/config_records.hpp"

#include <fmt/format.h>

#include <limits>
#include <vector>

#include "copycat/data/base64.hpp"

namespace copycat::storage {
namespace {

error bad(std::string message) { return make_error(errc::invalid_argument, std::move(message)); }

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

// Java's Integer.parseInt for ASCII text: an optional sign, then decimal digits, in int32 range.
std::optional<std::int32_t> java_parse_int(std::string_view s) {
    bool negative = false;
    if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
        negative = s[0] == '-';
        s.remove_prefix(1);
    }
    if (s.empty()) return std::nullopt;
    std::int64_t n = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return std::nullopt;
        n = n * 10 + (c - '0');
        if (n > static_cast<std::int64_t>(std::numeric_limits<std::int32_t>::max()) + 1) return std::nullopt;
    }
    if (negative) n = -n;
    if (n > std::numeric_limits<std::int32_t>::max()) return std::nullopt;
    return static_cast<std::int32_t>(n);
}

// Java's int conversion of a schemaless JSON integer (a Long, narrowed).
std::optional<std::int32_t> int_value(const json::value* v) {
    if (v == nullptr || !v->is_integer()) return std::nullopt;
    return static_cast<std::int32_t>(v->as_int64());
}

std::string properties_record(const string_map& properties) {
    json::writer w;
    w.start_object().key("properties").start_object();
    for (const auto& [k, val] : properties) w.key(k).string(val);
    w.end_object().end_object();
    return w.take();
}

std::string single_int_record(std::string_view field, std::int32_t n) {
    json::writer w;
    w.start_object().key(field).int64(n).end_object();
    return w.take();
}

}  // namespace

std::string_view target_state_name(target_state_value s) {
    switch (s) {
        case target_state_value::started:
            return "STARTED";
        case target_state_value::paused:
            return "PAUSED";
        case target_state_value::stopped:
            return "STOPPED";
    }
    return "STARTED";
}

std::optional<target_state_value> parse_target_state(std::string_view name) {
    if (name == "STARTED") return target_state_value::started;
    if (name == "PAUSED") return target_state_value::paused;
    if (name == "STOPPED") return target_state_value::stopped;
    return std::nullopt;
}

namespace config_keys {
std::string connector(std::string_view c) { return fmt::format("{}{}", connector_prefix, c); }
std::string target_state(std::string_view c) { return fmt::format("{}{}", target_state_prefix, c); }
std::string task(std::string_view c, std::int32_t task) { return fmt::format("{}{}-{}", task_prefix, c, task); }
std::string commit(std::string_view c) { return fmt::format("{}{}", commit_prefix, c); }
std::string restart(std::string_view c) { return fmt::format("{}{}", restart_prefix, c); }
std::string task_count(std::string_view c) { return fmt::format("{}{}", task_count_prefix, c); }
std::string logger_cluster(std::string_view ns) { return fmt::format("{}{}", logger_cluster_prefix, ns); }
}  // namespace config_keys

std::optional<std::pair<std::string, std::int32_t>> parse_task_id(std::string_view key, std::size_t skip) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    while (true) {
        const std::size_t dash = key.find('-', start);
        if (dash == std::string_view::npos) {
            parts.push_back(key.substr(start));
            break;
        }
        parts.push_back(key.substr(start, dash - start));
        start = dash + 1;
    }
    while (!parts.empty() && parts.back().empty()) parts.pop_back();  // String.split drops trailing empties
    if (parts.size() < skip + 2) return std::nullopt;
    const auto task = java_parse_int(parts.back());
    if (!task) return std::nullopt;
    std::string connector;
    for (std::size_t i = skip; i + 1 < parts.size(); ++i) {
        if (i > skip) connector += '-';
        connector += parts[i];
    }
    return std::make_pair(std::move(connector), *task);
}

config_key parse_config_key(std::string_view key) {
    namespace k = config_keys;
    auto named = [&](config_key_kind kind, std::string_view prefix) {
        return config_key{kind, std::string(key.substr(prefix.size())), 0};
    };
    if (starts_with(key, k::target_state_prefix)) return named(config_key_kind::target_state, k::target_state_prefix);
    if (starts_with(key, k::connector_prefix)) return named(config_key_kind::connector, k::connector_prefix);
    if (starts_with(key, k::task_prefix)) {
        auto id = parse_task_id(key, 1);
        if (!id) return config_key{config_key_kind::bad_task_key, {}, 0};
        return config_key{config_key_kind::task, std::move(id->first), id->second};
    }
    if (starts_with(key, k::commit_prefix)) return named(config_key_kind::commit, k::commit_prefix);
    if (starts_with(key, k::restart_prefix)) return named(config_key_kind::restart, k::restart_prefix);
    if (starts_with(key, k::task_count_prefix)) return named(config_key_kind::task_count, k::task_count_prefix);
    if (key == k::session_key) return config_key{config_key_kind::session_key, {}, 0};
    if (starts_with(key, k::logger_cluster_prefix))
        return named(config_key_kind::logger_level, k::logger_cluster_prefix);
    return config_key{};
}

std::string encode_connector_config(const string_map& properties) { return properties_record(properties); }
std::string encode_task_config(const string_map& properties) { return properties_record(properties); }
std::string encode_commit(std::int32_t tasks) { return single_int_record("tasks", tasks); }
std::string encode_task_count(std::int32_t task_count) { return single_int_record("task-count", task_count); }

std::string encode_target_state(target_state_value s) {
    const auto legacy = s == target_state_value::stopped ? target_state_value::paused : s;
    json::writer w;
    w.start_object().key("state").string(target_state_name(legacy)).key("state.v2").string(target_state_name(s));
    w.end_object();
    return w.take();
}

std::string encode_restart_request(const restart_request_record& r) {
    json::writer w;
    w.start_object().key("include-tasks").boolean(r.include_tasks).key("only-failed").boolean(r.only_failed);
    w.end_object();
    return w.take();
}

std::string encode_session_key(const session_key_record& k) {
    json::writer w;
    w.start_object().key("key").string(k.key).key("algorithm").string(k.algorithm);
    w.key("creation-timestamp").int64(k.creation_timestamp).end_object();
    return w.take();
}

std::string encode_logger_level(std::string_view level) {
    json::writer w;
    w.start_object().key("level").string(level).end_object();
    return w.take();
}

result<string_map> decode_properties(const json::value& v) {
    if (!v.is_object()) return bad(fmt::format("the value is not a map but {}", json::kind_name(v.type())));
    const json::value* props = v.find("properties");
    if (props == nullptr || !props->is_object()) return bad("'properties' field should be a map");
    string_map out;
    for (const auto& m : props->as_object()) {
        if (m.val.is_null()) continue;
        out[m.name] = m.val.is_string() ? m.val.as_string() : json::dump(m.val);
    }
    return out;
}

result<std::int32_t> decode_commit(const json::value& v) {
    if (!v.is_object()) return bad(fmt::format("the value is not a map but {}", json::kind_name(v.type())));
    const auto n = int_value(v.find("tasks"));
    if (!n) return bad("'tasks' field should be an integer");
    return *n;
}

result<target_state_value> decode_target_state(const json::value& v) {
    if (!v.is_object()) return bad(fmt::format("the value is not a map but {}", json::kind_name(v.type())));
    const json::value* state = v.find("state.v2");
    if (state != nullptr && !state->is_string()) state = nullptr;  // Kafka logs it and falls back on "state"
    if (state == nullptr) state = v.find("state");
    if (state == nullptr || !state->is_string()) return bad("'state' field should be a string");
    auto parsed = parse_target_state(state->as_string());
    if (!parsed) return bad(fmt::format("invalid target state {}", state->as_string()));
    return *parsed;
}

result<restart_request_record> decode_restart_request(std::string connector, const json::value& v) {
    if (!v.is_object()) return bad(fmt::format("the value is not a map but {}", json::kind_name(v.type())));
    restart_request_record r;
    r.connector = std::move(connector);
    const json::value* include = v.find("include-tasks");
    const json::value* failed = v.find("only-failed");
    r.include_tasks = include != nullptr && include->is_bool() && include->as_bool();
    r.only_failed = failed != nullptr && failed->is_bool() && failed->as_bool();
    return r;
}

result<std::int32_t> decode_task_count(const json::value& v) {
    if (!v.is_object()) return bad(fmt::format("the value is not a map but {}", json::kind_name(v.type())));
    const auto n = int_value(v.find("task-count"));
    if (!n) return bad("'task-count' field should be an integer");
    return *n;
}

result<session_key_record> decode_session_key(const json::value& v) {
    if (!v.is_object()) return bad(fmt::format("the value is not a map but {}", json::kind_name(v.type())));
    const json::value* key = v.find("key");
    const json::value* algorithm = v.find("algorithm");
    const json::value* created = v.find("creation-timestamp");
    if (key == nullptr || !key->is_string()) return bad("'key' field should be a string");
    if (!base64_decode(key->as_string())) return bad("'key' field is not Base64");
    if (algorithm == nullptr || !algorithm->is_string()) return bad("'algorithm' field should be a string");
    if (created == nullptr || !created->is_integer()) return bad("'creation-timestamp' field should be a long");
    return session_key_record{key->as_string(), algorithm->as_string(), created->as_int64()};
}

result<std::string> decode_logger_level(const json::value& v) {
    if (!v.is_object()) return bad(fmt::format("the value is not a map but {}", json::kind_name(v.type())));
    const json::value* level = v.find("level");
    if (level == nullptr || !level->is_string()) return bad("'level' field should be a string");
    return level->as_string();
}

}  // namespace copycat::storage
