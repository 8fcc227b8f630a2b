// Exactly-once source tasks (docs/exactly-once-source.md) against librdkafka's mock cluster, which
// speaks the transaction protocol: records and their offsets are committed in one transaction and
// seen by read_committed consumers.
#include <catch2/catch.hpp>

#include <atomic>
#include <cmath>
#include <string>
#include <vector>

#include "common/metrics.hpp"
#include "kafka/rdkafka/consumer.hpp"
#include "kafka/rdkafka/mock_cluster.hpp"
#include "runtime/task_factory.hpp"
#include "runtime/test_plugins.hpp"
#include "runtime/worker_source_task.hpp"
#include "storage/memory_offset_store.hpp"

using namespace copycat;
using namespace copycat::runtime;
using namespace std::chrono_literals;

namespace {

constexpr auto deadline = 30s;

using testing::unique_name;

struct record_text {
    std::string key;
    std::string value;
};

// The records of the topic's partition 0 a read_committed consumer sees, once `expected` arrived
// or `wait` passed.
std::vector<record_text> read_committed(const std::string& bootstrap, const std::string& topic, std::size_t expected,
                                        std::chrono::milliseconds wait = deadline) {
    rdkafka::client_config config;
    REQUIRE(config.set("bootstrap.servers", bootstrap).ok());
    REQUIRE(config.set("isolation.level", "read_committed").ok());
    REQUIRE(config.set("group.id", unique_name("reader")).ok());
    auto consumer = rdkafka::consumer::create(config);
    REQUIRE(consumer.ok());
    REQUIRE(consumer->assign({{topic, 0, rdkafka::offsets::beginning}}).ok());
    std::vector<record_text> out;
    const auto until = std::chrono::steady_clock::now() + wait;
    while (std::chrono::steady_clock::now() < until && out.size() < expected) {
        auto polled = consumer->poll(100ms);
        if (!polled || !polled->has_value()) continue;
        const auto& m = **polled;
        out.push_back({std::string(m.key().value_or("")), std::string(m.value().value_or(""))});
    }
    return out;
}

struct fixture : testing::task_environment {
    std::shared_ptr<worker_source_task> task;
    task_id id{unique_name("eos-src"), 0};
    std::string topic = unique_name("eos-topic");
    std::string source_partition = unique_name("eos-partition");
    string_map connector_config;
    metrics::registry metrics;

    fixture() {
        config.metrics = &metrics;
        config.exactly_once_source = exactly_once_source_support::enabled;
        config.group_id = "eos-group";
        config.offsets_topic = unique_name("eos-offsets");
        REQUIRE(cluster.create_topic(topic, 1).ok());
        REQUIRE(cluster.create_topic(config.offsets_topic, 1).ok());
        connector_config = {{"name", id.connector},           {"connector.class", "test.CountingSource"},
                            {"topic", topic},                  {"values", "a,b,c"},
                            {"source.partition", source_partition}};
    }

    // The task's copycat_source_task_transactions_total{result="committed" or "aborted"}.
    double transactions(const char* result) const {
        return metrics.value_of("copycat_source_task_transactions_total",
                                {{"connector", id.connector}, {"task", "0"}, {"result", result}});
    }

    result<std::shared_ptr<worker_task>> create() {
        task_factory factory(config, registry, offsets, listener);
        return factory.create(id, connector_config, connector_config, target_state::started);
    }

    ~fixture() { testing::stop_task(task, deadline); }
};

}  // namespace

TEST_CASE("exactly-once: a batch and its offsets commit in one transaction, visible to read_committed") {
    fixture f;
    f.connector_config["batch.size"] = "1";  // one record per poll(): one transaction each
    auto made = f.create();
    INFO((made.ok() ? std::string("created") : made.err().describe()));
    REQUIRE(made.ok());
    f.task = std::dynamic_pointer_cast<worker_source_task>(*made);
    REQUIRE(f.task);
    f.task->start();
    REQUIRE(f.listener.wait_for_task(f.id, run_state::running, deadline));

    const auto records = read_committed(f.cluster.bootstrap_servers(), f.topic, 3);
    REQUIRE(records.size() == 3);
    CHECK(records[0].value == "a");
    CHECK(records[2].value == "c");
    // The offsets of the batch, written by the task's producer inside the same transaction (the
    // offset store is not written in this mode).
    const auto offsets = read_committed(f.cluster.bootstrap_servers(), f.config.offsets_topic, 3);
    REQUIRE(offsets.size() == 3);
    for (std::size_t i = 0; i < offsets.size(); ++i) {
        CHECK(offsets[i].key == "[\"" + f.id.connector + "\",{\"source\":\"" + f.source_partition + "\"}]");
        CHECK(offsets[i].value == "{\"position\":" + std::to_string(i) + "}");
    }
    CHECK(f.offsets.all().empty());

    // Kafka's transaction-size-min/max/avg and Copycat's commit and abort counts.
    const metrics::labels labels = {{"connector", f.id.connector}, {"task", "0"}};
    REQUIRE(testing::eventually([&] { return f.transactions("committed") >= 3; }, deadline));
    CHECK(f.transactions("aborted") == 0);
    CHECK(f.metrics.value_of("copycat_source_task_transaction_size_min", labels) == 1);
    CHECK(f.metrics.value_of("copycat_source_task_transaction_size_max", labels) == 1);
    CHECK(f.metrics.value_of("copycat_source_task_transaction_size_avg", labels) == 1);
}

