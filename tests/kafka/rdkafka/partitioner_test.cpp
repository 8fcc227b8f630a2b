// Where a producer puts a keyed record: on the partition Kafka's Java producer picks
// (toPositive(murmur2(key)) % partitions) unless its config names another librdkafka partitioner
// (docs/compatibility.md "Records and partitions"). On librdkafka's mock cluster.
#include <catch2/catch.hpp>

#include <array>
#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "kafka/java_murmur2.hpp"
#include "kafka/rdkafka/mock_cluster.hpp"
#include "kafka/rdkafka/producer.hpp"

using namespace copycat;
using namespace copycat::rdkafka;
using namespace std::chrono_literals;

namespace {

constexpr std::int32_t partitions = 6;

// CRC-32 (zlib's), which librdkafka's "consistent" partitioners hash keys with.
std::uint32_t crc32(std::string_view data) {
    std::uint32_t crc = 0xFFFFFFFFU;
    for (const char c : data) {
        crc ^= static_cast<unsigned char>(c);
        for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (0xEDB88320U & (0U - (crc & 1U)));
    }
    return ~crc;
}

std::vector<std::string> sample_keys() {
    std::vector<std::string> keys = {"21", "foobar", "a-little-bit-long-string", "abc", "", std::string("\0\x01\xFF", 3),
                                     "Struct{id=1001}", "h\xC3\xA9llo \xF0\x9F\x98\x80"};
    for (int i = 0; i < 200; ++i) keys.push_back("key-" + std::to_string(i));
    return keys;
}

// The partition each key's record was delivered to, by a producer with `extra` settings.
std::map<std::string, std::int32_t> delivered_partitions(const client_config::property_map& extra) {
    auto cluster = mock_cluster::create();
    REQUIRE(cluster.ok());
    REQUIRE(cluster->create_topic("keyed", partitions).ok());
    client_config::property_map settings = extra;
    settings.emplace("bootstrap.servers", cluster->bootstrap_servers());
    auto config = client_config::from_map(settings);
    REQUIRE(config.ok());
    auto p = producer::create(*config);
    REQUIRE(p.ok());
    std::map<std::string, std::int32_t> out;
    for (const std::string& key : sample_keys()) {
        REQUIRE(p->produce({.topic = "keyed", .key = key, .value = "v"},
                           [&out, key](const delivery_report& r) {
                               CHECK(r.status.ok());
                               out[key] = r.partition;
                           })
                    .ok());
    }
    REQUIRE(p->flush(30s).ok());
    REQUIRE(out.size() == sample_keys().size());
    return out;
}

}  // namespace

TEST_CASE("java_murmur2 matches Kafka's Utils.murmur2 test vectors") {
    using copycat::testing::java_murmur2;
    CHECK(java_murmur2("21") == -973932308);
    CHECK(java_murmur2("foobar") == -790332482);
    CHECK(java_murmur2("a-little-bit-long-string") == -985981536);
    CHECK(java_murmur2("a-little-bit-longer-string") == -1486304829);
    CHECK(java_murmur2("lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8") == -58897971);
    CHECK(java_murmur2("abc") == 479470107);
    CHECK(java_murmur2("") == 275646681);  // Utils.murmur2(new byte[0]), from Kafka 4.4's jar
}

TEST_CASE("a producer puts each keyed record on the partition Kafka's Java producer picks") {
    const auto delivered = delivered_partitions({});
    std::map<std::int32_t, int> used;
    for (const auto& [key, partition] : delivered) {
        INFO("key '" << key << "'");
        CHECK(partition == copycat::testing::java_partition_for_key(key, partitions));
        ++used[partition];
    }
    CHECK(used.size() == partitions);
}

TEST_CASE("a producer whose config names a partitioner uses that one") {
    const auto delivered = delivered_partitions({{"partitioner", "consistent"}});
    int unlike_java = 0;
    for (const auto& [key, partition] : delivered) {
        INFO("key '" << key << "'");
        CHECK(partition == static_cast<std::int32_t>(crc32(key) % partitions));
        if (partition != copycat::testing::java_partition_for_key(key, partitions)) ++unlike_java;
    }
    CHECK(unlike_java > 100);  // of 208: CRC32 and murmur2 agree on about one key in six
}
