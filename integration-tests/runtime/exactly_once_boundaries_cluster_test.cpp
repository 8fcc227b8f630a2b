// Connector-defined transaction boundaries (transaction.boundary=connector,
// docs/exactly-once-source.md#connector-defined-transaction-boundaries) on a real broker: a
// source task asks through its transaction context to commit after one record, to abort after
// another, and to commit its batch. A read_committed consumer sees the committed records only,
// and the offsets topic holds the offsets of the aborted records too (they are not read again).
#include <catch2/catch.hpp>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "common/metrics.hpp"
#include "kafka/rdkafka/admin_client.hpp"
#include "kafka/rdkafka/consumer.hpp"
#include "runtime/task_factory.hpp"
#include "runtime/test_plugins.hpp"
#include "runtime/worker_source_task.hpp"
#include "storage/memory_offset_store.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::runtime;
using namespace std::chrono_literals;

namespace {

constexpr auto deadline = 60s;

void create_topic(rdkafka::admin_client& admin, const std::string& topic) {
    auto created = admin.create_topic({.name = topic, .partitions = 1, .replication_factor = 1}, 30s);
    INFO((created.ok() ? std::string("created") : created.err().describe()));
    REQUIRE(created.ok());
}

// The values of partition 0 of `topic` a read_committed consumer sees up to the last stable
// offset, in order.
std::vector<std::string> committed_values(const std::string& topic) {
    auto config = rdkafka::client_config::from_map(
        {{"bootstrap.servers", itest::bootstrap_servers()}, {"isolation.level", "read_committed"}});
    REQUIRE(config.ok());
    auto consumer = rdkafka::consumer::create(*config);
    REQUIRE(consumer.ok());
    REQUIRE(consumer->assign({{topic, 0, rdkafka::offsets::beginning}}).ok());
    auto marks = consumer->query_watermarks(topic, 0, 30s);
    REQUIRE(marks.ok());
    std::vector<std::string> values;
    const bool at_end = testing::eventually(
        [&] {
            auto polled = consumer->poll(200ms);
            if (polled.ok() && polled->has_value()) values.emplace_back((*polled)->value().value_or(""));
            auto at = consumer->position({{topic, 0}});
            return at.ok() && !at->empty() && (*at)[0].offset >= marks->high;
        },
        30s);
    REQUIRE(at_end);
    return values;
}

}  // namespace

TEST_CASE("exactly-once: connector-defined transaction boundaries on a real broker", "[cluster]") {
    loader::plugin_registry registry;
    testing::register_test_plugins(registry);
    storage::memory_offset_store offsets;
    testing::recording_listener listener;
    metrics::registry metrics;
    worker_config config;
    config.bootstrap_servers = itest::bootstrap_servers();
    config.key_converter = "org.apache.kafka.connect.storage.StringConverter";
    config.value_converter = "org.apache.kafka.connect.storage.StringConverter";
    config.metrics = &metrics;
    config.exactly_once_source = exactly_once_source_support::enabled;
    config.group_id = itest::unique_name("eos-boundaries");
    config.offsets_topic = itest::unique_name("eos-boundaries-offsets");
    const std::string topic = itest::unique_name("eos-boundaries");
    auto admin_config = rdkafka::client_config::from_map({{"bootstrap.servers", itest::bootstrap_servers()}});
    REQUIRE(admin_config.ok());
    auto admin = rdkafka::admin_client::create(*admin_config);
    REQUIRE(admin.ok());
    create_topic(*admin, topic);
    create_topic(*admin, config.offsets_topic);

    // One batch: commit after b, abort after d (c and d are dropped), and commit the batch (e).
    const task_id id{"eos-boundaries", 0};
    const string_map connector_config = {{"name", id.connector},
                                         {"connector.class", "test.CountingSource"},
                                         {"topic", topic},
                                         {"values", "a,b,c,d,e"},
                                         {"batch.size", "5"},
                                         {"transaction.boundary", "connector"},
                                         {"transaction.commit.after", "b"},
                                         {"transaction.abort.after", "d"},
                                         {"transaction.batch", "commit"}};
    task_factory factory(config, registry, offsets, listener);
    auto made = factory.create(id, connector_config, connector_config, target_state::started);
    INFO((made.ok() ? std::string("created") : made.err().describe()));
    REQUIRE(made.ok());
    std::shared_ptr<worker_task> task = *made;
    task->start();
    REQUIRE(listener.wait_for_task(id, run_state::running, deadline));
    const metrics::labels committed = {{"connector", id.connector}, {"task", "0"}, {"result", "committed"}};
    const bool done = testing::eventually(
        [&] { return metrics.value_of("copycat_source_task_transactions_total", committed) >= 3; }, deadline);
    task->stop();
    task->await_stop(deadline);
    task->release_thread();
    REQUIRE(done);

    CHECK(committed_values(topic) == std::vector<std::string>{"a", "b", "e"});
    CHECK(committed_values(config.offsets_topic) ==
          std::vector<std::string>{R"({"position":1})", R"({"position":3})", R"({"position":4})"});
}
