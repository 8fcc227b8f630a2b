// kafka_based_log against the real broker: read to the end, a later instance reading from the
// beginning, tombstones, another writer's records, Java's murmur2 partition placement, and a
// missing topic.
#include <catch2/catch.hpp>

#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "kafka/java_murmur2.hpp"
#include "kafka/rdkafka/admin_client.hpp"
#include "storage/kafka_based_log.hpp"
#include "support/broker_client.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using copycat::itest::broker_client_config;
using namespace copycat::storage;
using namespace std::chrono_literals;

namespace {

constexpr auto deadline = 30s;

void create_topic(const std::string& topic, std::int32_t partitions) {
    auto admin = rdkafka::admin_client::create(broker_client_config());
    REQUIRE(admin.ok());
    rdkafka::new_topic spec{
        .name = topic, .partitions = partitions, .replication_factor = 1, .configs = {{"cleanup.policy", "compact"}}};
    auto created = admin->create_topic(spec, deadline);
    INFO((created.ok() ? std::string("created") : created.err().describe()));
    REQUIRE(created.ok());
}

kafka_based_log_options options_for(const std::string& topic) {
    kafka_based_log_options options;
    options.topic = topic;
    options.client = broker_client_config();
    options.client_id = "copycat-log-cluster-test";
    options.start_timeout = deadline;
    return options;
}

struct collector {
    std::mutex mutex;
    std::vector<log_record> records;

    record_log::record_handler handler() {
        return [this](const log_record& r) {
            std::lock_guard lock(mutex);
            records.push_back(r);
        };
    }
    std::vector<log_record> snapshot() {
        std::lock_guard lock(mutex);
        return records;
    }
    // The last value per key (nullopt: deleted), as a compacted topic reads.
    std::map<std::string, std::optional<std::string>> latest() {
        std::lock_guard lock(mutex);
        std::map<std::string, std::optional<std::string>> out;
        for (const auto& r : records) out.insert_or_assign(r.key.value_or("<null>"), r.value);
        return out;
    }
};

}  // namespace

TEST_CASE("kafka_based_log reads its writes to the end, and a later log reads them from the beginning", "[cluster]") {
    const std::string topic = itest::unique_name("log-roundtrip");
    create_topic(topic, 3);

    collector first_seen;
    kafka_based_log first(options_for(topic));
    REQUIRE(first.start(first_seen.handler()).ok());
    REQUIRE(first.partition_count() == 3);
    CHECK(first_seen.snapshot().empty());

    constexpr int count = 300;
    int acknowledged = 0;
    std::mutex mutex;
    for (int i = 0; i < count; ++i) {
        first.send("key-" + std::to_string(i % 50), "value-" + std::to_string(i), [&](result<void> r) {
            std::lock_guard lock(mutex);
            if (r.ok()) ++acknowledged;
        });
    }
    REQUIRE(first.send_and_wait("key-7", std::nullopt, deadline).ok());  // a tombstone
    REQUIRE(first.read_to_end(deadline).ok());
    {
        std::lock_guard lock(mutex);
        CHECK(acknowledged == count);  // read_to_end waits for the acknowledgements first
    }
    REQUIRE(first_seen.snapshot().size() == count + 1);
    auto latest = first_seen.latest();
    CHECK(latest.size() == 50);
    CHECK(latest.at("key-7") == std::nullopt);
    CHECK(latest.at("key-49") == "value-299");

    collector second_seen;
    kafka_based_log second(options_for(topic));
    REQUIRE(second.start(second_seen.handler()).ok());
    CHECK(second_seen.snapshot().size() == count + 1);  // all of it, read synchronously by start()
    CHECK(second_seen.latest() == latest);

    // Each log sees the other's writes once it reads to the end.
    REQUIRE(second.send_and_wait("key-7", std::string("back"), deadline).ok());
    REQUIRE(first.read_to_end(deadline).ok());
    CHECK(first_seen.latest().at("key-7") == "back");

    first.stop();
    second.stop();
    CHECK(first.read_to_end(deadline).err().code == make_error_code(errc::unavailable));
}

TEST_CASE("kafka_based_log puts keys on Java's murmur2 partition", "[cluster]") {
    const std::string topic = itest::unique_name("log-murmur2");
    constexpr std::int32_t partitions = 5;
    create_topic(topic, partitions);
    collector seen;
    kafka_based_log log(options_for(topic));
    REQUIRE(log.start(seen.handler()).ok());

    std::vector<std::string> keys = {"21",
                                     "foobar",
                                     "abc",
                                     R"(["file-src",{"filename":"/data/in.txt"}])",
                                     "connector-orders",
                                     "status-task-orders-0"};
    for (int i = 0; i < 60; ++i) keys.push_back("k" + std::to_string(i));
    for (const auto& key : keys) log.send(key, std::string("v"));
    REQUIRE(log.read_to_end(deadline).ok());

    auto records = seen.snapshot();
    REQUIRE(records.size() == keys.size());
    for (const auto& r : records) {
        REQUIRE(r.key.has_value());
        INFO("key " << *r.key);
        CHECK(r.partition == copycat::testing::java_partition_for_key(*r.key, partitions));
    }
}

TEST_CASE("kafka_based_log fails to start on a missing topic, with a clear error", "[cluster]") {
    const std::string topic = itest::unique_name("log-missing");
    auto options = options_for(topic);
    options.start_timeout = 2s;
    kafka_based_log log(std::move(options));
    const auto started_at = std::chrono::steady_clock::now();
    auto started = log.start([](const log_record&) {});
    REQUIRE_FALSE(started.ok());
    INFO(started.err().describe());
    CHECK(started.err().message.find(topic) != std::string::npos);
    CHECK(started.err().message.find("does the topic exist") != std::string::npos);
    CHECK(std::chrono::steady_clock::now() - started_at < 20s);
    CHECK(log.send_and_wait("k", std::string("v"), 5s).err().code == make_error_code(errc::unavailable));
}
