// A keyed source on the real `copycat standalone` binary against the real broker: Datagen writes
// records with string keys (empty ones among them) into a 6-partition topic, and every record is
// on the partition Kafka's Java producer would have put it on, toPositive(murmur2(key)) % 6,
// computed here on its own; a connector with producer.override.partitioner gets librdkafka's
// partitioner it names instead (docs/compatibility.md "Records and partitions").
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "kafka/java_murmur2.hpp"
#include "kafka/rdkafka/admin_client.hpp"
#include "kafka/rdkafka/consumer.hpp"
#include "standalone/copycat_process.hpp"
#include "support/broker_client.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::itest;
using namespace std::chrono_literals;

namespace {

constexpr auto start_deadline = 60s;
constexpr auto data_deadline = 60s;  // an upper bound for failing, never a measure of speed
constexpr std::int32_t partitions = 6;
constexpr int records_per_task = 300;

// Keys of 0 to 12 characters: about 600 distinct ones in a run, and a few empty ones.
constexpr std::string_view keyed_schema =
    R"({"schema_name":"keyed","fields":[{"name":"id","type":"string","regex":"[a-zA-Z0-9_.-]{0,12}"},)"
    R"({"name":"n","type":"int64","sequence":{"start":0}}]})";

void create_topic(const std::string& topic) {
    auto admin = rdkafka::admin_client::create(broker_client_config());
    REQUIRE(admin.ok());
    auto created = admin->create_topic({.name = topic, .partitions = partitions, .replication_factor = 1}, 30s);
    INFO((created.ok() ? std::string("created") : created.err().describe()));
    REQUIRE(created.ok());
}

struct placed_record {
    std::string key;
    std::int32_t partition;
};

// Every record of `topic` once `expected` of them arrived (or the deadline passed).
std::vector<placed_record> read_records(const std::string& topic, std::size_t expected) {
    auto consumer = rdkafka::consumer::create(broker_client_config({{"enable.auto.commit", "false"}}));
    REQUIRE(consumer.ok());
    std::vector<rdkafka::topic_partition_offset> assignment;
    for (std::int32_t p = 0; p < partitions; ++p) assignment.push_back({topic, p, rdkafka::offsets::beginning});
    REQUIRE(consumer->assign(assignment).ok());
    std::vector<placed_record> out;
    const auto until = std::chrono::steady_clock::now() + data_deadline;
    while (out.size() < expected && std::chrono::steady_clock::now() < until) {
        auto polled = consumer->poll(200ms);
        if (!polled.ok() || !polled->has_value()) continue;
        const rdkafka::message& m = **polled;
        REQUIRE(m.key().has_value());  // Datagen keys every record; an empty key is not null
        out.push_back({std::string(*m.key()), m.partition()});
    }
    return out;
}

std::string connector_properties(const std::string& name, const std::string& topic, const std::string& extra) {
    return "name=" + name + "\nconnector.class=Datagen\ntasks.max=2\nkafka.topic=" + topic + "\nschema.string=" +
           std::string(keyed_schema) + "\nschema.keyfield=id\nmax.interval=0\nrandom.seed=5\niterations=" +
           std::to_string(records_per_task) + "\n" + extra;
}

}  // namespace

TEST_CASE("A source task puts each keyed record on the partition Kafka's Java producer picks",
          "[cluster][datagen][partitioner]") {
    temp_dir dir("copycat-partitions");
    const std::string java_topic = unique_name("keyed-java");
    const std::string override_topic = unique_name("keyed-override");
    create_topic(java_topic);
    create_topic(override_topic);
    const std::string worker =
        standalone_worker_properties(dir, COPYCAT_DATAGEN_PLUGIN, "connector.client.config.override.policy=All\n");
    const std::string by_default =
        dir.write("default.properties", connector_properties(unique_name("keyed"), java_topic, ""));
    const std::string overridden =
        dir.write("override.properties", connector_properties(unique_name("keyed"), override_topic,
                                                              "producer.override.partitioner=consistent\n"));
    copycat_process process({"standalone", worker, by_default, overridden}, dir.path() / "worker.log");
    INFO(process.log());
    REQUIRE(process.rest_port(start_deadline));

    const std::size_t expected = 2 * records_per_task;
    const auto java_placed = read_records(java_topic, expected);
    REQUIRE(java_placed.size() == expected);
    std::map<std::int32_t, int> used;
    int empty_keys = 0;
    for (const placed_record& r : java_placed) {
        INFO("key '" << r.key << "'");
        CHECK(r.partition == copycat::testing::java_partition_for_key(r.key, partitions));
        ++used[r.partition];
        if (r.key.empty()) ++empty_keys;
    }
    CHECK(used.size() == partitions);
    CHECK(empty_keys > 0);  // 1 in 13 keys: hashed as an empty array, as Java does

    // librdkafka's "consistent" partitioner, which the connector asked for, puts most keys elsewhere.
    const auto override_placed = read_records(override_topic, expected);
    REQUIRE(override_placed.size() == expected);
    std::size_t unlike_java = 0;
    for (const placed_record& r : override_placed)
        if (r.partition != copycat::testing::java_partition_for_key(r.key, partitions)) ++unlike_java;
    CHECK(unlike_java > expected / 2);
    CHECK(process.terminate(30s) == 0);
}
