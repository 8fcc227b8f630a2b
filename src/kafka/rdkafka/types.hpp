#pragma once
// Plain value types shared by the librdkafka wrappers (copycat::rdkafka). Free of librdkafka
// headers, so any module may include them.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace copycat::rdkafka {

// Logical offsets accepted wherever a start offset is expected (consumer::assign). They equal
// librdkafka's RD_KAFKA_OFFSET_* values; anything >= 0 is an absolute offset.
namespace offsets {
inline constexpr std::int64_t beginning = -2;  // the partition's low watermark
inline constexpr std::int64_t end = -1;        // the high watermark: only records written later
inline constexpr std::int64_t stored = -1000;  // the group's committed offset
}  // namespace offsets

// "Let the partitioner choose" for outgoing records.
inline constexpr std::int32_t any_partition = -1;

// One record header, viewing bytes owned elsewhere. A Kafka header value may be null
// (std::nullopt), which differs from an empty value.
struct header_view {
    std::string_view key{};
    std::optional<std::string_view> value{};

    friend bool operator==(const header_view&, const header_view&) = default;
};

struct topic_partition {
    std::string topic{};
    std::int32_t partition = 0;

    friend bool operator==(const topic_partition&, const topic_partition&) = default;
};

// A partition and an offset: a start position for assign, or the next offset to consume for
// commit (Kafka's convention: the committed offset is the first record not yet processed).
struct topic_partition_offset {
    std::string topic{};
    std::int32_t partition = 0;
    std::int64_t offset = offsets::beginning;

    friend bool operator==(const topic_partition_offset&, const topic_partition_offset&) = default;
};

// A partition's offsets as the broker reports them: `low` is the first offset still in the log,
// `high` the offset the next record will get (so high - low records when nothing was deleted).
struct watermarks {
    std::int64_t low = 0;
    std::int64_t high = 0;
};

}  // namespace copycat::rdkafka
