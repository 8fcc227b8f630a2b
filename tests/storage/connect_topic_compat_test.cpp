// Byte-level compatibility: config and status topics holding records exactly as a Kafka Connect
// 4.1 distributed worker writes them (keys as UTF-8 strings; values from JsonConverter with
// schemas.enable=false; struct fields in schema order, map entries in HashMap order), read by
// Copycat's stores through memory_record_log.

#include <catch2/catch.hpp>

#include "net/io_thread.hpp"
#include "storage/kafka_config_store.hpp"
#include "storage/kafka_status_store.hpp"
#include "storage/memory_record_log.hpp"

using namespace copycat;
using namespace copycat::storage;

namespace {

struct quiet_listener : config_store_listener {
    void on_connector_config_update(const std::string&) override {}
    void on_task_configs_update(const std::string&) override {}
    void on_target_state_change(const std::string&) override {}
    void on_restart_request(const restart_request_record&) override {}
};

// A config topic after: a 3.4 worker created "legacy-src" and paused it (v0 target state); a 4.1
// worker created "file-src" (2 tasks), then reconfigured it to 1 task, stopped and resumed
// "pg-sink-eu-1", created "dbz.orders-v2" paused, rotated the session key, set a cluster log
// level, asked for a restart; and compaction removed task-inc-conn-0 of "inc-conn".
const std::vector<std::pair<std::string, std::optional<std::string>>> config_topic = {
    {"connector-legacy-src",
     R"({"properties":{"connector.class":"org.apache.kafka.connect.file.FileStreamSourceConnector","file":"/tmp/a.txt","tasks.max":"1","name":"legacy-src","topic":"legacy"}})"},
    {"task-legacy-src-0",
     R"({"properties":{"file":"/tmp/a.txt","task.class":"org.apache.kafka.connect.file.FileStreamSourceTask","batch.size":"2000","topic":"legacy"}})"},
    {"commit-legacy-src", R"({"tasks":1})"},
    {"target-state-legacy-src", R"({"state":"PAUSED"})"},
    {"connector-file-src",
     R"({"properties":{"connector.class":"org.apache.kafka.connect.file.FileStreamSourceConnector","file":"/var/data/in.txt","tasks.max":"2","name":"file-src","topic":"lines"}})"},
    {"task-file-src-0", R"({"properties":{"task.class":"org.apache.kafka.connect.file.FileStreamSourceTask","n":"0"}})"},
    {"task-file-src-1", R"({"properties":{"task.class":"org.apache.kafka.connect.file.FileStreamSourceTask","n":"1"}})"},
    {"commit-file-src", R"({"tasks":2})"},
    {"task-file-src-0", R"({"properties":{"task.class":"org.apache.kafka.connect.file.FileStreamSourceTask","n":"0b"}})"},
    {"commit-file-src", R"({"tasks":1})"},
    {"target-state-pg-sink-eu-1", R"({"state":"STARTED","state.v2":"STARTED"})"},
    {"connector-pg-sink-eu-1",
     R"({"properties":{"connector.class":"io.confluent.connect.jdbc.JdbcSinkConnector","topics":"orders","name":"pg-sink-eu-1","tasks.max":"1"}})"},
    {"task-pg-sink-eu-1-0", R"({"properties":{"topics":"orders","task.class":"io.confluent.connect.jdbc.sink.JdbcSinkTask"}})"},
    {"commit-pg-sink-eu-1", R"({"tasks":1})"},
    {"commit-pg-sink-eu-1", R"({"tasks":0})"},
    {"target-state-pg-sink-eu-1", R"({"state":"PAUSED","state.v2":"STOPPED"})"},
    {"target-state-dbz.orders-v2", R"({"state":"PAUSED","state.v2":"PAUSED"})"},
    {"connector-dbz.orders-v2", R"({"properties":{"connector.class":"X","name":"dbz.orders-v2","tasks.max":"1"}})"},
    {"session-key", R"({"key":"ZmFrZS1rZXktYnl0ZXMtZm9yLXRlc3RpbmctMzI=","algorithm":"HmacSHA256","creation-timestamp":1730000000000})"},
    {"logger-cluster-org.apache.kafka.connect", R"({"level":"DEBUG"})"},
    {"restart-connector-file-src", R"({"include-tasks":true,"only-failed":false})"},
    {"tasks-fencing-file-src", R"({"task-count":1})"},
    {"connector-inc-conn", R"({"properties":{"connector.class":"X","name":"inc-conn","tasks.max":"2"}})"},
    {"task-inc-conn-1", R"({"properties":{"task.class":"T"}})"},
    {"commit-inc-conn", R"({"tasks":2})"},
    {"task-gone-0", R"({"properties":{"task.class":"T"}})"},
    {"commit-gone", R"({"tasks":1})"},
    {"connector-deleted", std::nullopt},
    {"target-state-deleted", std::nullopt},
};

}  // namespace

