#pragma once
// rd_kafka_topic_partition_list_t <-> copycat::rdkafka value types. Internal to
// copycat::rdkafka (includes rdkafka.h); header-only.

#include <librdkafka/rdkafka.h>

#include <memory>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "common/result.hpp"
#include "kafka/rdkafka/detail/kafka_error.hpp"
#include "kafka/rdkafka/types.hpp"

namespace copycat::rdkafka::detail {

struct partition_list_deleter {
    void operator()(rd_kafka_topic_partition_list_t* list) const noexcept {
        rd_kafka_topic_partition_list_destroy(list);
    }
};
using partition_list_ptr = std::unique_ptr<rd_kafka_topic_partition_list_t, partition_list_deleter>;

inline partition_list_ptr to_list(const std::vector<topic_partition_offset>& partitions) {
    partition_list_ptr list(rd_kafka_topic_partition_list_new(static_cast<int>(partitions.size())));
    for (const auto& p : partitions) {
        rd_kafka_topic_partition_list_add(list.get(), p.topic.c_str(), p.partition)->offset = p.offset;
    }
    return list;
}

// Offsets left at RD_KAFKA_OFFSET_INVALID.
inline partition_list_ptr to_list(const std::vector<topic_partition>& partitions) {
    partition_list_ptr list(rd_kafka_topic_partition_list_new(static_cast<int>(partitions.size())));
    for (const auto& p : partitions) {
        rd_kafka_topic_partition_list_add(list.get(), p.topic.c_str(), p.partition);
    }
    return list;
}

inline std::vector<topic_partition> partitions_of(const rd_kafka_topic_partition_list_t* list) {
    std::vector<topic_partition> out;
    if (list == nullptr) return out;
    out.reserve(static_cast<std::size_t>(list->cnt));
    for (int i = 0; i < list->cnt; ++i) out.push_back({list->elems[i].topic, list->elems[i].partition});
    return out;
}

inline std::vector<topic_partition_offset> offsets_of(const rd_kafka_topic_partition_list_t* list) {
    std::vector<topic_partition_offset> out;
    out.reserve(static_cast<std::size_t>(list->cnt));
    for (int i = 0; i < list->cnt; ++i) {
        const rd_kafka_topic_partition_t& p = list->elems[i];
        out.push_back({p.topic, p.partition, p.offset});
    }
    return out;
}

// The first per-partition error in a list librdkafka filled in (e.g. after a commit).
inline result<void> first_partition_error(const rd_kafka_topic_partition_list_t* list, std::string_view context) {
    for (int i = 0; i < list->cnt; ++i) {
        const rd_kafka_topic_partition_t& p = list->elems[i];
        if (p.err != RD_KAFKA_RESP_ERR_NO_ERROR) {
            return kafka_error(p.err, fmt::format("{} {}[{}]", context, p.topic, p.partition));
        }
    }
    return {};
}

}  // namespace copycat::rdkafka::detail
