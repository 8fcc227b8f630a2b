// KIP-158 topic creation on the real `copycat standalone` binary against the real broker (whose
// auto.create.topics.enable=true gives a new topic 1 partition and the default cleanup.policy):
// FileStreamSource connectors with topic.creation.default.replication.factor=1, partitions=3 and
// a group "compacted" (include .*-compacted, partitions 2, cleanup.policy=compact) write to two new
// topics; the worker creates them as the groups say, and every line arrives. With
// topic.creation.enable=false on the worker, Copycat creates none: the broker's auto-creation makes
// them, with its defaults.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdint>
#include <string>

#include "kafka/rdkafka/admin_client.hpp"
#include "rest/test_client.hpp"
#include "standalone/copycat_process.hpp"
#include "support/broker_client.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::itest;
using copycat::rest::testing::test_client;
using namespace std::chrono_literals;

namespace {

constexpr auto deadline = 60s;
constexpr int lines = 20;

// A FileStreamSource of `file` to `topic` with the test's topic creation groups.
std::string connector_body(const std::string& name, const std::string& file, const std::string& topic) {
    return R"({"name":")" + name + R"(","config":{"connector.class":"FileStreamSource","tasks.max":"1",)"
           R"("file":")" + file + R"(","topic":")" + topic + R"(",)"
           R"("topic.creation.default.replication.factor":"1","topic.creation.default.partitions":"3",)"
           R"("topic.creation.groups":"compacted","topic.creation.compacted.include":".*-compacted",)"
           R"("topic.creation.compacted.partitions":"2","topic.creation.compacted.cleanup.policy":"compact",)"
           // A compacted topic takes keyed records only: each line becomes its record's key too.
           R"("transforms":"hoist,key,unhoist",)"
           R"("transforms.hoist.type":"org.apache.kafka.connect.transforms.HoistField$Value",)"
           R"("transforms.hoist.field":"line",)"
           R"("transforms.key.type":"org.apache.kafka.connect.transforms.ValueToKey","transforms.key.fields":"line",)"
           R"("transforms.unhoist.type":"org.apache.kafka.connect.transforms.ExtractField$Value",)"
           R"("transforms.unhoist.field":"line"}})";
}

// The records of every partition of `topic` (end minus start offsets); -1 while it does not exist.
std::int64_t records_in(rdkafka::admin_client& admin, const std::string& topic) {
    auto count = admin.partition_count(topic, 10s);
    if (!count) return -1;
    std::vector<std::int32_t> partitions;
    for (std::int32_t p = 0; p < *count; ++p) partitions.push_back(p);
    auto marks = admin.query_watermarks(topic, partitions, 10s);
    if (!marks) return -1;
    std::int64_t total = 0;
    for (const auto& m : *marks) total += m.high - m.low;
    return total;
}

std::string cleanup_policy(rdkafka::admin_client& admin, const std::string& topic) {
    auto configs = admin.describe_topic_configs(topic, 30s);
    INFO((configs.ok() ? std::string("described") : configs.err().describe()));
    REQUIRE(configs.ok());
    auto it = configs->find("cleanup.policy");
    REQUIRE(it != configs->end());
    return it->second.value.value_or("");
}

struct run {
    std::int32_t plain_partitions = 0;
    std::int32_t compacted_partitions = 0;
    std::string plain_policy;
    std::string compacted_policy;
};

// Runs a worker with `extra` worker properties and the two connectors until every line arrived.
run run_connectors(const std::string& extra) {
    temp_dir dir("copycat-topic-creation");
    std::string text;
    for (int i = 0; i < lines; ++i) text += "line-" + std::to_string(i) + "\n";
    const std::string plain_file = dir.write("plain.txt", text);
    const std::string compacted_file = dir.write("compacted.txt", text);
    const std::string base = unique_name("created");
    const std::string plain = base + "-plain";
    const std::string compacted = base + "-compacted";

    copycat_process worker({"standalone", standalone_worker_properties(dir, COPYCAT_FILE_PLUGIN, extra)},
                           dir.path() / "worker.log");
    const auto port = worker.rest_port(deadline);
    REQUIRE(port);
    for (const auto& [name, file, topic] : {std::tuple{base + "-a", plain_file, plain},
                                            std::tuple{base + "-b", compacted_file, compacted}}) {
        test_client client(*port);
        const auto created = client.request("POST", "/connectors", connector_body(name, file, topic));
        INFO(created.body);
        REQUIRE(created.status == 201);
    }
    auto admin = rdkafka::admin_client::create(broker_client_config());
    REQUIRE(admin.ok());
    const bool arrived = poll_until(deadline, [&] {
        return records_in(*admin, plain) == lines && records_in(*admin, compacted) == lines;
    });
    INFO(worker.log());
    REQUIRE(arrived);
    run out;
    out.plain_partitions = *admin->partition_count(plain, 10s);
    out.compacted_partitions = *admin->partition_count(compacted, 10s);
    out.plain_policy = cleanup_policy(*admin, plain);
    out.compacted_policy = cleanup_policy(*admin, compacted);
    CHECK(worker.terminate(deadline) == 0);
    return out;
}

}  // namespace

TEST_CASE("source connectors create their topics as their topic creation groups say", "[cluster]") {
    const run r = run_connectors("");
    CHECK(r.plain_partitions == 3);
    CHECK(r.plain_policy == "delete");
    CHECK(r.compacted_partitions == 2);
    CHECK(r.compacted_policy == "compact");
}

TEST_CASE("with topic.creation.enable=false the worker creates no topic", "[cluster]") {
    const run r = run_connectors("topic.creation.enable=false\n");
    // The broker's auto-creation made them: its num.partitions=1 and default cleanup.policy.
    CHECK(r.plain_partitions == 1);
    CHECK(r.compacted_partitions == 1);
    CHECK(r.compacted_policy == "delete");
}
