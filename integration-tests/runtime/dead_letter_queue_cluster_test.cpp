// Sink error handling against a real broker: records a JsonConverter cannot read
//   - with errors.tolerance=all and a dead-letter queue: every good record reaches the sink and
//     every bad one lands in the DLQ topic (created by the task, one partition) with its original
//     key, value and headers plus Kafka's error context headers; the group's offsets then move
//     past everything;
//   - with errors.tolerance=none: the task fails with the conversion error in its trace, and the
//     group's committed offset does not move past the poisoned record.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "kafka/rdkafka/admin_client.hpp"
#include "kafka/rdkafka/consumer.hpp"
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
const std::string json_converter = "org.apache.kafka.connect.json.JsonConverter";

void create_topic(const std::string& topic, int partitions) {
    auto admin = rdkafka::admin_client::create(broker_client_config());
    REQUIRE(admin.ok());
    auto created = admin->create_topic({.name = topic, .partitions = partitions, .replication_factor = 1}, 30s);
    INFO((created.ok() ? std::string("created") : created.err().describe()));
    REQUIRE(created.ok());
}

struct input {
    std::int32_t partition = 0;
    std::string key;
    std::string value;
    bool bad = false;
    std::int64_t offset = -1;  // filled in from the delivery report
};

// Produces the records in order, each with the header "origin"="test-<i>"; fills in offsets.
void produce(const std::string& topic, std::vector<input>& records) {
    auto p = rdkafka::producer::create(broker_client_config());
    REQUIRE(p.ok());
    std::vector<std::string> origins;
    for (std::size_t i = 0; i < records.size(); ++i) origins.push_back("test-" + std::to_string(i));
    for (std::size_t i = 0; i < records.size(); ++i) {
        const std::array<rdkafka::header_view, 1> headers{{{"origin", origins[i]}}};
        auto& r = records[i];
        REQUIRE(
            p->produce({.topic = topic, .partition = r.partition, .key = r.key, .value = r.value, .headers = headers},
                       [&r](const rdkafka::delivery_report& report) {
                           if (report.status.ok()) r.offset = report.offset;
                       })
                .ok());
        REQUIRE(p->flush(30s).ok());  // one at a time: offsets in order per partition
    }
    for (const auto& r : records) REQUIRE(r.offset >= 0);
}

// A consumed record, copied out of the consumer's buffers (a message must not outlive its
// consumer).
struct read_record {
    std::optional<std::string> key;
    std::optional<std::string> value;
    std::map<std::string, std::optional<std::string>> headers;  // the last value per key
};

// Reads `count` records of partition 0 of `topic` from the beginning.
std::vector<read_record> read_records(const std::string& topic, std::size_t count) {
    auto c = rdkafka::consumer::create(broker_client_config());
    REQUIRE(c.ok());
    REQUIRE(c->assign({{topic, 0, rdkafka::offsets::beginning}}).ok());
    std::vector<read_record> out;
    const auto until = std::chrono::steady_clock::now() + deadline;
    while (out.size() < count && std::chrono::steady_clock::now() < until) {
        auto polled = c->poll(200ms);
        if (!polled.ok() || !polled->has_value()) continue;
        const auto& m = **polled;
        read_record r;
        if (m.key()) r.key = std::string(*m.key());
        if (m.value()) r.value = std::string(*m.value());
        for (const auto& h : m.headers()) {
            r.headers.insert_or_assign(std::string(h.key),
                                       h.value ? std::optional<std::string>(std::string(*h.value)) : std::nullopt);
        }
        out.push_back(std::move(r));
    }
    return out;
}

// The group's committed offset per partition (rdkafka::consumer::no_offset when none).
std::map<std::int32_t, std::int64_t> committed(const std::string& group, const std::string& topic, int partitions) {
    auto c = rdkafka::consumer::create(broker_client_config({{"group.id", group}}));
    REQUIRE(c.ok());
    std::vector<rdkafka::topic_partition> tps;
    for (int i = 0; i < partitions; ++i) tps.push_back({topic, i});
    auto got = c->committed(tps, 10s);
    std::map<std::int32_t, std::int64_t> out;
    if (!got.ok()) return out;
    for (const auto& tpo : *got) out[tpo.partition] = tpo.offset;
    return out;
}

std::string header_of(const read_record& r, const std::string& key) {
    auto h = r.headers.find(key);
    if (h == r.headers.end()) return "<absent>";
    return h->second.value_or("<null>");
}

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

    task_id start(const std::string& name, const string_map& config) {
        REQUIRE(w->start_connector(name, config, target_state::started).ok());
        auto configs = w->connector_task_configs(name);
        REQUIRE(configs.ok());
        task_id id{name, 0};
        REQUIRE(w->start_task(id, config, configs->front(), target_state::started).ok());
        return id;
    }
};

string_map json_sink(const std::string& name, const std::string& topic, const std::string& collector) {
    return {{"name", name},
            {"connector.class", "test.CollectingSink"},
            {"topics", topic},
            {"collector", collector},
            {"value.converter", json_converter},
            {"value.converter.schemas.enable", "false"}};
}

}  // namespace

