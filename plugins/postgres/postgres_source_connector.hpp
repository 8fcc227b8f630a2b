// PostgresSource (io.copycat.connect.postgres.PostgresSourceConnector): copies tables or a query
// into Kafka, with the configuration of Confluent's JDBC source connector.
#pragma once

#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "copycat/connector/source_connector.hpp"
#include "postgres/connection.hpp"
#include "postgres/table_names.hpp"

namespace copycat::postgres {

/// Finds the tables to copy ("table.whitelist" / "table.blacklist", or every table of the
/// database outside the system schemas) and spreads them over at most "tasks.max" tasks (table i
/// goes to task i mod n); with "query", one task runs the query. A thread of the connector looks
/// for new or removed tables every "table.poll.interval.ms" and asks for new task
/// configurations when the set changed.
///
/// Threads: the worker's connector thread calls start(), task_configs() and stop(); the table
/// monitor thread, started by start() and joined by stop(), shares `tables_` under `mutex_`.
class postgres_source_connector final : public source_connector {
public:
    postgres_source_connector() = default;
    ~postgres_source_connector() override;

    std::string version() const override;
    void start(const std::map<std::string, std::string>& props) override;
    std::vector<std::map<std::string, std::string>> task_configs(int max_tasks) override;
    void stop() override;
    const config_def& config() const override;
    /// Adds the checks that involve several keys: the mode's columns, whitelist vs blacklist,
    /// query vs table lists.
    std::vector<config_value> validate(const std::map<std::string, std::string>& connector_config) override;
    std::unique_ptr<source_task> create_task() const override;

private:
    void monitor_tables();
    std::vector<table_id> current_tables(pg_connection& connection) const;

    std::map<std::string, std::string> props_;
    connection_config connection_config_;
    bool query_mode_ = false;
    std::vector<std::string> whitelist_;
    std::vector<std::string> blacklist_;
    std::chrono::milliseconds table_poll_interval_{60000};

    std::mutex mutex_;  // guards tables_ and stopping_
    std::condition_variable wake_;
    std::vector<table_id> tables_;
    bool stopping_ = false;
    std::thread monitor_;
};

}  // namespace copycat::postgres
