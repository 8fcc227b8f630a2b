#pragma once
// config_state: the connector configs, target states and task configs of a standalone worker
// (Kafka: MemoryConfigBackingStore plus the ClusterConfigState snapshot it serves). Connector
// configs are kept as given; nothing is persisted.
//
// Not thread-safe: owned and used by the herder's thread only.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "common/properties.hpp"
#include "runtime/worker_state.hpp"

namespace copycat::herder {

struct connector_entry {
    string_map config;
    target_state target = target_state::started;
    // One config per task, task i is "<connector>-i".
    std::vector<string_map> task_configs;
    // The connector config the task configs were generated from (Kafka: appliedConnectorConfig);
    // a change of the connector config restarts the tasks even when their configs come out equal.
    std::optional<string_map> applied_config;
};

class config_state {
public:
    bool contains(const std::string& name) const { return connectors_.contains(name); }
    const connector_entry* find(const std::string& name) const;
    // Sorted names.
    std::vector<std::string> names() const;

    // Creates or replaces a connector config. `target` applies when given; a new connector without
    // one starts as STARTED.
    void put_config(const std::string& name, string_map config, std::optional<target_state> target);
    void remove(const std::string& name);
    void set_target_state(const std::string& name, target_state target);

    // Stores task configs and remembers the connector config they were generated from.
    void put_task_configs(const std::string& name, std::vector<string_map> configs);
    void remove_task_configs(const std::string& name);

    // The ids of the connector's tasks, in order; empty for an unknown connector.
    std::vector<task_id> tasks(const std::string& name) const;
    // Kafka: AbstractHerder.taskConfigsChanged — another count, another config for any task, or a
    // connector config that differs from the one the current tasks were generated from.
    bool task_configs_changed(const std::string& name, const std::vector<string_map>& generated) const;

    // Moves with every change made through the functions above.
    std::uint64_t generation() const { return generation_; }

private:
    std::map<std::string, connector_entry, std::less<>> connectors_;
    std::uint64_t generation_ = 0;
};

}  // namespace copycat::herder
