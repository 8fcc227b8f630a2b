// Black-box tests of the PostgreSQL connectors in the real `copycat standalone` binary:
//
//   source table -> PostgresSource -> topic -> PostgresSink (insert.mode=upsert) -> target table
//
// against the real broker (with-kafka.sh) and the real PostgreSQL server (with-postgres.sh). The
// target must equal the source row for row: after a plain copy, after updates in
// timestamp+incrementing mode, and after the worker was SIGKILLed in the middle of the copy and
// restarted on the same offsets (re-delivered rows are upserted again, so nothing is doubled).
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include <map>

#include "common/json.hpp"
#include "plugins/postgres/closed_port.hpp"
#include "postgres/connection.hpp"
#include "rest/test_client.hpp"
#include "standalone/copycat_process.hpp"
#include "support/cluster_env.hpp"

using namespace copycat::itest;
using namespace std::chrono_literals;
using copycat::postgres::pg_connection;

namespace {

constexpr auto start_deadline = 60s;
constexpr auto copy_deadline = 240s;  // an upper bound for failing, never a measure of speed
constexpr int rows_large = 100'000;

std::unique_ptr<pg_connection> connect(const std::string& info) {
    return std::make_unique<pg_connection>(copycat::postgres::conninfo_params{{"dbname", info}});
}

std::int64_t scalar(pg_connection& db, const std::string& sql) {
    const auto r = db.exec(sql);
    return std::stoll(std::string(r.text(0, 0)));
}

std::string quoted(const std::string& table) { return pg_connection::quote_identifier(table); }

// Rows of `a` missing from `b` plus rows of `b` missing from `a`, compared as PostgreSQL's text of
// the whole row (the target's uuid column is text: the sink creates it from a STRING field). 0 when
// the tables are equal as sets of rows; both have primary keys, so as multisets too.
std::int64_t row_differences(pg_connection& db, const std::string& a, const std::string& b) {
    const std::string ra = "SELECT r::text FROM " + quoted(a) + " r";
    const std::string rb = "SELECT r::text FROM " + quoted(b) + " r";
    return scalar(db, "SELECT (SELECT count(*) FROM (" + ra + " EXCEPT " + rb + ") x) + (SELECT count(*) FROM (" + rb +
                          " EXCEPT " + ra + ") y)");
}

// The table's row count, 0 while it does not exist yet (the sink creates the target).
std::int64_t count_rows(pg_connection& db, const std::string& table) {
    if (scalar(db, "SELECT (to_regclass('" + quoted(table) + "') IS NULL)::int") == 1) return 0;
    return scalar(db, "SELECT count(*) FROM " + quoted(table));
}

// The connection keys for the server with-postgres.sh started: its JDBC URL, with
// `application_name` as the sessions' name in pg_stat_activity, and the user.
std::map<std::string, std::string> connection_settings(const std::string& application_name) {
    const auto env = [](const char* name) {
        const char* v = std::getenv(name);
        return std::string(v != nullptr ? v : "");
    };
    return {{"connection.url", env("COPYCAT_PG_JDBC_URL") + "?ApplicationName=" + application_name},
            {"connection.user", env("COPYCAT_PG_USER")},
            {"connection.password", env("COPYCAT_PG_PASSWORD")},
            {"connection.attempts", "3"},
            {"connection.backoff.ms", "500"}};
}

// The end of a worker's log, to show with a failure.
std::string log_tail(const copycat_process& worker) {
    constexpr std::size_t shown = 6000;
    const std::string text = worker.log();
    return text.size() > shown ? text.substr(text.size() - shown) : text;
}

// A source table, its topic and target table, and the worker configs of one pipeline.
class pg_pipeline {
public:
    // `sink_url`: the sink's connection.url when it is not the server's.
    explicit pg_pipeline(const std::string& mode_settings, const std::string& worker_extra = {},
                         const std::string& sink_url = {}) {
        const std::string name = unique_name("pg");
        // JSON with schemas: the sink needs the Struct schemas the source wrote.
        const std::string worker = standalone_worker_properties(
            dir, COPYCAT_POSTGRES_PLUGIN,
            "key.converter=org.apache.kafka.connect.json.JsonConverter\n"
            "value.converter=org.apache.kafka.connect.json.JsonConverter\n"
            "offset.flush.interval.ms=200\n" +
                worker_extra);
        sink_name = name + "-sink";
        application_name = name;
        sink_config = connection_settings(name);
        sink_config.insert({{"name", sink_name},
                            {"connector.class", "PostgresSink"},
                            {"topics", prefix + source},
                            {"insert.mode", "upsert"},
                            {"pk.mode", "record_value"},
                            {"pk.fields", "id"},
                            {"auto.create", "true"},
                            {"table.name.format", target}});
        std::string sink_properties;
        for (auto [key, value] : sink_config) {
            if (key == "connection.url" && !sink_url.empty()) value = sink_url;
            sink_properties += key + "=" + value + "\n";
        }
        std::string source_properties =
            "name=" + name + "-source\nconnector.class=PostgresSource\ntable.whitelist=" + source +
            "\ntopic.prefix=" + prefix + "\npoll.interval.ms=200\nbatch.max.rows=1000\n" + mode_settings;
        for (const auto& [key, value] : connection_settings(name)) source_properties += key + "=" + value + "\n";
        args_ = {"standalone", worker,
                 dir.write("source.properties", source_properties), dir.write("sink.properties", sink_properties)};
    }

