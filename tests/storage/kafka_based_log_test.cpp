// kafka_based_log on librdkafka's in-process mock cluster: Java's murmur2 partitioning, reading to
// the end, a second log reading from the beginning, and the stopped state. (The real-broker
// versions are in integration-tests/storage.)
#include <catch2/catch.hpp>

#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "kafka/java_murmur2.hpp"
#include "kafka/rdkafka/mock_cluster.hpp"
#include "storage/kafka_based_log.hpp"
#include "common/logging.hpp"

using namespace copycat;
using namespace copycat::storage;
using namespace std::chrono_literals;

namespace {

// What a log's handler saw; filled on the log's thread.
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
};

kafka_based_log_options options_for(const rdkafka::mock_cluster& cluster, const std::string& topic) {
    auto client = rdkafka::client_config::from_map({{"bootstrap.servers", cluster.bootstrap_servers()}});
    REQUIRE(client.ok());
    kafka_based_log_options options;
    options.topic = topic;
    options.client = std::move(*client);
    options.client_id = "kafka-based-log-test";
    options.start_timeout = 20s;
    return options;
}

rdkafka::mock_cluster make_cluster(const std::string& topic, std::int32_t partitions) {
    auto cluster = rdkafka::mock_cluster::create();
    REQUIRE(cluster.ok());
    REQUIRE(cluster->create_topic(topic, partitions).ok());
    return std::move(*cluster);
}

}  // namespace

TEST_CASE("kafka_based_log puts a keyed record on the partition Java's default partitioner picks") {
    copycat::log::set_level(copycat::log::level::debug);
    const std::string topic = "placement";
    constexpr std::int32_t partitions = 7;
    auto cluster = make_cluster(topic, partitions);
    collector seen;
    kafka_based_log log(options_for(cluster, topic));
    REQUIRE(log.start(seen.handler()).ok());
    CHECK(log.partition_count() == partitions);

    std::vector<std::string> keys = {"21",
                                     "foobar",
                                     "a-little-bit-long-string",
                                     "a-little-bit-longer-string",
                                     "abc",
                                     R"(["file-src",{"filename":"/data/in.txt"}])",
                                     "connector-x",
                                     ""};
    for (int i = 0; i < 100; ++i) keys.push_back("key-" + std::to_string(i));
    for (const auto& key : keys) log.send(key, std::string("v"));
    REQUIRE(log.read_to_end(20s).ok());

    auto records = seen.snapshot();
    REQUIRE(records.size() == keys.size());
    std::map<std::int32_t, int> per_partition;
    for (const auto& r : records) {
        REQUIRE(r.key.has_value());
        INFO("key '" << *r.key << "'");
        CHECK(r.partition == copycat::testing::java_partition_for_key(*r.key, partitions));
        ++per_partition[r.partition];
    }
    CHECK(per_partition.size() == partitions);  // 108 keys spread over all of them
}

TEST_CASE("kafka_based_log reads to the end, and a later log reads everything from the beginning") {
    const std::string topic = "read-to-end";
    auto cluster = make_cluster(topic, 3);
    collector first_seen;
    kafka_based_log first(options_for(cluster, topic));
    REQUIRE(first.start(first_seen.handler()).ok());
    CHECK(first_seen.snapshot().empty());

    constexpr int count = 60;
    for (int i = 0; i < count; ++i) first.send("k" + std::to_string(i % 20), "v" + std::to_string(i));
    REQUIRE(first.send_and_wait("k0", std::nullopt, 20s).ok());  // a tombstone
    REQUIRE(first.read_to_end(20s).ok());
    REQUIRE(first_seen.snapshot().size() == count + 1);

    collector second_seen;
    kafka_based_log second(options_for(cluster, topic));
    REQUIRE(second.start(second_seen.handler()).ok());  // reads synchronously to the end
    auto records = second_seen.snapshot();
    REQUIRE(records.size() == count + 1);
    // Per partition in offset order; the last record of k0 is the tombstone.
    std::map<std::int32_t, std::int64_t> last_offset;
    std::optional<log_record> last_k0;
    for (const auto& r : records) {
        if (last_offset.count(r.partition)) CHECK(r.offset > last_offset[r.partition]);
        last_offset[r.partition] = r.offset;
        if (r.key == "k0") last_k0 = r;
    }
    REQUIRE(last_k0.has_value());
    CHECK_FALSE(last_k0->value.has_value());

    // The first log sees what the second one writes once it reads to the end.
    REQUIRE(second.send_and_wait("from-second", std::string("x"), 20s).ok());
    REQUIRE(first.read_to_end(20s).ok());
    CHECK(first_seen.snapshot().back().key == "from-second");
}

TEST_CASE("kafka_based_log refuses work before start and after stop") {
    const std::string topic = "stopped";
    auto cluster = make_cluster(topic, 1);
    kafka_based_log log(options_for(cluster, topic));
    CHECK(log.send_and_wait("k", std::string("v"), 5s).err().code == make_error_code(errc::unavailable));
    collector seen;
    REQUIRE(log.start(seen.handler()).ok());
    CHECK_FALSE(log.start(seen.handler()).ok());
    REQUIRE(log.send_and_wait("k", std::string("v"), 20s).ok());
    log.stop();
    log.stop();
    CHECK(log.read_to_end(5s).err().code == make_error_code(errc::unavailable));
    CHECK(log.send_and_wait("k", std::string("v"), 5s).err().code == make_error_code(errc::unavailable));
}

TEST_CASE("kafka_based_log fails read_to_end requests still pending when it stops") {
    const std::string topic = "pending";
    auto cluster = make_cluster(topic, 2);
    kafka_based_log log(options_for(cluster, topic));
    collector seen;
    REQUIRE(log.start(seen.handler()).ok());
    std::mutex mutex;
    std::vector<result<void>> outcomes;
    for (int i = 0; i < 20; ++i) {
        log.send("k", std::string("v"));
        log.read_to_end([&](result<void> r) {
            std::lock_guard lock(mutex);
            outcomes.push_back(std::move(r));
        });
    }
    log.stop();  // every request completes: either it was served, or it fails as unavailable
    std::lock_guard lock(mutex);
    REQUIRE(outcomes.size() == 20);
    for (const auto& r : outcomes) {
        if (!r.ok()) CHECK(r.err().code == make_error_code(errc::unavailable));
    }
}

TEST_CASE("kafka_based_log: a delivery report wakes the log thread, which waits for nothing else") {
    const std::string topic = "acknowledged";
    auto cluster = make_cluster(topic, 1);
    auto options = options_for(cluster, topic);
    options.poll_interval = 120s;  // the thread's wait ends only when something wakes it
    options.stall_check_interval = 120s;
    kafka_based_log log(std::move(options));
    collector seen;
    REQUIRE(log.start(seen.handler()).ok());
    // A record the broker refuses comes back as a delivery report and nothing else (no record
    // for the log's consumer to read): only the report can end the thread's wait.
    cluster.fail_next_produce_requests(1);
    auto refused = log.send_and_wait("k", std::string("refused"), 60s);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.err().code != make_error_code(errc::timeout));
    REQUIRE(log.send_and_wait("k", std::string("accepted"), 60s).ok());
}
