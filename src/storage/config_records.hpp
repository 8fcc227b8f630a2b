#pragma once
// The records of the config topic (Kafka: the keys and schemas in KafkaConfigBackingStore): key
// builders, key classification, and value encode/decode. Values are the compact JSON that Kafka
// Connect's JsonConverter writes with schemas.enable=false, members in Java's field order:
//
//   connector-<c>        {"properties":{...}}              task-<c>-<n>      {"properties":{...}}
//   commit-<c>           {"tasks":3}                       target-state-<c>  {"state":"PAUSED","state.v2":"STOPPED"}
//   restart-connector-<c> {"include-tasks":true,"only-failed":false}
//   tasks-fencing-<c>    {"task-count":3}                  logger-cluster-<ns> {"level":"DEBUG"}
//   session-key          {"key":"<base64>","algorithm":"HmacSHA256","creation-timestamp":1730000000000}
//
// Decoders follow Kafka's reading rules (what is an error, what defaults). Pure functions, any thread.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "common/json.hpp"
#include "common/properties.hpp"
#include "common/result.hpp"

namespace copycat::storage {

enum class target_state_value { started, paused, stopped };

// "STARTED", "PAUSED", "STOPPED".
std::string_view target_state_name(target_state_value s);
// Exact (case-sensitive) names, as Java's TargetState.valueOf.
std::optional<target_state_value> parse_target_state(std::string_view name);

struct restart_request_record {
    std::string connector;
    bool include_tasks = false;
    bool only_failed = false;
    friend bool operator==(const restart_request_record&, const restart_request_record&) = default;
};

// KIP-507 session key; `key` is the standard padded Base64 text of the raw key bytes.
struct session_key_record {
    std::string key;
    std::string algorithm;
    std::int64_t creation_timestamp = 0;
    friend bool operator==(const session_key_record&, const session_key_record&) = default;
};

namespace config_keys {
inline constexpr std::string_view target_state_prefix = "target-state-";
inline constexpr std::string_view connector_prefix = "connector-";
inline constexpr std::string_view task_prefix = "task-";
inline constexpr std::string_view commit_prefix = "commit-";
inline constexpr std::string_view restart_prefix = "restart-connector-";
inline constexpr std::string_view task_count_prefix = "tasks-fencing-";
inline constexpr std::string_view session_key = "session-key";
inline constexpr std::string_view logger_cluster_prefix = "logger-cluster-";

std::string connector(std::string_view c);
std::string target_state(std::string_view c);
std::string task(std::string_view c, std::int32_t task);
std::string commit(std::string_view c);
std::string restart(std::string_view c);
std::string task_count(std::string_view c);
std::string logger_cluster(std::string_view ns);
}  // namespace config_keys

enum class config_key_kind {
    target_state,
    connector,
    task,
    commit,
    restart,
    task_count,
    session_key,
    logger_level,
    bad_task_key,  // starts with "task-" but does not parse as task-<connector>-<n>
    unknown,
};

struct config_key {
    config_key_kind kind = config_key_kind::unknown;
    std::string name;       // connector name (logger namespace for logger_level)
    std::int32_t task = 0;  // task keys only
};

// Classifies a key in Kafka's matching order: target-state-, connector-, task-, commit-,
// restart-connector-, tasks-fencing-, exactly session-key, logger-cluster-.
config_key parse_config_key(std::string_view key);

// Kafka's task-id parsing (`key.split("-")`, trailing empty parts dropped): the last part is the
// task number (Integer.parseInt), parts [skip, last) joined with '-' the connector. Needs at least
// skip + 2 parts. skip = 1 for "task-<c>-<n>", 2 for "status-task-<c>-<n>".
std::optional<std::pair<std::string, std::int32_t>> parse_task_id(std::string_view key, std::size_t skip);

// Encoders (compact JSON).
std::string encode_connector_config(const string_map& properties);
std::string encode_task_config(const string_map& properties);
std::string encode_commit(std::int32_t tasks);
// Writes both fields; STOPPED goes into "state" as PAUSED for older workers.
std::string encode_target_state(target_state_value s);
std::string encode_restart_request(const restart_request_record& r);
std::string encode_task_count(std::int32_t task_count);
std::string encode_session_key(const session_key_record& k);
std::string encode_logger_level(std::string_view level);

// Decoders, on the parsed value (a null value is a tombstone and is handled by the caller).
// Errors are errc::invalid_argument with the reason, for a log line.
//
// {"properties":{...}}: string values as they are, other scalars as their JSON text; null values
// are dropped.
result<string_map> decode_properties(const json::value& v);
result<std::int32_t> decode_commit(const json::value& v);
// Prefers a string "state.v2", falls back on "state".
result<target_state_value> decode_target_state(const json::value& v);
// Any object is accepted; a field that is not a boolean defaults to false.
result<restart_request_record> decode_restart_request(std::string connector, const json::value& v);
result<std::int32_t> decode_task_count(const json::value& v);
result<session_key_record> decode_session_key(const json::value& v);
result<std::string> decode_logger_level(const json::value& v);

}  // namespace copycat::storage