    std::unique_ptr<copycat_process> start_worker() {
        ++workers_;
        auto worker =
            std::make_unique<copycat_process>(args_, dir.path() / ("worker-" + std::to_string(workers_) + ".log"));
        const bool started = worker->wait_for_log("Copycat worker started", start_deadline);
        INFO(log_tail(*worker));
        REQUIRE(started);
        return worker;
    }

    // Waits until the target holds `rows` rows equal to the source's; the failure shows the
    // worker's log.
    void require_equal(pg_connection& db, copycat_process& worker, std::int64_t rows) {
        std::int64_t have = 0;
        std::int64_t differences = -1;
        poll_until(copy_deadline, [&] {
            have = count_rows(db, target);
            if (have != rows) return !worker.running();
            differences = row_differences(db, source, target);
            return differences == 0 || !worker.running();
        });
        INFO("worker log:\n" << log_tail(worker));
        REQUIRE(have == rows);
        REQUIRE(differences == 0);
    }

    temp_dir dir{"copycat-pg"};
    const std::string source = unique_name("src").substr(0, 40);
    const std::string target = unique_name("dst").substr(0, 40);
    const std::string prefix = unique_name("pg") + "-";
    std::string sink_name;
    std::string application_name;                    // of every session of the pipeline's connectors
    std::map<std::string, std::string> sink_config;  // with the server's connection.url

private:
    std::vector<std::string> args_;
    int workers_ = 0;
};

// A source table of `rows` rows with a column of every mapped kind (timestamps to the
// millisecond, the precision of Connect's Timestamp).
void create_source(pg_connection& db, const std::string& table, int rows) {
    db.exec("CREATE TABLE " + quoted(table) +
            " (id bigint PRIMARY KEY, name text NOT NULL, amount numeric(12, 2), day date, at timestamp(3), "
            "clock time(3), flag boolean, score double precision, small smallint, payload bytea, tag uuid)");
    db.exec("INSERT INTO " + quoted(table) +
            " SELECT g, 'name ' || g, g / 7.0, date '2020-01-01' + g % 3000, "
            "timestamp '2024-01-01 00:00:00.123' + g * interval '1.001 second', time '12:00:00.5', g % 2 = 0, "
            "g / 3.0, (g % 30000)::smallint, decode(md5(g::text), 'hex'), md5(g::text)::uuid "
            "FROM generate_series(1, " +
            std::to_string(rows) + ") g");
}

}  // namespace