TEST_CASE("exactly-once: a record the producer refuses aborts the open transaction and fails the task") {
    fixture f;
    // Two records fit in the producer's limit, the third does not: its transaction is aborted.
    f.connector_config["values"] = "a,b," + std::string(4000, 'x');
    f.connector_config["batch.size"] = "1";
    f.connector_config["producer.override.message.max.bytes"] = "2000";
    auto made = f.create();
    INFO((made.ok() ? std::string("created") : made.err().describe()));
    REQUIRE(made.ok());
    f.task = std::dynamic_pointer_cast<worker_source_task>(*made);
    f.task->start();
    REQUIRE(f.listener.wait_for_task(f.id, run_state::failed, deadline));

    const auto records = read_committed(f.cluster.bootstrap_servers(), f.topic, 3, 2s);
    CHECK(records.size() == 2);
    const metrics::labels labels = {{"connector", f.id.connector}, {"task", "0"}};
    CHECK(f.transactions("committed") == 2);
    CHECK(f.transactions("aborted") == 1);
    CHECK(f.metrics.value_of("copycat_source_task_transaction_size_max", labels) == 1);
}

TEST_CASE("exactly-once: a task of a connector with an offsets topic of its own is built") {
    fixture f;
    f.connector_config["offsets.storage.topic"] = "elsewhere";
    CHECK(f.create().ok());
    f.connector_config["offsets.storage.topic"] = f.config.offsets_topic;
    CHECK(f.create().ok());
}

TEST_CASE("exactly-once: a connector ends its transactions through the transaction context") {
    fixture f;
    // One batch: commit after b, abort after d (c and d are dropped), and commit the batch (e).
    f.connector_config["values"] = "a,b,c,d,e";
    f.connector_config["batch.size"] = "5";
    f.connector_config["transaction.boundary"] = "connector";
    f.connector_config["transaction.commit.after"] = "b";
    f.connector_config["transaction.abort.after"] = "d";
    f.connector_config["transaction.batch"] = "commit";
    auto made = f.create();
    INFO((made.ok() ? std::string("created") : made.err().describe()));
    REQUIRE(made.ok());
    f.task = std::dynamic_pointer_cast<worker_source_task>(*made);
    f.task->start();
    REQUIRE(f.listener.wait_for_task(f.id, run_state::running, deadline));

    // a+b; the offsets of c and d after their abort; e.
    REQUIRE(testing::eventually([&] { return f.transactions("committed") >= 3; }, deadline));
    CHECK(f.transactions("aborted") == 1);
    // librdkafka's mock cluster does not hide aborted records from read_committed consumers:
    // integration-tests/runtime/exactly_once_boundaries_cluster_test.cpp checks what they see.
    // The offsets: after b, after d (the aborted records are not read again), after e.
    const auto offsets = read_committed(f.cluster.bootstrap_servers(), f.config.offsets_topic, 4, 3s);
    REQUIRE(offsets.size() == 3);
    CHECK(offsets[0].value == "{\"position\":1}");
    CHECK(offsets[1].value == "{\"position\":3}");
    CHECK(offsets[2].value == "{\"position\":4}");
}

TEST_CASE("exactly-once: a connector that asks to commit and abort the same batch fails its task") {
    fixture f;
    f.connector_config["values"] = "a,b";
    f.connector_config["batch.size"] = "2";
    f.connector_config["transaction.boundary"] = "connector";
    f.connector_config["transaction.commit.after"] = "b";
    f.connector_config["transaction.abort.after"] = "b";
    auto made = f.create();
    REQUIRE(made.ok());
    f.task = std::dynamic_pointer_cast<worker_source_task>(*made);
    f.task->start();
    REQUIRE(f.listener.wait_for_task(f.id, run_state::failed, deadline));
    CHECK_THAT(f.listener.task_trace(f.id), Catch::Contains("Connector requested both commit and abort of same record"));
    CHECK(read_committed(f.cluster.bootstrap_servers(), f.topic, 1, 2s).empty());
}

TEST_CASE("exactly-once: preparing runs tasks without transactions, through the offset store") {
    fixture f;
    f.config.exactly_once_source = exactly_once_source_support::preparing;
    f.config.offset_flush_interval = 50ms;
    auto made = f.create();
    REQUIRE(made.ok());
    f.task = std::dynamic_pointer_cast<worker_source_task>(*made);
    f.task->start();
    REQUIRE(testing::eventually([&] { return !f.offsets.all().empty(); }, deadline));
    CHECK(read_committed(f.cluster.bootstrap_servers(), f.config.offsets_topic, 1, 2s).empty());
    // No transactions, so no transaction series.
    const metrics::labels labels = {{"connector", f.id.connector}, {"task", "0"}};
    CHECK(std::isnan(f.metrics.value_of("copycat_source_task_transaction_size_avg", labels)));
}

