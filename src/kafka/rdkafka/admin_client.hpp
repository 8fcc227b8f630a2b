#pragma once
// admin_client: topic administration (create topics, read topic configs) and consumer group
// offsets over librdkafka's Admin API.

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"
#include "kafka/rdkafka/client_config.hpp"
#include "kafka/rdkafka/handle.hpp"
#include "kafka/rdkafka/types.hpp"

namespace copycat::rdkafka {

// A topic to create.
struct new_topic {
    std::string name{};
    std::int32_t partitions = 1;
    std::int32_t replication_factor = -1;  // -1: the broker's default.replication.factor
    // Topic-level configs, e.g. {"cleanup.policy", "compact"}.
    std::map<std::string, std::string> configs{};
};

// The outcome for one topic of a create_topics call.
struct topic_creation {
    std::string name{};
    result<void> status{};  // errc::already_exists when the topic was there before
};

// One entry of a topic's effective configuration as the broker describes it.
struct config_entry {
    std::string name{};
    std::optional<std::string> value{};  // nullopt for sensitive or unset values
    bool is_default = false;             // the broker's default, not set on the topic
    bool is_read_only = false;
    bool is_sensitive = false;
};
using config_entries = std::map<std::string, config_entry>;

// Owns one librdkafka client handle used only for admin requests. Each call blocks the calling
// thread until the broker answers or `timeout` passes. Calls may come from any thread, but the
// object itself must not be moved or destroyed while a call is running. Destroying it closes
// its broker connections. A moved-from admin_client may only be destroyed or assigned to.
class admin_client {
public:
    // Needs at least bootstrap.servers; fails (invalid_argument) on a config librdkafka rejects.
    static result<admin_client> create(const client_config& config);

    // Creates the topics, waiting until the controller has created them (or `timeout`). The
    // returned vector has one entry per requested topic, in request order. The call itself fails
    // only when the request as a whole failed (e.g. no broker reachable: errc::timeout).
    result<std::vector<topic_creation>> create_topics(const std::vector<new_topic>& topics,
                                                      std::chrono::milliseconds timeout);

    // create_topics() for a single topic, returning that topic's outcome.
    result<void> create_topic(const new_topic& topic, std::chrono::milliseconds timeout);

    // The topic's effective configuration, every entry (defaults included), keyed by name.
    // errc::not_found when the topic does not exist.
    result<config_entries> describe_topic_configs(std::string_view topic, std::chrono::milliseconds timeout);

    // The topic's partition count from cluster metadata (asked for all topics, so that the
    // question never auto-creates the topic); errc::not_found when it does not exist.
    result<std::int32_t> partition_count(std::string_view topic, std::chrono::milliseconds timeout);

    // Per partition of `topic` (in the order asked): the first offset still in the log and the
    // end offset (the offset the next record gets; under isolation.level=read_committed, the
    // default, the last stable offset). One ListOffsets request per leader and bound, on this
    // client's own connections, so it never waits behind a consumer's long-polling fetch.
    result<std::vector<watermarks>> query_watermarks(std::string_view topic,
                                                     const std::vector<std::int32_t>& partitions,
                                                     std::chrono::milliseconds timeout);

    // The cluster id the brokers report (Kafka's ClusterResourceListener id). errc::timeout when
    // no broker answered within `timeout`.
    result<std::string> cluster_id(std::chrono::milliseconds timeout);

    // ---- consumer group offsets (admin_client_groups.cpp; KIP-875 sink connector offsets) ----
    // Group errors: errc::not_found for GROUP_ID_NOT_FOUND; errc::conflict for NON_EMPTY_GROUP,
    // UNKNOWN_MEMBER_ID and GROUP_SUBSCRIBED_TO_TOPIC (the group still has active members).

    // The group's committed offsets; partitions without one are left out, an unknown group has none.
    result<std::vector<topic_partition_offset>> list_group_offsets(std::string_view group,
                                                                   std::chrono::milliseconds timeout);
    // Commits `offsets` (the next offset to consume per partition) for the group, which must have
    // no active member.
    result<void> alter_group_offsets(std::string_view group, const std::vector<topic_partition_offset>& offsets,
                                     std::chrono::milliseconds timeout);
    // Deletes the group's committed offsets of these partitions.
    result<void> delete_group_offsets(std::string_view group, const std::vector<topic_partition>& partitions,
                                      std::chrono::milliseconds timeout);
    // Deletes the group and all its committed offsets.
    result<void> delete_group(std::string_view group, std::chrono::milliseconds timeout);

    // librdkafka's name for this client, for log lines.
    std::string_view name() const;

private:
    explicit admin_client(detail::handle_ptr handle) : handle_(std::move(handle)) {}

    detail::handle_ptr handle_;
};

}  // namespace copycat::rdkafka