TEST_CASE("100,000 rows go table -> topic -> table with upsert, row for row equal", "[cluster][postgres]") {
    const std::string info = postgres_conninfo();
    auto db = connect(info);
    pg_pipeline pipeline("mode=incrementing\nincrementing.column.name=id\n");
    create_source(*db, pipeline.source, rows_large);

    const auto started = std::chrono::steady_clock::now();
    auto worker = pipeline.start_worker();
    pipeline.require_equal(*db, *worker, rows_large);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    WARN("postgres pipeline: " << rows_large << " rows copied in " << seconds << " s including the worker's start ("
                               << static_cast<int>(rows_large / seconds) << " rows/s)");
    // The target's column types come from the record schemas (auto.create).
    CHECK(scalar(*db, "SELECT count(*) FROM information_schema.columns WHERE table_name = '" + pipeline.target +
                          "' AND ((column_name = 'amount' AND data_type = 'numeric') OR (column_name = 'day' AND "
                          "data_type = 'date') OR (column_name = 'tag' AND data_type = 'text') OR (column_name = "
                          "'name' AND is_nullable = 'NO'))") == 4);
    CHECK(worker->terminate(30s) == 0);
}

TEST_CASE("updates propagate in timestamp+incrementing mode", "[cluster][postgres]") {
    const std::string info = postgres_conninfo();
    auto db = connect(info);
    pg_pipeline pipeline(
        "mode=timestamp+incrementing\nincrementing.column.name=id\n"
        "timestamp.column.name=updated\n");
    const std::string src = quoted(pipeline.source);
    db->exec("CREATE TABLE " + src +
             " (id serial PRIMARY KEY, v text, updated timestamp(3) NOT NULL "
             "DEFAULT clock_timestamp())");
    db->exec("INSERT INTO " + src + " (v) SELECT 'first ' || g FROM generate_series(1, 200) g");

    auto worker = pipeline.start_worker();
    pipeline.require_equal(*db, *worker, 200);
    // Updated rows get a later timestamp (the same one for all of them: the tie is broken by id),
    // and new rows come after them.
    db->exec("UPDATE " + src + " SET v = 'second', updated = clock_timestamp() WHERE id % 10 = 0");
    db->exec("INSERT INTO " + src + " (v) SELECT 'new ' || g FROM generate_series(1, 50) g");
    pipeline.require_equal(*db, *worker, 250);
    CHECK(scalar(*db, "SELECT count(*) FROM " + quoted(pipeline.target) + " WHERE v = 'second'") == 20);
    db->exec("UPDATE " + src + " SET v = 'third', updated = clock_timestamp() WHERE id = 7");
    pipeline.require_equal(*db, *worker, 250);
    CHECK(worker->terminate(30s) == 0);
}

TEST_CASE("a worker killed with SIGKILL mid-copy and restarted leaves no row missing", "[cluster][postgres]") {
    const std::string info = postgres_conninfo();
    auto db = connect(info);
    // As in the file pipeline test: a short session timeout, so that the restarted worker's sink
    // gets the partition soon after the killed one's session expires.
    pg_pipeline pipeline("mode=incrementing\nincrementing.column.name=id\n",
                         "consumer.session.timeout.ms=6000\nconsumer.heartbeat.interval.ms=2000\n");
    create_source(*db, pipeline.source, rows_large);

    auto worker = pipeline.start_worker();
    std::int64_t at_kill = 0;
    poll_until(copy_deadline, [&] { return (at_kill = count_rows(*db, pipeline.target)) > 0 || !worker->running(); });
    {
        INFO("first worker's log:\n" << log_tail(*worker));
        REQUIRE(at_kill > 0);
    }
    worker->kill();
    at_kill = count_rows(*db, pipeline.target);
    INFO("rows in the target when the worker was killed: " << at_kill);
    CHECK(at_kill < rows_large);  // the kill landed mid-copy

    auto restarted = pipeline.start_worker();
    pipeline.require_equal(*db, *restarted, rows_large);
    CHECK(restarted->terminate(30s) == 0);
}

