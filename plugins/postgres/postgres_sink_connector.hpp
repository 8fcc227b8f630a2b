// PostgresSink (io.copycat.connect.postgres.PostgresSinkConnector): writes topics into PostgreSQL
// tables, with the configuration of Confluent's JDBC sink connector.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "copycat/connector/sink_connector.hpp"

namespace copycat::postgres {

/// "tasks.max" identical tasks; the consumer group spreads the partitions over them.
class postgres_sink_connector final : public sink_connector {
public:
    std::string version() const override;
    /// Checks the configuration, including the combinations sink_settings::from() refuses.
    void start(const std::map<std::string, std::string>& props) override;
    std::vector<std::map<std::string, std::string>> task_configs(int max_tasks) override;
    void stop() override;
    const config_def& config() const override;
    /// Adds the errors of key combinations (upsert without keys, ...) to insert.mode, pk.mode or
    /// delete.enabled.
    std::vector<config_value> validate(const std::map<std::string, std::string>& connector_config) override;
    std::unique_ptr<sink_task> create_task() const override;

private:
    std::map<std::string, std::string> props_;
};

}  // namespace copycat::postgres