TEST_CASE("a config topic written by Kafka Connect 4.1 reads into the same cluster state") {
    auto log = std::make_unique<memory_record_log>();
    for (const auto& [key, value] : config_topic) log->inject(key, value);
    quiet_listener listener;
    kafka_config_store store(std::move(log), listener);
    REQUIRE(store.start().ok());
    const cluster_config snap = *store.snapshot();

    CHECK(snap.offset == static_cast<std::int64_t>(config_topic.size()));
    CHECK(snap.connectors() ==
          std::vector<std::string>{"dbz.orders-v2", "file-src", "inc-conn", "legacy-src", "pg-sink-eu-1"});

    CHECK(snap.target("legacy-src") == target_state_value::paused);
    CHECK(snap.tasks("legacy-src") == std::vector<std::int32_t>{0});
    CHECK(snap.task_config("legacy-src", 0)->at("batch.size") == "2000");

    CHECK(snap.connector_config("file-src")->at("file") == "/var/data/in.txt");
    CHECK(snap.tasks("file-src") == std::vector<std::int32_t>{0});
    CHECK(snap.task_config("file-src", 0)->at("n") == "0b");
    CHECK(snap.target("file-src") == target_state_value::started);
    CHECK(snap.task_config_generations.at("file-src") == 1);
    CHECK(snap.task_count_records.at("file-src") == 1);
    CHECK(snap.pending_fencing.count("file-src") == 0);

    CHECK(snap.target("pg-sink-eu-1") == target_state_value::stopped);
    CHECK(snap.tasks("pg-sink-eu-1").empty());
    CHECK(snap.task_count("pg-sink-eu-1") == 0);
    CHECK(snap.pending_fencing.count("pg-sink-eu-1") == 1);

    CHECK(snap.target("dbz.orders-v2") == target_state_value::paused);
    CHECK(snap.task_counts.count("dbz.orders-v2") == 0);

    CHECK(snap.inconsistent == std::set<std::string>{"inc-conn"});
    CHECK(snap.tasks("inc-conn").empty());
    CHECK(snap.task_count("inc-conn") == 2);

    CHECK_FALSE(snap.contains("gone"));
    CHECK(snap.task_counts.count("gone") == 0);
    CHECK(snap.task_config("gone", 0) == nullptr);
    CHECK_FALSE(snap.contains("deleted"));
    CHECK(snap.target_states.count("deleted") == 0);

    REQUIRE(snap.session_key);
    CHECK(snap.session_key->key == "ZmFrZS1rZXktYnl0ZXMtZm9yLXRlc3RpbmctMzI=");
    CHECK(snap.session_key->algorithm == "HmacSHA256");
    CHECK(snap.session_key->creation_timestamp == 1730000000000);
}

