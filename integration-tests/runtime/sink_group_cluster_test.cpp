// Sink tasks as members of their connector's consumer group, against a real broker:
//   - a second task of the same connector makes the first one close every partition (after
//     committing what it delivered) and open its share; every record is delivered, and the
//     second task starts where the first one committed;
//   - a paused task receives nothing until it is resumed, then everything.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <set>
#include <string>
#include <vector>

#include "kafka/rdkafka/admin_client.hpp"
#include "kafka/rdkafka/producer.hpp"
#include "runtime/test_plugins.hpp"
#include "runtime/worker.hpp"
#include "storage/memory_offset_store.hpp"
#include "support/broker_client.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using copycat::itest::broker_client_config;
using namespace copycat::runtime;
using namespace std::chrono_literals;

namespace {

constexpr auto deadline = 60s;
const std::string string_converter = "org.apache.kafka.connect.storage.StringConverter";

void create_topic(const std::string& topic, int partitions) {
    auto admin = rdkafka::admin_client::create(broker_client_config());
    REQUIRE(admin.ok());
    auto created = admin->create_topic({.name = topic, .partitions = partitions, .replication_factor = 1}, 30s);
    INFO((created.ok() ? std::string("created") : created.err().describe()));
    REQUIRE(created.ok());
}

// Writes "r-<first>".."r-<first+count-1>" round-robin over the partitions; returns once the
// broker acknowledged all of them.
std::vector<std::string> produce(const std::string& topic, int partitions, int first, int count) {
    auto p = rdkafka::producer::create(broker_client_config());
    REQUIRE(p.ok());
    std::vector<std::string> values;
    int failed = 0;
    for (int i = first; i < first + count; ++i) {
        values.push_back("r-" + std::to_string(i));
        REQUIRE(p->produce({.topic = topic, .partition = i % partitions, .value = values.back()},
                           [&](const rdkafka::delivery_report& r) { failed += r.status.ok() ? 0 : 1; })
                    .ok());
    }
    REQUIRE(p->flush(30s).ok());
    REQUIRE(failed == 0);
    return values;
}

std::set<std::string> as_set(const std::vector<std::string>& values) { return {values.begin(), values.end()}; }

std::set<topic_partition> all_partitions(const std::string& topic, int partitions) {
    std::set<topic_partition> out;
    for (int i = 0; i < partitions; ++i) out.insert({topic, i});
    return out;
}

// One worker, a memory offset store, and the test plugins.
struct worker_setup {
    loader::plugin_registry registry;
    storage::memory_offset_store offsets;
    testing::recording_listener listener;
    std::unique_ptr<worker> w;

    worker_setup() {
        testing::register_test_plugins(registry);
        REQUIRE(offsets.start().ok());
        worker_config config;
        config.bootstrap_servers = itest::bootstrap_servers();
        config.key_converter = string_converter;
        config.value_converter = string_converter;
        config.offset_flush_interval = 500ms;
        w = std::make_unique<worker>(config, registry, offsets, listener);
    }
    ~worker_setup() { w->stop(); }

    // Starts task `n` of a started connector, collecting into `collector`.
    task_id start_task(const std::string& connector, const string_map& config, int n, const std::string& collector) {
        string_map task_config = config;
        task_config["collector"] = collector;
        task_id id{connector, n};
        REQUIRE(w->start_task(id, config, task_config, target_state::started).ok());
        REQUIRE(listener.wait_for_task(id, run_state::running, deadline));
        return id;
    }
};

string_map sink_config(const std::string& name, const std::string& topic, int tasks) {
    return {{"name", name},
            {"connector.class", "test.CollectingSink"},
            {"topics", topic},
            {"tasks.max", std::to_string(tasks)},
            {"collector", "unused"}};
}

}  // namespace

TEST_CASE("a second sink task in the group takes over a share of the partitions and no record is lost") {
    constexpr int partitions = 3;
    const auto topic = itest::unique_name("sink-group");
    const auto sink = itest::unique_name("sink-group-conn");
    create_topic(topic, partitions);
    const auto first_name = itest::unique_name("first");
    const auto second_name = itest::unique_name("second");
    auto first = testing::collector_named(first_name);
    auto second = testing::collector_named(second_name);
    worker_setup setup;
    const auto config = sink_config(sink, topic, 2);
    REQUIRE(setup.w->start_connector(sink, config, target_state::started).ok());

    setup.start_task(sink, config, 0, first_name);
    REQUIRE(
        testing::eventually([&] { return first->open_partitions() == all_partitions(topic, partitions); }, deadline));
    const auto before = produce(topic, partitions, 0, 150);
    REQUIRE(first->wait_for(150, deadline));
    CHECK(first->close_calls() == 0);

    setup.start_task(sink, config, 1, second_name);
    // Eager rebalance: the first task closes everything, then both open their shares.
    REQUIRE(testing::eventually(
        [&] {
            const auto mine = first->open_partitions();
            const auto theirs = second->open_partitions();
            std::set<topic_partition> both(mine.begin(), mine.end());
            both.insert(theirs.begin(), theirs.end());
            return first->close_calls() >= 1 && !mine.empty() && !theirs.empty() &&
                   both.size() == mine.size() + theirs.size() && both == all_partitions(topic, partitions);
        },
        deadline));

    const auto after = produce(topic, partitions, 150, 150);
    auto delivered = [&] {
        auto all = as_set(first->values());
        for (const auto& v : second->values()) all.insert(v);
        return all;
    };
    REQUIRE(testing::eventually(
        [&] {
            const auto all = delivered();
            return std::all_of(after.begin(), after.end(), [&](const std::string& v) { return all.count(v) > 0; });
        },
        deadline));
    const auto all = delivered();
    for (const auto& v : before) CHECK(all.count(v) == 1);
    // The first task committed what it had delivered when its partitions were revoked, so the
    // second one starts after it.
    for (const auto& v : second->values()) CHECK(std::find(before.begin(), before.end(), v) == before.end());
    CHECK(first->values().size() + second->values().size() == 300);
}

TEST_CASE("a paused sink task receives nothing until it is resumed") {
    constexpr int partitions = 2;
    const auto topic = itest::unique_name("sink-pause");
    const auto sink = itest::unique_name("sink-pause-conn");
    create_topic(topic, partitions);
    const auto collector_name = itest::unique_name("paused");
    auto got = testing::collector_named(collector_name);
    worker_setup setup;
    const auto config = sink_config(sink, topic, 1);
    REQUIRE(setup.w->start_connector(sink, config, target_state::started).ok());
    const auto id = setup.start_task(sink, config, 0, collector_name);
    produce(topic, partitions, 0, 20);
    REQUIRE(got->wait_for(20, deadline));

    setup.w->set_target_state(sink, target_state::paused);
    REQUIRE(setup.listener.wait_for_task(id, run_state::paused, deadline));
    const auto later = produce(topic, partitions, 20, 20);  // acknowledged: fetchable now
    CHECK_FALSE(got->wait_for(21, 3s));
    CHECK(got->values().size() == 20);

    setup.w->set_target_state(sink, target_state::started);
    REQUIRE(setup.listener.wait_for_task(id, run_state::running, deadline));
    REQUIRE(got->wait_for(40, deadline));
    const auto values = as_set(got->values());
    for (const auto& v : later) CHECK(values.count(v) == 1);
    CHECK(got->values().size() == 40);
}
