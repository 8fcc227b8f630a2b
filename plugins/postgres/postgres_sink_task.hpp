// The task of PostgresSink: writes records into PostgreSQL tables.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "copycat/connector/sink_task.hpp"
#include "postgres/connection.hpp"
#include "postgres/sink_rows.hpp"

namespace copycat::postgres {

/// Every put() is one transaction: the rows of its records (see sink_rows.hpp) are written in
/// record order, runs of rows for the same table and columns as multi-row statements of at most
/// "batch.size" rows (an upsert statement keeps the last row of each key), and the transaction
/// commits before put() returns. pre_commit() is therefore Connect's default: the offsets after
/// the last record given to put() are exactly the records committed to PostgreSQL, so consumer
/// offsets never run ahead of the database; a put() that fails commits nothing and the task
/// fails before any offset of its records is committed.
///
/// A missing table is created ("auto.create") and missing columns are added ("auto.evolve") in
/// the same transaction. A database that goes away is reconnected to and the whole batch written
/// again, up to "connection.attempts" times with "connection.backoff.ms" between attempts; then
/// put() throws with libpq's message and the task fails. Errors of the data itself (a constraint,
/// a type mismatch) fail the task at once.
///
/// Threads: the worker's task thread only.
class postgres_sink_task final : public sink_task {
public:
    std::string version() const override;
    void start(const std::map<std::string, std::string>& props) override;
    void put(std::vector<sink_record>& records) override;
    void stop() override;

private:
    void write(const std::vector<sink_row>& rows);
    void write_run(const std::vector<const sink_row*>& run);
    void ensure_table(const sink_row& row);

    connection_config connection_config_;
    sink_settings settings_;
    bool auto_create_ = false;
    bool auto_evolve_ = false;
    std::size_t batch_size_ = 3000;
    std::unique_ptr<pg_connection> connection_;
    std::map<std::string, std::set<std::string>> table_columns_;  // by quoted table name
};

}  // namespace copycat::postgres
