// The task of PostgresSource: copies its tables (or the query) into Kafka, one poll at a time.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "copycat/connector/source_task.hpp"
#include "postgres/connection.hpp"
#include "postgres/source_query.hpp"
#include "postgres/table_names.hpp"

namespace copycat::postgres {

/// Each table (or the query) is read through a server-side cursor: a poll FETCHes at most
/// "batch.max.rows" rows of the table being read, and a table whose cursor is exhausted is read
/// again "poll.interval.ms" later, after the position of its last row (see source_query.hpp).
/// Records have no key, a Struct value named after the table (no name for a query), the topic
/// "topic.prefix" + table (the prefix alone for a query), the source partition {"table": name}
/// or {"query": "query"} and the offset of their row, so a restart resumes after the last row
/// whose offset was committed.
///
/// A database that goes away is reconnected to ("connection.attempts", "connection.backoff.ms");
/// the cursor is opened again after the last row returned. When every attempt fails, poll()
/// throws and the task fails with libpq's message.
///
/// Threads: the task thread calls start() and poll(); stop() may come from any thread and makes
/// a waiting poll() return at once. The connection is used by the task thread only.
class postgres_source_task final : public source_task {
public:
    std::string version() const override;
    void start(const std::map<std::string, std::string>& props) override;
    std::vector<source_record> poll() override;
    void stop() override;

private:
    struct querier {
        std::string display;  // table name, or "query"
        std::string from;     // what follows FROM
        source_map partition;
        std::string topic;
        std::optional<std::string> schema_name;
        std::optional<table_id> table;  // nullopt for a query
        source_position position;
        std::chrono::steady_clock::time_point next_run{};
        schema_ptr value_schema;
        int incrementing_index = -1;
        int timestamp_index = -1;
    };

    bool wait_for(std::chrono::milliseconds duration);
    void ensure_connected();
    void open_cursor(querier& q);
    std::vector<source_record> fetch(querier& q);
    void close_cursor(querier& q);
    void describe(querier& q, const pg_result& result);

    connection_config connection_config_;
    source_mode mode_ = source_mode::bulk;
    std::string incrementing_column_;
    std::string timestamp_column_;
    std::chrono::milliseconds poll_interval_{5000};
    int batch_max_rows_ = 100;
    std::vector<querier> queriers_;
    querier* open_ = nullptr;  // the querier whose cursor is open
    std::unique_ptr<pg_connection> connection_;

    std::atomic<bool> stopping_{false};
    std::mutex wait_mutex_;  // with wake_: stop() interrupts waits
    std::condition_variable wake_;
};

}  // namespace copycat::postgres
