// Debezium's PostgreSQL connector (io.debezium:debezium-connector-postgres:3.7.1.Final, from Maven
// Central through deploy/jvm/plugin-jars.sh) on a 3-worker Copycat cluster against the real
// PostgreSQL of deploy/postgres/with-postgres.sh (wal_level=logical): a 10,000-row table is
// snapshotted, then 5,000 inserts, updates and deletes are streamed, and the worker running the
// task is SIGKILLed in the middle of the stream. The task resumes on another worker from the
// offset (LSN) Copycat stored, and the topic holds every change with Debezium's envelope
// (before/after/op/source). Debezium is at-least-once: changes streamed again after the stored
// offset arrive twice; the duplicates are counted and printed, never a failure.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "common/json.hpp"
#include "distributed/distributed_workers.hpp"
#include "kafka/rdkafka/consumer.hpp"
#include "postgres/connection.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::itest;
using namespace std::chrono_literals;
using copycat::postgres::pg_connection;

namespace {

using clock_type = std::chrono::steady_clock;

constexpr int workers = 3;
constexpr int snapshot_rows = 10'000;
// The stream: `chunks` transactions, each inserting `per_chunk_inserts` new rows, updating as many
// snapshotted rows and deleting `per_chunk_deletes` others: 5,000 changes in all.
constexpr int chunks = 10;
constexpr int per_chunk_inserts = 200;
constexpr int per_chunk_deletes = 100;
constexpr int streamed_changes = chunks * (2 * per_chunk_inserts + per_chunk_deletes);
constexpr auto deadline = 120s;  // an upper bound for failing, never a measure of speed

std::string env(const char* name) {
    const char* v = std::getenv(name);
    return v != nullptr ? v : "";
}

double seconds_since(clock_type::time_point start) {
    return std::chrono::duration<double>(clock_type::now() - start).count();
}

// The changes of one chunk as one transaction: inserts after the snapshotted ids, updates of the
// first ids, deletes of ids after the updated ones, so that every change touches its own row.
std::string chunk_sql(const std::string& table, int chunk) {
    const int insert_from = snapshot_rows + 1 + chunk * per_chunk_inserts;
    const int update_from = 1 + chunk * per_chunk_inserts;
    const int delete_from = 1 + chunks * per_chunk_inserts + chunk * per_chunk_deletes;
    const auto range = [](int from, int count) {
        return "BETWEEN " + std::to_string(from) + " AND " + std::to_string(from + count - 1);
    };
    return "BEGIN; INSERT INTO " + table + " SELECT g, 'inserted ' || g, g / 4.0 FROM generate_series(" +
           std::to_string(insert_from) + ", " + std::to_string(insert_from + per_chunk_inserts - 1) + ") g; UPDATE " +
           table + " SET name = 'updated ' || id, amount = amount + 1 WHERE id " +
           range(update_from, per_chunk_inserts) + "; DELETE FROM " + table + " WHERE id " +
           range(delete_from, per_chunk_deletes) + "; COMMIT;";
}

// The changes the topic must hold, each once: "r <id>" for the snapshot, "c/u/d <id>" streamed.
std::set<std::string> expected_changes(int chunks_applied) {
    std::set<std::string> out;
    for (int id = 1; id <= snapshot_rows; ++id) out.insert("r " + std::to_string(id));
    for (int chunk = 0; chunk < chunks_applied; ++chunk) {
        for (int i = 0; i < per_chunk_inserts; ++i) {
            out.insert("c " + std::to_string(snapshot_rows + 1 + chunk * per_chunk_inserts + i));
            out.insert("u " + std::to_string(1 + chunk * per_chunk_inserts + i));
        }
        for (int i = 0; i < per_chunk_deletes; ++i)
            out.insert("d " + std::to_string(1 + chunks * per_chunk_inserts + chunk * per_chunk_deletes + i));
    }
    return out;
}

// Reads a topic from the beginning, one consumer for the whole test: each read() takes what
// arrived since the last one.
class topic_reader {
public:
    explicit topic_reader(const std::string& topic) : topic_(topic) {
        auto config = rdkafka::client_config::from_map(
            {{"bootstrap.servers", bootstrap_servers()}, {"enable.auto.commit", "false"}});
        REQUIRE(config.ok());
        auto consumer = rdkafka::consumer::create(*config);
        REQUIRE(consumer.ok());
        consumer_.emplace(std::move(*consumer));
    }

