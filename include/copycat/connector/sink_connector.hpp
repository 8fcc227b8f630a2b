// A connector that copies data from Kafka into another system (Kafka: SinkConnector).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "copycat/api.hpp"
#include "copycat/connector/connector.hpp"
#include "copycat/connector/sink_task.hpp"
#include "copycat/connector/topic_partition.hpp"

namespace copycat {

/// A sink connector. The topics to consume are set by the worker's "topics" or "topics.regex"
/// keys; the connector reads them from its configuration like any other key.
class COPYCAT_API sink_connector : public connector {
public:
    /// The key that lists the topics to consume (Kafka: SinkConnector.TOPICS_CONFIG).
    static constexpr std::string_view topics_config = "topics";

    /// A new task for one of the maps returned by task_configs(). Called by the worker, on any
    /// worker, possibly on an instance that was never started: only construct here.
    virtual std::unique_ptr<sink_task> create_task() const = 0;

    /// Called on a stopped connector when a user alters or resets its consumer offsets through
    /// the REST API (KIP-875); a nullopt offset resets the partition. Return true when the
    /// connector has applied the change to the system it writes to (or has nothing to do
    /// there); throw to refuse. The default returns false.
    virtual bool alter_offsets(const std::map<std::string, std::string>& connector_config,
                               const std::map<topic_partition, std::optional<std::int64_t>>& offsets);
};

}  // namespace copycat