TEST_CASE("a sink whose database is unreachable retries, fails with libpq's error, and loses nothing",
          "[cluster][postgres]") {
    const std::string info = postgres_conninfo();
    auto db = connect(info);
    pg_pipeline pipeline(
        "mode=incrementing\nincrementing.column.name=id\n", {},
        "jdbc:postgresql://127.0.0.1:" + std::to_string(copycat::postgres::test::closed_port()) + "/copycat");
    create_source(*db, pipeline.source, 5'000);
    auto worker = pipeline.start_worker();
    const auto port = worker->rest_port(start_deadline);
    REQUIRE(port);

    // connection.attempts=3 with 500 ms between them: FAILED within seconds, with the reason.
    std::string task_state;
    std::string trace;
    poll_until(copy_deadline, [&] {
        copycat::rest::testing::test_client client(*port);
        const auto reply = client.request("GET", "/connectors/" + pipeline.sink_name + "/status");
        if (reply.status != 200) return false;
        const auto json = reply.json();
        const auto* tasks = json.find("tasks");
        if (tasks == nullptr || tasks->as_array().empty()) return false;
        const auto& task = tasks->as_array().front();
        task_state = task.find("state")->as_string();
        if (const auto* t = task.find("trace")) trace = t->as_string();
        return task_state == "FAILED";
    });
    INFO("worker log:\n" << log_tail(*worker));
    REQUIRE(task_state == "FAILED");
    CHECK_THAT(trace, Catch::Contains("after 3 attempt(s)") && Catch::Contains("Connection refused"));
    CHECK(count_rows(*db, pipeline.target) == 0);

    // With the server's URL the restarted task starts at the committed offsets: nothing was
    // committed for the failed batches, so every row arrives.
    copycat::json::value config = copycat::json::value::make_object();
    for (const auto& [key, value] : pipeline.sink_config) config.set(key, copycat::json::value(value));
    copycat::rest::testing::test_client client(*port);
    const auto put = client.request("PUT", "/connectors/" + pipeline.sink_name + "/config", copycat::json::dump(config),
                                    {{"Content-Type", "application/json"}});
    REQUIRE(put.status == 200);
    pipeline.require_equal(*db, *worker, 5'000);
    CHECK(worker->terminate(30s) == 0);
}

TEST_CASE("connections the server ends mid-copy are re-made and no row goes missing", "[cluster][postgres]") {
    const std::string info = postgres_conninfo();
    auto db = connect(info);
    pg_pipeline pipeline("mode=incrementing\nincrementing.column.name=id\n");
    create_source(*db, pipeline.source, rows_large);
    auto worker = pipeline.start_worker();
    poll_until(copy_deadline, [&] { return count_rows(*db, pipeline.target) > 0 || !worker->running(); });

    // The server ends every session of the connectors (source task, sink task, table monitor),
    // as a restart or failover would: the source opens its cursor again after the last row it
    // returned, the sink writes its batch again on a new connection.
    const std::string terminate =
        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE "
        "application_name = '" +
        pipeline.application_name + "'";
    const std::int64_t ended = scalar(*db, terminate);
    INFO("sessions ended: " << ended << "; rows in the target then: " << count_rows(*db, pipeline.target));
    CHECK(ended >= 2);
    pipeline.require_equal(*db, *worker, rows_large);
    CHECK(worker->log().find("Lost the connection to PostgreSQL") != std::string::npos);
    CHECK(worker->terminate(30s) == 0);
}

TEST_CASE("a table created while the source runs is found and copied", "[cluster][postgres]") {
    const std::string info = postgres_conninfo();
    auto db = connect(info);
    // The whitelisted table does not exist yet: the connector starts with no task, and its table
    // monitor (every 300 ms here) asks for one when the table appears.
    pg_pipeline pipeline("mode=incrementing\nincrementing.column.name=id\ntable.poll.interval.ms=300\n");
    auto worker = pipeline.start_worker();
    REQUIRE(worker->wait_for_log("No tables were found", start_deadline));
    create_source(*db, pipeline.source, 1'000);
    pipeline.require_equal(*db, *worker, 1'000);
    CHECK(worker->log().find("The set of tables changed (0 -> 1)") != std::string::npos);
    CHECK(worker->terminate(30s) == 0);
}
