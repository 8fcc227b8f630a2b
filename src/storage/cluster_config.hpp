#pragma once
// cluster_config: an immutable snapshot of the config topic (Kafka: ClusterConfigState). Built by
// config_record_reader, copied out of kafka_config_store by snapshot(); a plain value, safe to read
// from any thread once copied.

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "common/properties.hpp"
#include "storage/config_records.hpp"

namespace copycat::storage {

struct cluster_config {
    // The last consumed record's offset + 1; -1 before any record (the protocol's config-offset).
    std::int64_t offset = -1;
    std::map<std::string, string_map> connector_configs;
    // May name connectors that have no config (yet): a create writes the target state first.
    std::map<std::string, target_state_value> target_states;  // missing = started
    std::map<std::string, std::int32_t> task_counts;          // from commit records
    std::map<std::pair<std::string, std::int32_t>, string_map> task_configs;
    std::set<std::string> inconsistent;
    // KIP-507 key, the latest read.
    std::optional<session_key_record> session_key;
    // KIP-618: tasks-fencing-<c> counts, task-config generations (0 at the first applied commit,
    // +1 at each), and connectors whose latest commit came after their latest task-count record.
    std::map<std::string, std::int32_t> task_count_records;
    std::map<std::string, std::int32_t> task_config_generations;
    std::set<std::string> pending_fencing;

    bool contains(const std::string& c) const { return connector_configs.count(c) != 0; }
    target_state_value target(const std::string& c) const;
    // 0..count-1 when consistent, empty otherwise (and when there was no commit).
    std::vector<std::int32_t> tasks(const std::string& c) const;
    // The committed count (0 when none), even for an inconsistent connector.
    std::int32_t task_count(const std::string& c) const;
    const string_map* connector_config(const std::string& c) const;
    // The config of a task that exists (one of tasks(c)); null otherwise, also for configs of
    // higher task numbers that compaction left behind.
    const string_map* task_config(const std::string& c, std::int32_t task) const;
    std::vector<std::string> connectors() const;  // sorted
    bool is_inconsistent(const std::string& c) const { return inconsistent.count(c) != 0; }
};

}  // namespace copycat::storage
