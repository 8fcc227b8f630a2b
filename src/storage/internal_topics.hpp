#pragma once
// Creating and checking the worker's internal topics (Kafka: KafkaTopicBasedBackingStore's topic
// initializer, TopicAdmin.createTopicsWithRetry and verifyTopicCleanupPolicyOnlyCompact, and
// KafkaConfigBackingStore's single-partition check).
//
// Free functions; they block the calling thread (the application's, at start-up) on admin
// requests. Use them before the store over the topic is started.

#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "common/result.hpp"
#include "kafka/rdkafka/admin_client.hpp"

namespace copycat::storage {

inline constexpr std::string_view config_topic_key = "config.storage.topic";
inline constexpr std::string_view offset_topic_key = "offset.storage.topic";
inline constexpr std::string_view status_topic_key = "status.storage.topic";
// A source connector's own offsets topic (a connector setting, docs/exactly-once-source.md).
inline constexpr std::string_view connector_offsets_topic_key = "offsets.storage.topic";

struct internal_topic_spec {
    std::string name;
    // The worker setting that named the topic (config_topic_key, offset_topic_key or
    // status_topic_key): error messages cite it, and the config topic must have one partition.
    std::string config_key;
    std::int32_t partitions = -1;          // -1: the broker's num.partitions (the config topic: always 1)
    std::int32_t replication_factor = -1;  // -1: the broker's default.replication.factor
    // Further topic configs (e.g. min.insync.replicas). cleanup.policy here is ignored with a
    // warning: it is always compact.
    std::map<std::string, std::string> configs;
};

// Creates the topic compacted (retrying retriable failures until `timeout`); an existing topic is
// fine, as long as its cleanup.policy is exactly compact and, for the config topic, it has one
// partition; otherwise errc::invalid_argument with a message naming the topic, what was found and
// the setting to change. When the broker forbids creating or describing the topic
// (authorization, old versions) the checks that cannot be made are skipped with a log line.
result<void> ensure_internal_topic(rdkafka::admin_client& admin, const internal_topic_spec& spec,
                                   std::chrono::milliseconds timeout);

// What the topic is for in Kafka Connect's messages: "connector configurations", "source connector
// offsets", "connector and task statuses" (or "internal data" for another key).
std::string_view internal_topic_purpose(std::string_view config_key);

// The topic's partition count, retrying while it is not found (metadata of a topic created a
// moment ago may lag) until `timeout`.
result<std::int32_t> topic_partition_count(rdkafka::admin_client& admin, std::string_view topic,
                                           std::chrono::milliseconds timeout);

}  // namespace copycat::storage