    // Debezium creates the topic with its first record; false until then.
    bool assigned() {
        if (assigned_) return true;
        auto count = consumer_->partition_count(topic_, 5s);
        if (!count.ok() || *count < 1) return false;
        std::vector<rdkafka::topic_partition_offset> assignment;
        for (std::int32_t p = 0; p < *count; ++p) assignment.push_back({topic_, p, rdkafka::offsets::beginning});
        REQUIRE(consumer_->assign(assignment).ok());
        return assigned_ = true;
    }

    // Appends the records that arrived (for up to `wait`) to `values` (nullopt: a tombstone).
    void read(std::vector<std::optional<std::string>>& values, std::chrono::milliseconds wait = 500ms) {
        if (!assigned()) return;
        const auto until = clock_type::now() + wait;
        while (clock_type::now() < until) {
            auto polled = consumer_->poll(100ms);
            if (!polled.ok() || !polled->has_value()) continue;
            const rdkafka::message& m = **polled;
            values.push_back(m.value() ? std::optional<std::string>(std::string(*m.value())) : std::nullopt);
        }
    }

private:
    std::string topic_;
    std::optional<rdkafka::consumer> consumer_;
    bool assigned_ = false;
};

// The topic's records sorted out: each change once in `changes`, the copies beyond the first in
// `duplicates`, and what is no change record of the table in `bad` (with the first such value).
struct change_tally {
    std::set<std::string> changes;
    std::size_t duplicates = 0;
    std::size_t tombstones = 0;
    std::size_t bad = 0;
    std::string first_bad;
    std::map<std::string, std::size_t> per_op;

    void add(const std::optional<std::string>& value, const std::string& table) {
        if (!value) {
            ++tombstones;
            return;
        }
        const auto parsed = json::parse(*value);
        const std::string change = parsed.ok() ? describe(*parsed, table) : "";
        if (change.empty()) {
            if (bad++ == 0) first_bad = *value;
            return;
        }
        ++per_op[change.substr(0, 1)];
        if (!changes.insert(change).second) ++duplicates;
    }

    // "<op> <id>" of a Debezium change event with the whole envelope, "" for anything else.
    static std::string describe(const json::value& v, const std::string& table) {
        const json::value* op = v.find("op");
        const json::value* before = v.find("before");
        const json::value* after = v.find("after");
        const json::value* source = v.find("source");
        if (op == nullptr || !op->is_string() || before == nullptr || after == nullptr || source == nullptr ||
            !source->is_object())
            return "";
        const json::value* source_table = source->find("table");
        const json::value* lsn = source->find("lsn");
        if (source_table == nullptr || !source_table->is_string() || source_table->as_string() != table ||
            lsn == nullptr)
            return "";
        // Inserts, reads and updates carry the row in `after`; deletes the old row in `before`
        // (REPLICA IDENTITY FULL), and updates the old row there too.
        const std::string& o = op->as_string();
        const json::value* row = o == "d" ? before : after;
        if (!row->is_object() || (o == "u" && !before->is_object())) return "";
        const json::value* id = row->find("id");
        const json::value* name = row->find("name");
        if (id == nullptr || !id->is_integer() || name == nullptr || !name->is_string()) return "";
        if (o == "u" && name->as_string().rfind("updated ", 0) != 0) return "";
        return o + " " + std::to_string(id->as_int64());
    }
};

// The worker index running the connector's only task, when it is RUNNING on a running worker.
std::optional<int> task_worker(distributed_workers& cluster, const std::string& connector) {
    for (int i = 0; i < workers; ++i) {
        if (!cluster.running(i)) continue;
        const auto tasks = cluster.tasks(i, connector);
        if (tasks.size() != 1 || tasks[0].state != "RUNNING") return std::nullopt;
        return cluster.index_of(tasks[0].worker_id);
    }
    return std::nullopt;
}

}  // namespace

