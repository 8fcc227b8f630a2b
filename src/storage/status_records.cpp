#include "storage/status_records.hpp"

#include <fmt/format.h>

#include <array>

#include "common/json.hpp"
#include "storage/config_records.hpp"

namespace copycat::storage {
namespace {

error bad(std::string message) { return make_error(errc::invalid_argument, std::move(message)); }

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

// A string or null (Java's `(String)` cast); false for any other kind.
bool optional_string(const json::value* v, std::optional<std::string>& out) {
    if (v == nullptr || v->is_null()) {
        out.reset();
        return true;
    }
    if (!v->is_string()) return false;
    out = v->as_string();
    return true;
}

}  // namespace

namespace status_keys {
std::string connector(std::string_view c) { return fmt::format("{}{}", connector_prefix, c); }
std::string task(std::string_view c, std::int32_t task) { return fmt::format("{}{}-{}", task_prefix, c, task); }
std::string topic(std::string_view topic, std::string_view c) {
    return fmt::format("{}{}{}{}", topic_prefix, topic, topic_separator, c);
}
}  // namespace status_keys

status_key parse_status_key(std::string_view key) {
    namespace k = status_keys;
    status_key out;
    if (starts_with(key, k::connector_prefix)) {
        out.connector = std::string(key.substr(k::connector_prefix.size()));
        out.kind = out.connector.empty() ? status_key_kind::invalid : status_key_kind::connector;
        return out;
    }
    if (starts_with(key, k::task_prefix)) {
        auto id = parse_task_id(key, 2);
        if (!id) {
            out.kind = status_key_kind::invalid;
            return out;
        }
        out.kind = status_key_kind::task;
        out.connector = std::move(id->first);
        out.task = id->second;
        return out;
    }
    if (starts_with(key, k::topic_prefix)) {
        out.kind = status_key_kind::invalid;
        const std::size_t colon = key.find(':');
        if (colon == std::string_view::npos || colon < k::topic_prefix.size()) return out;
        const std::string_view topic = key.substr(k::topic_prefix.size(), colon - k::topic_prefix.size());
        const std::size_t begin = colon + k::topic_separator.size();  // Kafka skips ":connector-" unchecked
        if (topic.empty() || begin >= key.size()) return out;
        out.kind = status_key_kind::topic;
        out.topic = std::string(topic);
        out.connector = std::string(key.substr(begin));
        return out;
    }
    return out;
}

bool is_status_state(std::string_view state) {
    static constexpr std::array<std::string_view, 7> states = {"UNASSIGNED", "RUNNING",    "PAUSED", "FAILED",
                                                               "DESTROYED",  "RESTARTING", "STOPPED"};
    for (auto s : states)
        if (s == state) return true;
    return false;
}

std::string encode_status(const connector_status_record& s) {
    json::writer w;
    w.start_object().key("state").string(s.state).key("trace");
    if (s.trace)
        w.string(*s.trace);
    else
        w.null();
    w.key("worker_id").string(s.worker_id).key("generation").int64(s.generation);
    if (s.version) w.key("version").string(*s.version);
    w.end_object();
    return w.take();
}

std::string encode_topic_status(const topic_status_record& s) {
    json::writer w;
    w.start_object().key("topic").start_object();
    w.key("name").string(s.topic).key("connector").string(s.connector).key("task").int64(s.task);
    w.key("discoverTimestamp").int64(s.discover_timestamp).end_object().end_object();
    return w.take();
}

result<connector_status_record> decode_status(std::string_view text) {
    COPYCAT_TRY(const json::value v, json::parse(text));
    if (!v.is_object()) return bad(fmt::format("the status is not a map but {}", json::kind_name(v.type())));
    connector_status_record s;
    const json::value* state = v.find("state");
    if (state == nullptr || !state->is_string() || !is_status_state(state->as_string()))
        return bad("'state' field should be a status state name");
    s.state = state->as_string();
    if (!optional_string(v.find("trace"), s.trace)) return bad("'trace' field should be a string or null");
    std::optional<std::string> worker;
    if (!optional_string(v.find("worker_id"), worker)) return bad("'worker_id' field should be a string or null");
    s.worker_id = worker.value_or("");
    const json::value* generation = v.find("generation");
    if (generation == nullptr || !generation->is_integer()) return bad("'generation' field should be an integer");
    s.generation = static_cast<std::int32_t>(generation->as_int64());
    // An older worker writes no version; a value that is not a string is ignored.
    if (!optional_string(v.find("version"), s.version)) s.version.reset();
    return s;
}

result<topic_status_record> decode_topic_status(std::string_view text) {
    COPYCAT_TRY(auto parsed, json::parse(text));
    const json::value* inner = parsed.find("topic");
    if (inner == nullptr || !inner->is_object()) return bad("'topic' field should be a map");
    topic_status_record s;
    std::optional<std::string> name;
    std::optional<std::string> connector;
    if (!optional_string(inner->find("name"), name)) return bad("'name' field should be a string");
    if (!optional_string(inner->find("connector"), connector)) return bad("'connector' field should be a string");
    const json::value* task = inner->find("task");
    const json::value* discovered = inner->find("discoverTimestamp");
    if (task == nullptr || !task->is_integer()) return bad("'task' field should be an integer");
    if (discovered == nullptr || !discovered->is_integer()) return bad("'discoverTimestamp' field should be a long");
    s.topic = name.value_or("");
    s.connector = connector.value_or("");
    s.task = static_cast<std::int32_t>(task->as_int64());
    s.discover_timestamp = discovered->as_int64();
    return s;
}

}  // namespace copycat::storage
