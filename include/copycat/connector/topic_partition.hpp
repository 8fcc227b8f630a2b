// Kafka topic partitions and committed offsets as seen by sink tasks (Kafka: TopicPartition,
// OffsetAndMetadata).
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>

namespace copycat {

/// A partition of a Kafka topic. Ordered by topic, then partition; hashable.
struct topic_partition {
    std::string topic;
    std::int32_t partition = 0;

    /// "<topic>-<partition>", like Kafka's TopicPartition.toString().
    std::string to_string() const { return topic + "-" + std::to_string(partition); }

    friend bool operator==(const topic_partition&, const topic_partition&) = default;
    friend auto operator<=>(const topic_partition&, const topic_partition&) = default;
};

/// A consumer offset to commit: the offset of the NEXT record to read, plus optional metadata.
struct offset_and_metadata {
    std::int64_t offset = 0;
    std::string metadata;
    /// The leader epoch of the last record consumed, when known.
    std::optional<std::int32_t> leader_epoch;

    friend bool operator==(const offset_and_metadata&, const offset_and_metadata&) = default;
};

/// Offsets by partition, as passed to sink_task::flush() and sink_task::pre_commit().
using topic_partition_offsets = std::map<topic_partition, offset_and_metadata>;

}  // namespace copycat

template <>
struct std::hash<copycat::topic_partition> {
    std::size_t operator()(const copycat::topic_partition& tp) const noexcept {
        std::size_t h = std::hash<std::string>{}(tp.topic);
        return h ^ (std::hash<std::int32_t>{}(tp.partition) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2));
    }
};
