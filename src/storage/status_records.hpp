#pragma once
// The records of the status topic (Kafka: the keys and schemas in KafkaStatusBackingStore):
//
//   status-connector-<c>                 {"state":"RUNNING","trace":null,"worker_id":"host:8083","generation":7,
//                                         "version":"4.1.1"}   (KIP-891; left out when unknown, as Java does)
//   status-task-<c>-<n>                  same shape
//   status-topic-<topic>:connector-<c>
//       {"topic":{"name":"t","connector":"c","task":0,"discoverTimestamp":1730000000000}}
//
// Compact JSON as JsonConverter (schemas.enable=false) writes it, members in Java's field order,
// an absent trace as an explicit null. Pure functions, any thread.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "common/result.hpp"

namespace copycat::storage {

// A connector's or a task's status. `state` is one of UNASSIGNED, RUNNING, PAUSED, FAILED,
// DESTROYED, RESTARTING, STOPPED.
struct connector_status_record {
    std::string state;
    std::optional<std::string> trace;
    std::string worker_id;
    std::int32_t generation = 0;
    std::optional<std::string> version{};  // the connector's or task's plugin version (KIP-891)
    friend bool operator==(const connector_status_record&, const connector_status_record&) = default;
};

// KIP-558: a topic a connector's task used.
struct topic_status_record {
    std::string topic;
    std::string connector;
    std::int32_t task = 0;
    std::int64_t discover_timestamp = 0;
    friend bool operator==(const topic_status_record&, const topic_status_record&) = default;
};

namespace status_keys {
inline constexpr std::string_view connector_prefix = "status-connector-";
inline constexpr std::string_view task_prefix = "status-task-";
inline constexpr std::string_view topic_prefix = "status-topic-";
inline constexpr std::string_view topic_separator = ":connector-";

std::string connector(std::string_view c);
std::string task(std::string_view c, std::int32_t task);
std::string topic(std::string_view topic, std::string_view c);
}  // namespace status_keys

enum class status_key_kind { connector, task, topic, invalid, unknown };

struct status_key {
    status_key_kind kind = status_key_kind::unknown;
    std::string connector;
    std::int32_t task = 0;  // task keys
    std::string topic;      // topic keys
};

// Parses a key as Kafka does: invalid = a known prefix with an unusable rest (empty connector,
// a task key that does not parse, a topic key without ':' or with an empty topic or connector).
status_key parse_status_key(std::string_view key);

// The states Java's AbstractStatus.State knows.
bool is_status_state(std::string_view state);

std::string encode_status(const connector_status_record& s);
std::string encode_topic_status(const topic_status_record& s);

// errc::invalid_argument when the text is not JSON, not an object, or a field has the wrong type
// (state must be a known state name; generation an integer; trace and worker_id string or null).
result<connector_status_record> decode_status(std::string_view text);
result<topic_status_record> decode_topic_status(std::string_view text);

}  // namespace copycat::storage
