#pragma once
// Java's murmur2 (org.apache.kafka.common.utils.Utils.murmur2) and the default partitioner's
// choice for a keyed record, written for tests that check where records land. Verified against
// Kafka's own test vectors (UtilsTest.testMurmur2) in tests/kafka/rdkafka/partitioner_test.cpp.

#include <cstdint>
#include <string_view>

namespace copycat::testing {

// MurmurHash2, 32 bits, seed 0x9747b28c, little-endian blocks: the bits of Java's int result.
inline std::int32_t java_murmur2(std::string_view data) {
    constexpr std::uint32_t m = 0x5bd1e995;
    constexpr int r = 24;
    const auto length = static_cast<std::uint32_t>(data.size());
    auto byte = [&](std::size_t i) { return static_cast<std::uint32_t>(static_cast<unsigned char>(data[i])); };

    std::uint32_t h = 0x9747b28cU ^ length;
    const std::size_t blocks = data.size() / 4;
    for (std::size_t i = 0; i < blocks; ++i) {
        std::uint32_t k = byte(4 * i) | (byte(4 * i + 1) << 8) | (byte(4 * i + 2) << 16) | (byte(4 * i + 3) << 24);
        k *= m;
        k ^= k >> r;
        k *= m;
        h *= m;
        h ^= k;
    }
    const std::size_t tail = blocks * 4;
    switch (data.size() % 4) {
        case 3:
            h ^= byte(tail + 2) << 16;
            [[fallthrough]];
        case 2:
            h ^= byte(tail + 1) << 8;
            [[fallthrough]];
        case 1:
            h ^= byte(tail);
            h *= m;
            break;
        default:
            break;
    }
    h ^= h >> 13;
    h *= m;
    h ^= h >> 15;
    return static_cast<std::int32_t>(h);
}

// The partition Java's default partitioner (BuiltInPartitioner.partitionForKey) picks for a key.
inline std::int32_t java_partition_for_key(std::string_view key, std::int32_t partitions) {
    return (java_murmur2(key) & 0x7fffffff) % partitions;
}

}  // namespace copycat::testing
