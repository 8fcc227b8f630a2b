// FileStreamSink (Kafka: org.apache.kafka.connect.file.FileStreamSinkConnector).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "copycat/connector/sink_connector.hpp"

namespace copycat::file {

/// Writes the values of the records of "topics" / "topics.regex" (handled by the worker) to a
/// file, or to standard output when "file" is absent or empty. Every task gets the same
/// configuration, so several tasks append to the same file.
///
/// Threads: the worker's connector thread.
class file_stream_sink_connector final : public sink_connector {
public:
    std::string version() const override;

    /// Checks the configuration (config_error when invalid) and keeps it for the tasks.
    void start(const std::map<std::string, std::string>& props) override;

    /// `max_tasks` copies of the configuration.
    std::vector<std::map<std::string, std::string>> task_configs(int max_tasks) override;

    void stop() override;
    const config_def& config() const override;
    std::unique_ptr<sink_task> create_task() const override;

    /// True: the connector keeps no offsets of its own.
    bool alter_offsets(const std::map<std::string, std::string>& connector_config,
                       const std::map<topic_partition, std::optional<std::int64_t>>& offsets) override;

private:
    std::map<std::string, std::string> props_;
};

}  // namespace copycat::file
