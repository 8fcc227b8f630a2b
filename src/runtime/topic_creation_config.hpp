#pragma once
// A source connector's topic creation groups (KIP-158; Kafka: TopicCreationConfig,
// SourceConnectorConfig's enriched config, TopicCreationGroup.configuredGroups):
//
//   topic.creation.groups=<g1>,<g2>         groups besides "default", matched in this order
//   topic.creation.default.replication.factor, topic.creation.default.partitions
//                                           required once any topic.creation.* key is set
//   topic.creation.<g>.include / .exclude   regex lists (a topic's whole name must match);
//                                           ignored for the default group, which takes every topic
//   topic.creation.<g>.replication.factor / .partitions
//                                           -1: the broker's default; unset: the default group's
//   topic.creation.<g>.<other>              a topic config of the created topics (cleanup.policy, ...)
//
// Parsing throws config_error with Kafka's messages, e.g. "Missing required configuration
// \"topic.creation.default.partitions\" which has no default value." or "Invalid value 0 for
// configuration partitions: Number of partitions must be positive, or -1 to use the broker's
// default" (Kafka names an embedded key without its prefix). Kafka checks these keys when the
// connector and its tasks start, on a worker with topic.creation.enable=true; its validation
// endpoint checks topic.creation.groups only.
//
// Pure functions; thread-safe.

#include <cstdint>
#include <map>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "kafka/rdkafka/admin_client.hpp"
#include "runtime/worker_config.hpp"

namespace copycat::runtime {

inline constexpr std::string_view topic_creation_prefix = "topic.creation.";
inline constexpr std::string_view default_topic_creation_group = "default";

// One group: which topics it takes and how it creates them.
struct topic_creation_group {
    std::string name;
    std::string include_pattern;  // the include regexes joined with '|'
    std::string exclude_pattern;
    std::regex include;
    std::regex exclude;
    std::int32_t partitions = -1;
    std::int16_t replication_factor = -1;
    std::map<std::string, std::string> configs;  // topic configs

    // Whether the topic's name matches `include` and not `exclude`.
    bool matches(const std::string& topic) const;
    // The topic to create for `topic` with this group's settings.
    rdkafka::new_topic new_topic(const std::string& topic) const;
    // "TopicCreationGroup{name='...', ...}" for log lines.
    std::string describe() const;
};

// Whether the connector config sets any topic.creation.* key (Kafka: usesTopicCreation).
bool uses_topic_creation(const string_map& connector_config);

// The groups of topic.creation.groups in their order ("default" left out, duplicates once), then
// the default group last; empty when the config sets no topic.creation.* key. Throws
// config_error as described above.
std::vector<topic_creation_group> topic_creation_groups(const string_map& connector_config);

}  // namespace copycat::runtime