TEST_CASE("errors.tolerance=all with a dead-letter queue: good records reach the sink, bad ones the DLQ") {
    const auto topic = itest::unique_name("dlq-input");
    const auto dlq = itest::unique_name("dlq-topic");
    const auto sink = itest::unique_name("dlq-sink");
    const auto collector_name = itest::unique_name("dlq-collector");
    create_topic(topic, 2);
    std::vector<input> records{
        {0, "k0", "\"good-0\"", false, -1}, {0, "k1", "not json", true, -1},    {1, "k2", "{\"broken\":", true, -1},
        {1, "k3", "\"good-1\"", false, -1}, {0, "k4", "\"good-2\"", false, -1},
    };
    produce(topic, records);

    worker_setup setup;
    auto config = json_sink(sink, topic, collector_name);
    config["errors.tolerance"] = "all";
    config["errors.log.enable"] = "true";
    config["errors.log.include.messages"] = "true";
    config["errors.deadletterqueue.topic.name"] = dlq;
    config["errors.deadletterqueue.topic.replication.factor"] = "1";
    config["errors.deadletterqueue.context.headers.enable"] = "true";
    const auto id = setup.start(sink, config);

    auto got = testing::collector_named(collector_name);
    REQUIRE(got->wait_for(3, deadline));
    auto values = got->values();
    std::sort(values.begin(), values.end());
    CHECK(values == std::vector<std::string>{"good-0", "good-1", "good-2"});

    const auto dead = read_records(dlq, 2);
    REQUIRE(dead.size() == 2);
    std::set<std::string> dead_keys;
    for (const auto& m : dead) {
        REQUIRE(m.key.has_value());
        const std::string key(*m.key);
        dead_keys.insert(key);
        const auto original =
            std::find_if(records.begin(), records.end(), [&](const input& r) { return r.key == key; });
        REQUIRE(original != records.end());
        INFO("dead-lettered record " << key);
        CHECK(original->bad);
        CHECK(m.value == std::optional<std::string>(original->value));  // the original bytes
        const auto index = static_cast<std::size_t>(original - records.begin());
        CHECK(header_of(m, "origin") == "test-" + std::to_string(index));  // the original headers
        CHECK(header_of(m, "__connect.errors.topic") == topic);
        CHECK(header_of(m, "__connect.errors.partition") == std::to_string(original->partition));
        CHECK(header_of(m, "__connect.errors.offset") == std::to_string(original->offset));
        CHECK(header_of(m, "__connect.errors.connector.name") == sink);
        CHECK(header_of(m, "__connect.errors.task.id") == "0");
        CHECK(header_of(m, "__connect.errors.stage") == "VALUE_CONVERTER");
        CHECK(header_of(m, "__connect.errors.class.name") == json_converter);
        CHECK(header_of(m, "__connect.errors.exception.class.name") == "org.apache.kafka.connect.errors.DataException");
        CHECK(header_of(m, "__connect.errors.exception.message")
                  .starts_with("Converting byte[] to Kafka Connect data failed due to serialization error"));
        CHECK(header_of(m, "__connect.errors.exception.stacktrace")
                  .starts_with("org.apache.kafka.connect.errors.DataException: Converting byte[]"));
    }
    CHECK(dead_keys == std::set<std::string>{"k1", "k2"});

    // The task created the DLQ topic with one partition.
    {
        auto c = rdkafka::consumer::create(broker_client_config());
        REQUIRE(c.ok());
        auto count = c->partition_count(dlq, 10s);
        REQUIRE(count.ok());
        CHECK(*count == 1);
    }
    // Everything was handled, dead-lettered records included: the offsets move past all of it.
    REQUIRE(testing::eventually(
        [&] {
            return committed("connect-" + sink, topic, 2) == std::map<std::int32_t, std::int64_t>{{0, 3}, {1, 2}};
        },
        deadline));
    CHECK(setup.listener.task_states(id).back() == run_state::running);
}

TEST_CASE("errors.tolerance=none: the task fails on the poisoned record and commits nothing past it") {
    const auto topic = itest::unique_name("poison-input");
    const auto sink = itest::unique_name("poison-sink");
    const auto collector_name = itest::unique_name("poison-collector");
    create_topic(topic, 1);
    std::vector<input> records{
        {0, "k0", "\"good-0\"", false, -1}, {0, "k1", "not json", true, -1}, {0, "k2", "\"good-1\"", false, -1}};
    produce(topic, records);
    const auto poisoned = records[1].offset;

    worker_setup setup;
    const auto id = setup.start(sink, json_sink(sink, topic, collector_name));
    REQUIRE(setup.listener.wait_for_task(id, run_state::failed, deadline));
    const auto trace = setup.listener.task_trace(id);
    CHECK(trace.find("copycat::connect_error: Tolerance exceeded in error handler") == 0);
    CHECK(trace.find("Caused by: copycat::data_error: Converting byte[] to Kafka Connect data failed due to "
                     "serialization error") != std::string::npos);

    auto got = testing::collector_named(collector_name);
    const auto values = got->values();
    CHECK(std::find(values.begin(), values.end(), "good-1") == values.end());
    const auto offsets = committed("connect-" + sink, topic, 1);
    const auto it = offsets.find(0);
    if (it != offsets.end() && it->second != rdkafka::consumer::no_offset) CHECK(it->second <= poisoned);
}
