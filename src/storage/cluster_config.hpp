#pragma once
// cluster_config: an immutable snapshot of the config topic (Kafka: ClusterConfigState). Built by
// config_record_reader, copied out of kafka_config_store by snapshot(); a plain value, safe to read
// from any thread once copied.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "common/properties.hpp"
#include "storage/config_records.hpp"

namespace copycat::storage {

// One connector's or task's config in a cluster_config: immutable and shared, so that copying a
// snapshot copies pointers, not every config (docs/scale.md "Creating connectors at scale"). Reads
// as the string_map it holds.
class shared_config {
public:
    shared_config() : map_(no_config()) {}
    shared_config(string_map map) : map_(std::make_shared<const string_map>(std::move(map))) {}  // NOLINT: implicit

    const string_map& get() const { return *map_; }
    operator const string_map&() const { return *map_; }  // NOLINT: implicit
    string_map::const_iterator begin() const { return map_->begin(); }
    string_map::const_iterator end() const { return map_->end(); }
    string_map::const_iterator find(const std::string& key) const { return map_->find(key); }
    const std::string& at(const std::string& key) const { return map_->at(key); }
    bool contains(const std::string& key) const { return map_->contains(key); }
    std::size_t count(const std::string& key) const { return map_->count(key); }
    std::size_t size() const { return map_->size(); }
    bool empty() const { return map_->empty(); }

    friend bool operator==(const shared_config& a, const shared_config& b) { return a.get() == b.get(); }
    friend bool operator==(const shared_config& a, const string_map& b) { return a.get() == b; }

private:
    static const std::shared_ptr<const string_map>& no_config();
    std::shared_ptr<const string_map> map_;
};

struct cluster_config {
    // The last consumed record's offset + 1; -1 before any record (the protocol's config-offset).
    std::int64_t offset = -1;
    std::map<std::string, shared_config> connector_configs;
    // May name connectors that have no config (yet): a create writes the target state first.
    std::map<std::string, target_state_value> target_states;  // missing = started
    std::map<std::string, std::int32_t> task_counts;          // from commit records
    std::map<std::pair<std::string, std::int32_t>, shared_config> task_configs;
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
