// The task of PartitionedFileSink: one partition_writer per assigned Kafka partition.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "copycat/connector/sink_task.hpp"
#include "storage/partition_writer.hpp"
#include "storage/partitioner.hpp"
#include "storage/storage_configs.hpp"

namespace copycat::storage {

/// Writes each record to its partition's open files (see partition_writer) and commits them by
/// flush.size and rotate.interval.ms. Offsets come from the committed files, not the consumer
/// group: open() recovers each partition's next offset from the file names and seeks there
/// with context().offset(); pre_commit() returns those committed offsets, so the group's
/// offsets (and lag monitoring) follow the files. close() and stop() drop what is not
/// committed: the next owner writes it again from the committed offset.
///
/// Threads: the worker's task thread only.
class partitioned_file_sink_task final : public sink_task {
public:
    /// Milliseconds since the epoch; a parameter so that tests can drive rotate.interval.ms.
    using clock_fn = std::function<std::int64_t()>;

    /// `lock_wait`: how long open() waits for a partition's previous writer to let go.
    explicit partitioned_file_sink_task(clock_fn now = {},
                                        std::chrono::milliseconds lock_wait = std::chrono::seconds(60));

    std::string version() const override;
    /// Parses the configuration (config_error when invalid).
    void start(const std::map<std::string, std::string>& props) override;
    void open(const std::vector<topic_partition>& partitions) override;
    void put(std::vector<sink_record>& records) override;
    topic_partition_offsets pre_commit(const topic_partition_offsets& current_offsets) override;
    void close(const std::vector<topic_partition>& partitions) override;
    void stop() override;

private:
    partition_writer& writer_for(const topic_partition& tp);
    std::int64_t now() const;

    clock_fn now_;
    std::chrono::milliseconds lock_wait_;
    std::optional<storage_settings> settings_;
    std::unique_ptr<partitioner> partitioner_;
    std::map<topic_partition, std::unique_ptr<partition_writer>> writers_;
};

}  // namespace copycat::storage
