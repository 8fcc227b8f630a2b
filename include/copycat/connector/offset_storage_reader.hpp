// Reads the committed source offsets of a connector (Kafka: OffsetStorageReader).
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "copycat/api.hpp"
#include "copycat/data/records.hpp"

namespace copycat {

/// Gives source connectors and tasks the offsets the framework has committed for them, so that
/// a task can resume where it stopped. Partitions and offsets are the source_map values the
/// task put in source_record::source_partition and source_record::source_offset.
///
/// Implemented by the worker. Calls may block while the offset store is read; do not call them
/// from poll() in a hot loop — read the offsets once in start().
class COPYCAT_API offset_storage_reader {
public:
    virtual ~offset_storage_reader();

    /// The last committed offset of `partition`, or nullopt when there is none.
    virtual std::optional<source_map> offset(const source_map& partition) = 0;

    /// The last committed offsets of several partitions: one entry per partition that has an
    /// offset, in the order of `partitions`.
    virtual std::vector<std::pair<source_map, source_map>> offsets(const std::vector<source_map>& partitions) = 0;
};

}  // namespace copycat
