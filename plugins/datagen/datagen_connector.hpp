// Datagen (Confluent: io.confluent.kafka.connect.datagen.DatagenConnector): mock data for demos
// and benchmarks.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "copycat/connector/source_connector.hpp"

namespace copycat::datagen {

/// Checks the configuration and gives each of "tasks.max" tasks the whole configuration plus
/// its number ("task.id"), so that every task generates its own stream.
///
/// Threads: the worker's connector thread; validate() and alter_offsets() may be called on
/// instances that were never started.
class datagen_connector final : public source_connector {
public:
    std::string version() const override;

    /// Checks the configuration (config_error when invalid) and keeps it for the tasks.
    void start(const std::map<std::string, std::string>& props) override;

    /// `max_tasks` configurations, numbered from 0.
    std::vector<std::map<std::string, std::string>> task_configs(int max_tasks) override;

    void stop() override;
    const config_def& config() const override;

    /// Adds the checks that involve several keys (exactly one of schema.string and quickstart;
    /// schema.keyfield names a field) to the key checks of config().
    std::vector<config_value> validate(const std::map<std::string, std::string>& connector_config) override;

    std::unique_ptr<source_task> create_task() const override;

    /// Accepts offsets {"task.id": n} -> {"current.iteration": count >= 0, ...} and resets, and
    /// returns true: the task reads them when it starts. Throws connect_error for other shapes.
    bool alter_offsets(const std::map<std::string, std::string>& connector_config,
                       const std::vector<source_offset_change>& offsets) override;

private:
    std::map<std::string, std::string> props_;
};

}  // namespace copycat::datagen