TEST_CASE("Debezium PostgreSQL CDC on a 3-worker cluster survives a SIGKILL of the task's worker", "[cluster]") {
    const std::string conninfo = postgres_conninfo();
    // PostgreSQL names (tables, slots, publications): lower case, digits and '_'.
    std::string name = unique_name("dbz");
    for (char& c : name) c = (c == '-' || c == '.') ? '_' : c;
    const std::string table = name;
    const std::string prefix = name;
    const std::string topic = prefix + ".public." + table;

    pg_connection db(copycat::postgres::conninfo_params{{"dbname", conninfo}});
    db.exec("CREATE TABLE " + table + " (id integer PRIMARY KEY, name text NOT NULL, amount numeric(12, 2))");
    // The old row in every update and delete event, so that `before` can be checked too.
    db.exec("ALTER TABLE " + table + " REPLICA IDENTITY FULL");
    db.exec("INSERT INTO " + table + " SELECT g, 'row ' || g, g / 8.0 FROM generate_series(1, " +
            std::to_string(snapshot_rows) + ") g");

    // C1 only and a small heap: the three JVMs share CI's two cores, and this is no benchmark.
    distributed_workers cluster({.workers = workers,
                                 .extra_properties = "scheduled.rebalance.max.delay.ms=0\n"
                                                     "plugin.path=" COPYCAT_FILE_PLUGIN "," COPYCAT_PROBE_PLUGIN
                                                     "," COPYCAT_DEBEZIUM_PLUGIN_PATH "\n"
                                                     "java.bridge.jvm.options=-Xmx256m -XX:TieredStopAtLevel=1\n"});
    logs_on_failure print_logs(cluster);

    const std::string connector = "debezium";
    const std::string config =
        R"({"connector.class":"io.debezium.connector.postgresql.PostgresConnector","tasks.max":"1",)"
        R"("database.hostname":")" +
        env("COPYCAT_PG_HOST") + R"(","database.port":")" + env("COPYCAT_PG_PORT") + R"(","database.user":")" +
        env("COPYCAT_PG_USER") + R"(","database.password":")" + env("COPYCAT_PG_PASSWORD") +
        R"(","database.dbname":")" + env("COPYCAT_PG_DB") + R"(","topic.prefix":")" + prefix +
        R"(","plugin.name":"pgoutput","slot.name":")" + name + R"(","publication.name":")" + name +
        R"(","publication.autocreate.mode":"filtered","table.include.list":"public.)" + table +
        R"(","key.converter":"org.apache.kafka.connect.json.JsonConverter","key.converter.schemas.enable":"false",)"
        R"("value.converter":"org.apache.kafka.connect.json.JsonConverter","value.converter.schemas.enable":"false"})";
    const auto created = cluster.call(0, "PUT", "/connectors/" + connector + "/config", config);
    INFO(created.body);
    REQUIRE(created.status == 201);

    topic_reader reader(topic);
    std::vector<std::optional<std::string>> values;
    change_tally tally;
    std::size_t tallied = 0;
    const auto read_changes = [&] {
        reader.read(values);
        for (; tallied < values.size(); ++tallied) tally.add(values[tallied], table);
    };

    // The snapshot: every row once as op "r".
    const auto started = clock_type::now();
    REQUIRE(poll_until(deadline, [&] {
        read_changes();
        return tally.per_op["r"] >= static_cast<std::size_t>(snapshot_rows);
    }));
    const double snapshot_seconds = seconds_since(started);
    std::optional<int> victim;
    REQUIRE(poll_until(deadline, [&] { return (victim = task_worker(cluster, connector)).has_value(); }));

    // A third of the stream, until Copycat has stored a streaming offset (an LSN past the
    // snapshot); then more changes and the kill while they stream; then the rest. (A kill before
    // the snapshot's last offset is stored makes Debezium snapshot again, on Kafka Connect too: the
    // changes meanwhile would then arrive as snapshot reads, which is not what this test is about.)
    int applied = 0;
    for (; applied < chunks / 3; ++applied) db.exec(chunk_sql(table, applied));
    std::string stored_offset;
    REQUIRE(poll_until(deadline, [&] {
        read_changes();
        const auto offsets = cluster.call(*victim, "GET", "/connectors/" + connector + "/offsets");
        if (offsets.status != 200) return false;
        stored_offset = offsets.body;
        return tally.per_op["c"] > 0 && stored_offset.find("lsn_proc") != std::string::npos;
    }));
    for (; applied < 2 * chunks / 3; ++applied) db.exec(chunk_sql(table, applied));
    REQUIRE(task_worker(cluster, connector) == victim);
    const std::string victim_id = cluster.worker_id(*victim);
    const auto killed_at = clock_type::now();
    cluster.kill(*victim);
    read_changes();
    const std::size_t at_kill = tally.changes.size() - snapshot_rows;
    const int applied_before_kill = applied * streamed_changes / chunks;
    for (; applied < chunks; ++applied) db.exec(chunk_sql(table, applied));

    std::optional<int> resumed;
    REQUIRE(poll_until(deadline, [&] { return (resumed = task_worker(cluster, connector)).has_value(); }));
    const double moved_seconds = seconds_since(killed_at);
    CHECK(cluster.worker_id(*resumed) != victim_id);

    const std::set<std::string> expected = expected_changes(chunks);
    const bool complete = poll_until(deadline, [&] {
        read_changes();
        return tally.changes.size() >= expected.size();
    });
    const double complete_seconds = seconds_since(killed_at);
    read_changes();  // what else arrived: duplicates, a stray record
    std::size_t missing = 0;
    std::string first_missing;
    for (const auto& change : expected)
        if (!tally.changes.contains(change) && missing++ == 0) first_missing = change;
    const std::size_t unexpected = tally.changes.size() + missing - expected.size();

    std::cout << "debezium cluster: " << snapshot_rows << "-row snapshot in the topic " << snapshot_seconds
              << " s after the connector was created; killed worker " << *victim << " with " << at_kill << " of "
              << applied_before_kill << " streamed changes in the topic (a stored streaming offset: " << stored_offset
              << "); the task was RUNNING on worker " << *resumed << " " << moved_seconds << " s after the kill; "
              << tally.changes.size() << " of " << expected.size() << " changes in the topic " << complete_seconds
              << " s after the kill; " << values.size() << " records (" << tally.tombstones << " tombstones), "
              << tally.duplicates << " duplicates, " << missing << " missing\n";
    INFO("the first missing change: '" << first_missing
                                       << "'; the first record that is no change of the table: " << tally.first_bad);
    if (missing > 0 || unexpected > 0) std::cout << "worker logs:\n" << cluster.logs(400);
    CHECK(complete);
    CHECK(missing == 0);
    CHECK(unexpected == 0);
    CHECK(tally.bad == 0);
    // A delete is followed by its tombstone (Debezium's tombstones.on.delete default).
    CHECK(tally.tombstones >= static_cast<std::size_t>(chunks * per_chunk_deletes));

    // The replication slot outlives the connector: drop it once the deleted task has let it go.
    REQUIRE(cluster.call(*resumed, "DELETE", "/connectors/" + connector).status == 204);
    CHECK(poll_until(60s, [&] {
        return db.exec("SELECT count(*) FROM pg_replication_slots WHERE slot_name = '" + name + "' AND active")
                   .text(0, 0) == "0";
    }));
    db.exec("SELECT pg_drop_replication_slot('" + name + "')");
    db.exec("DROP PUBLICATION IF EXISTS " + name);
    db.exec("DROP TABLE " + table);
}
