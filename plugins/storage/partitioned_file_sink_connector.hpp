// PartitionedFileSink (io.copycat.connect.storage.PartitionedFileSinkConnector): Kafka Connect's
// HDFS/S3 sink model on a local or mounted file system, with exactly-once delivery into
// committed files (see partition_writer.hpp and docs/connectors/partitioned-file-sink.md).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "copycat/connector/sink_connector.hpp"

namespace copycat::storage {

/// Checks the configuration and gives every task a copy; the consumer group spreads the
/// partitions over the tasks.
///
/// Threads: the worker's connector thread.
class partitioned_file_sink_connector final : public sink_connector {
public:
    std::string version() const override;
    /// config_error when the configuration is invalid (including rules that span keys).
    void start(const std::map<std::string, std::string>& props) override;
    std::vector<std::map<std::string, std::string>> task_configs(int max_tasks) override;
    void stop() override;
    const config_def& config() const override;
    std::unique_ptr<sink_task> create_task() const override;
    /// The keys' own checks, then the rules that span keys (a FieldPartitioner needs
    /// partition.field.name, ...), each reported on its key.
    std::vector<config_value> validate(const std::map<std::string, std::string>& connector_config) override;

    /// True: the group's offsets may be changed, but committed files win over them (a partition
    /// with files resumes after its last committed record).
    bool alter_offsets(const std::map<std::string, std::string>& connector_config,
                       const std::map<topic_partition, std::optional<std::int64_t>>& offsets) override;

private:
    std::map<std::string, std::string> props_;
};

}  // namespace copycat::storage
