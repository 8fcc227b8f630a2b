// FileStreamSource (Kafka: org.apache.kafka.connect.file.FileStreamSourceConnector).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "copycat/connector/source_connector.hpp"

namespace copycat::file {

/// Reads a file (or standard input) line by line into one topic, with one task: the keys are
/// "file" (absent or empty: standard input), "topic" (required, one topic) and "batch.size"
/// (default 2000). Exactly-once delivery is supported when reading a file.
///
/// Threads: the worker's connector thread; validate(), exactly_once_support() and
/// alter_offsets() may be called on instances that were never started.
class file_stream_source_connector final : public source_connector {
public:
    std::string version() const override;

    /// Checks the configuration (config_error when invalid) and keeps it for the task.
    void start(const std::map<std::string, std::string>& props) override;

    /// One task configuration, whatever `max_tasks` is: one stream can only be read once.
    std::vector<std::map<std::string, std::string>> task_configs(int max_tasks) override;

    void stop() override;
    const config_def& config() const override;

    /// Adds the single-topic check to the key checks of config().
    std::vector<config_value> validate(const std::map<std::string, std::string>& connector_config) override;

    std::unique_ptr<source_task> create_task() const override;

    /// Supported when reading a file, unsupported for standard input (no offsets there).
    std::optional<copycat::exactly_once_support> exactly_once_support(
        const std::map<std::string, std::string>& connector_config) override;

    /// Accepts offsets of the form {"filename": ...} -> {"position": <integer >= 0>} (or a reset)
    /// and returns true, as Kafka does; throws connect_error for anything else, and for
    /// standard input, whose offsets are not tracked.
    bool alter_offsets(const std::map<std::string, std::string>& connector_config,
                       const std::vector<source_offset_change>& offsets) override;

private:
    std::map<std::string, std::string> props_;
};

}  // namespace copycat::file
