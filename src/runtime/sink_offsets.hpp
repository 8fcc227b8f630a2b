#pragma once
// The sink-connector half of offsets_admin (Kafka: SinkUtils and the sink branches of
// Worker.connectorOffsets / modifySinkConnectorOffsets): a sink connector's offsets are the
// committed offsets of its consumer group, shown as
//
//   {"partition":{"kafka_topic":"t","kafka_partition":2},"offset":{"kafka_offset":100}}
//
// Blocking (admin requests to the broker, each bounded by what is left of `timeout`). Pure
// functions otherwise; any thread.

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "copycat/connector/topic_partition.hpp"
#include "runtime/offsets_admin.hpp"
#include "runtime/worker_config.hpp"

namespace copycat {
class sink_connector;
}

namespace copycat::runtime {

using sink_offset_changes = std::map<topic_partition, std::optional<std::int64_t>>;

// Kafka: SinkUtils.parseSinkConnectorOffsets, with its BadRequest messages (invalid_argument).
// "kafka_partition" and "kafka_offset" may be numbers or numeric strings; a null offset resets.
result<sink_offset_changes> parse_sink_offsets(const std::vector<connector_offset>& offsets);

// The consumer group of a sink connector: connect-<connector>, or consumer.override.group.id.
std::string sink_group_id(const worker_config& worker, const std::string& connector, const string_map& config);

// The group's committed offsets, sorted by topic and partition.
result<std::vector<connector_offset>> read_sink_offsets(const worker_config& worker, const std::string& connector,
                                                        const string_map& config, std::chrono::milliseconds timeout);

// Offers the change to `instance.alter_offsets()`, then alters (or, for a reset, deletes) the
// group's offsets. Answers Kafka's success message.
result<std::string> modify_sink_offsets(const worker_config& worker, sink_connector& instance,
                                        const std::string& connector, const string_map& config,
                                        const std::optional<std::vector<connector_offset>>& offsets,
                                        std::chrono::milliseconds timeout);

}  // namespace copycat::runtime
