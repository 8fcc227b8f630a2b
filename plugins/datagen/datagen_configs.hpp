// The configuration of the datagen connector: the keys of Confluent's kafka-connect-datagen
// (DatagenConnectorConfig) that Copycat supports, and the settings a task runs with.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "copycat/config/config_def.hpp"
#include "datagen/record_description.hpp"

namespace copycat::datagen {

/// The version of the connector and its task: Copycat's own (set by the build).
inline constexpr const char* plugin_version = COPYCAT_DATAGEN_VERSION;

inline constexpr std::string_view kafka_topic_config = "kafka.topic";
inline constexpr std::string_view max_interval_config = "max.interval";
inline constexpr std::string_view iterations_config = "iterations";
inline constexpr std::string_view schema_string_config = "schema.string";
inline constexpr std::string_view schema_keyfield_config = "schema.keyfield";
inline constexpr std::string_view quickstart_config = "quickstart";
inline constexpr std::string_view random_seed_config = "random.seed";

/// Confluent's defaults: up to 500 ms between records; no limit on the records per task.
inline constexpr std::int64_t default_max_interval_ms = 500;
inline constexpr std::int32_t default_iterations = -1;
/// The longest max.interval accepted (Java's Integer.MAX_VALUE ms, about 25 days): waits stay
/// far from the clock's limits.
inline constexpr std::int64_t max_max_interval_ms = 2147483647;

/// The key the connector adds to each task's configuration: the task's number from 0, as
/// Confluent's connector does. It is also the source partition {"task.id": n}.
inline constexpr std::string_view task_id_key = "task.id";
/// The fields of the source offset: how many records the task has generated (the iteration of
/// the next one), and the count of its runs before the current one.
inline constexpr std::string_view current_iteration_field = "current.iteration";
inline constexpr std::string_view task_generation_field = "task.generation";

/// The error given, on both keys, when neither or both of schema.string and quickstart is set.
inline constexpr std::string_view schema_source_error = "Must set exactly one of schema.string, quickstart";

/// The definition of the connector's keys, each checked on its own.
const config_def& datagen_config_def();

/// What a task generates, read from a whole configuration.
struct datagen_settings {
    std::string topic;
    std::int64_t max_interval_ms = default_max_interval_ms;
    std::int32_t iterations = default_iterations;  // < 1: unlimited
    std::optional<std::int64_t> random_seed;
    std::shared_ptr<const record_description> description;
    /// The top-level field whose value is the record key; empty: a null key.
    std::string key_field;
};

/// Problems that involve several keys, as (key, message) pairs; empty when there are none. The
/// keys themselves must be valid (datagen_config_def().validate() finds no error in them).
std::vector<std::pair<std::string, std::string>> combination_errors(const std::map<std::string, std::string>& props);

/// Reads a configuration; throws config_error for the first problem in it.
datagen_settings read_settings(const std::map<std::string, std::string>& props);

}  // namespace copycat::datagen