TEST_CASE("Copycat's config records are byte-identical to Kafka Connect's for the same writes") {
    auto log = std::make_unique<memory_record_log>();
    auto* raw = log.get();
    quiet_listener listener;
    kafka_config_store store(std::move(log), listener);
    REQUIRE(store.start().ok());
    REQUIRE(store.put_connector_config("pg-sink-eu-1", {{"name", "pg-sink-eu-1"}}, target_state_value::stopped).ok());
    REQUIRE(store.put_task_configs("pg-sink-eu-1", {{{"topics", "orders"}}}).ok());
    REQUIRE(store.put_restart_request({"pg-sink-eu-1", true, false}).ok());
    REQUIRE(store.put_task_count_record("pg-sink-eu-1", 1).ok());
    const std::vector<std::pair<std::string, std::string>> expected = {
        {"target-state-pg-sink-eu-1", R"({"state":"PAUSED","state.v2":"STOPPED"})"},
        {"connector-pg-sink-eu-1", R"({"properties":{"name":"pg-sink-eu-1"}})"},
        {"task-pg-sink-eu-1-0", R"({"properties":{"topics":"orders"}})"},
        {"commit-pg-sink-eu-1", R"({"tasks":1})"},
        {"restart-connector-pg-sink-eu-1", R"({"include-tasks":true,"only-failed":false})"},
        {"tasks-fencing-pg-sink-eu-1", R"({"task-count":1})"},
    };
    auto records = raw->records();
    REQUIRE(records.size() == expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        CHECK(*records[i].key == expected[i].first);
        CHECK(*records[i].value == expected[i].second);
    }
}

TEST_CASE("a status topic written by Kafka Connect 4.1 reads into the same statuses") {
    auto log = std::make_unique<memory_record_log>();
    log->inject("status-connector-file-src",
                R"({"state":"RUNNING","trace":null,"worker_id":"10.0.0.5:8083","generation":3})");
    log->inject("status-task-file-src-0",
                R"({"state":"FAILED","trace":"org.apache.kafka.connect.errors.ConnectException: boom\n\tat org.apache.kafka.connect.file.FileStreamSourceTask.poll(FileStreamSourceTask.java:120)\n","worker_id":"10.0.0.6:8083","generation":3})");
    log->inject("status-task-pg-sink-eu-1-0",
                R"({"state":"RUNNING","trace":null,"worker_id":"10.0.0.5:8083","generation":4})");
    log->inject("status-task-pg-sink-eu-1-0",
                R"({"state":"UNASSIGNED","trace":null,"worker_id":"10.0.0.6:8083","generation":4})");
    log->inject("status-connector-pg-sink-eu-1",
                R"({"state":"STOPPED","trace":null,"worker_id":"10.0.0.5:8083","generation":4})");
    log->inject("status-topic-lines:connector-file-src",
                R"({"topic":{"name":"lines","connector":"file-src","task":0,"discoverTimestamp":1730000000123}})");
    log->inject("status-topic-orders:connector-pg-sink-eu-1",
                R"({"topic":{"name":"orders","connector":"pg-sink-eu-1","task":0,"discoverTimestamp":1730000000456}})");
    log->inject("status-topic-orders:connector-pg-sink-eu-1", std::nullopt);
    log->inject("status-connector-old", R"({"state":"RUNNING","trace":null,"worker_id":"a:1","generation":1})");
    log->inject("status-connector-old", std::nullopt);
    net::io_thread retries;
    kafka_status_store store(std::move(log), retries.timers());
    REQUIRE(store.start().ok());

    CHECK(store.connectors() == std::vector<std::string>{"file-src", "pg-sink-eu-1"});
    CHECK(store.connector("file-src") == connector_status_record{"RUNNING", std::nullopt, "10.0.0.5:8083", 3});
    auto failed = store.task("file-src", 0);
    REQUIRE(failed);
    CHECK(failed->state == "FAILED");
    CHECK(failed->trace->find("\n\tat org.apache.kafka.connect.file.FileStreamSourceTask.poll") != std::string::npos);
    CHECK(store.task("pg-sink-eu-1", 0)->state == "RUNNING");  // the stale UNASSIGNED was ignored
    CHECK(store.connector("pg-sink-eu-1")->state == "STOPPED");
    CHECK(store.topics("file-src") == std::vector<topic_status_record>{{"lines", "file-src", 0, 1730000000123}});
    CHECK(store.topics("pg-sink-eu-1").empty());
    CHECK_FALSE(store.connector("old"));
}
