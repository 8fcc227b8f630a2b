#include "kafka/rdkafka/admin_client.hpp"

#include <librdkafka/rdkafka.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <memory>
#include <unordered_map>
#include <utility>

#include <fmt/format.h>

#include "kafka/rdkafka/detail/admin_request.hpp"
#include "kafka/rdkafka/detail/client_factory.hpp"
#include "kafka/rdkafka/detail/kafka_error.hpp"
#include "kafka/rdkafka/detail/partition_list.hpp"

namespace copycat::rdkafka {
namespace {

struct new_topic_deleter {
    void operator()(rd_kafka_NewTopic_t* t) const noexcept { rd_kafka_NewTopic_destroy(t); }
};
using new_topic_ptr = std::unique_ptr<rd_kafka_NewTopic_t, new_topic_deleter>;

struct resource_deleter {
    void operator()(rd_kafka_ConfigResource_t* r) const noexcept { rd_kafka_ConfigResource_destroy(r); }
};

result<new_topic_ptr> make_new_topic(const new_topic& topic) {
    std::array<char, 512> reason{};
    new_topic_ptr made(rd_kafka_NewTopic_new(topic.name.c_str(), topic.partitions, topic.replication_factor,
                                             reason.data(), reason.size()));
    if (!made) {
        return make_error(errc::invalid_argument,
                          fmt::format("cannot create topic '{}': {}", topic.name, reason.data()));
    }
    for (const auto& [key, value] : topic.configs) {
        if (rd_kafka_NewTopic_set_config(made.get(), key.c_str(), value.c_str()) != RD_KAFKA_RESP_ERR_NO_ERROR) {
            return make_error(errc::invalid_argument,
                              fmt::format("cannot create topic '{}': invalid config '{}'", topic.name, key));
        }
    }
    return made;
}

config_entry to_entry(const rd_kafka_ConfigEntry_t* entry) {
    config_entry out;
    out.name = rd_kafka_ConfigEntry_name(entry);
    if (const char* value = rd_kafka_ConfigEntry_value(entry)) out.value = value;
    out.is_default = rd_kafka_ConfigEntry_is_default(entry) == 1;
    out.is_read_only = rd_kafka_ConfigEntry_is_read_only(entry) == 1;
    out.is_sensitive = rd_kafka_ConfigEntry_is_sensitive(entry) == 1;
    return out;
}

}  // namespace

result<admin_client> admin_client::create(const client_config& config) {
    // librdkafka recommends a producer-type handle for admin-only use.
    detail::client_options options;
    options.type = RD_KAFKA_PRODUCER;
    options.role = "admin client";
    COPYCAT_TRY(auto handle, detail::create_client(config, options));
    return admin_client(std::move(handle));
}

std::string_view admin_client::name() const { return detail::client_name(handle_.get()); }

result<std::vector<topic_creation>> admin_client::create_topics(const std::vector<new_topic>& topics,
                                                                std::chrono::milliseconds timeout) {
    if (topics.empty()) return std::vector<topic_creation>();
    rd_kafka_poll(handle_.get(), 0);  // serve queued error events (they are logged)
    std::vector<new_topic_ptr> owned;
    std::vector<rd_kafka_NewTopic_t*> raw;
    for (const auto& topic : topics) {
        COPYCAT_TRY(auto made, make_new_topic(topic));
        raw.push_back(made.get());
        owned.push_back(std::move(made));
    }

    detail::admin_request request(handle_.get(), RD_KAFKA_ADMIN_OP_CREATETOPICS, timeout);
    rd_kafka_CreateTopics(handle_.get(), raw.data(), raw.size(), request.options(), request.queue());
    COPYCAT_TRY(auto event, request.wait("create topics"));

    const rd_kafka_CreateTopics_result_t* answer = rd_kafka_event_CreateTopics_result(event.get());
    size_t count = 0;
    const rd_kafka_topic_result_t** results = rd_kafka_CreateTopics_result_topics(answer, &count);
    std::unordered_map<std::string_view, const rd_kafka_topic_result_t*> by_name;
    for (size_t i = 0; i < count; ++i) {
        by_name.emplace(rd_kafka_topic_result_name(results[i]), results[i]);
    }

    std::vector<topic_creation> outcomes;
    outcomes.reserve(topics.size());
    for (const auto& topic : topics) {
        auto found = by_name.find(topic.name);
        if (found == by_name.end()) {
            outcomes.push_back(
                {topic.name, make_error(errc::protocol_error, fmt::format("create topic '{}': no result in "
                                                                          "the broker's answer",
                                                                          topic.name))});
            continue;
        }
        rd_kafka_resp_err_t err = rd_kafka_topic_result_error(found->second);
        if (err == RD_KAFKA_RESP_ERR_NO_ERROR) {
            outcomes.push_back({topic.name, {}});
        } else {
            const char* detail = rd_kafka_topic_result_error_string(found->second);
            outcomes.push_back({topic.name, detail::kafka_error(err, fmt::format("create topic '{}'", topic.name),
                                                                detail != nullptr ? detail : "")});
        }
    }
    return outcomes;
}

result<void> admin_client::create_topic(const new_topic& topic, std::chrono::milliseconds timeout) {
    COPYCAT_TRY(auto outcomes, create_topics({topic}, timeout));
    return std::move(outcomes.front().status);
}

result<config_entries> admin_client::describe_topic_configs(std::string_view topic, std::chrono::milliseconds timeout) {
    rd_kafka_poll(handle_.get(), 0);
    std::string name(topic);
    std::unique_ptr<rd_kafka_ConfigResource_t, resource_deleter> resource(
        rd_kafka_ConfigResource_new(RD_KAFKA_RESOURCE_TOPIC, name.c_str()));
    rd_kafka_ConfigResource_t* raw = resource.get();

    detail::admin_request request(handle_.get(), RD_KAFKA_ADMIN_OP_DESCRIBECONFIGS, timeout);
    rd_kafka_DescribeConfigs(handle_.get(), &raw, 1, request.options(), request.queue());
    std::string context = fmt::format("describe configs of topic '{}'", name);
    COPYCAT_TRY(auto event, request.wait(context));

    const rd_kafka_DescribeConfigs_result_t* answer = rd_kafka_event_DescribeConfigs_result(event.get());
    size_t count = 0;
    const rd_kafka_ConfigResource_t** resources = rd_kafka_DescribeConfigs_result_resources(answer, &count);
    if (count != 1) {
        return make_error(errc::protocol_error, fmt::format("{}: expected one resource, got {}", context, count));
    }
    if (rd_kafka_resp_err_t err = rd_kafka_ConfigResource_error(resources[0])) {
        const char* detail = rd_kafka_ConfigResource_error_string(resources[0]);
        return detail::kafka_error(err, context, detail != nullptr ? detail : "");
    }

    size_t entry_count = 0;
    const rd_kafka_ConfigEntry_t** entries = rd_kafka_ConfigResource_configs(resources[0], &entry_count);
    config_entries out;
    for (size_t i = 0; i < entry_count; ++i) {
        config_entry entry = to_entry(entries[i]);
        std::string key = entry.name;
        out.insert_or_assign(std::move(key), std::move(entry));
    }
    return out;
}

result<std::int32_t> admin_client::partition_count(std::string_view topic, std::chrono::milliseconds timeout) {
    rd_kafka_poll(handle_.get(), 0);
    const std::string context = fmt::format("read metadata of topic '{}'", topic);
    const int ms = static_cast<int>(std::clamp<std::int64_t>(timeout.count(), 1, std::numeric_limits<int>::max()));
    const rd_kafka_metadata_t* metadata = nullptr;
    if (rd_kafka_resp_err_t err = rd_kafka_metadata(handle_.get(), 1, nullptr, &metadata, ms)) {
        return detail::kafka_error(err, context);
    }
    std::unique_ptr<const rd_kafka_metadata_t, void (*)(const rd_kafka_metadata_t*)> owned(metadata,
                                                                                           rd_kafka_metadata_destroy);
    for (int i = 0; i < metadata->topic_cnt; ++i) {
        const rd_kafka_metadata_topic_t& described = metadata->topics[i];
        if (topic != described.topic) continue;
        if (described.err != RD_KAFKA_RESP_ERR_NO_ERROR) return detail::kafka_error(described.err, context);
        return described.partition_cnt;
    }
    return make_error(errc::not_found, context + ": no such topic");
}

result<std::vector<watermarks>> admin_client::query_watermarks(std::string_view topic,
                                                               const std::vector<std::int32_t>& partitions,
                                                               std::chrono::milliseconds timeout) {
    rd_kafka_poll(handle_.get(), 0);
    const std::string name(topic);
    const std::string context = fmt::format("list offsets of topic '{}'", name);
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    std::vector<watermarks> out(partitions.size());
    // A ListOffsets "timestamp" of -2 asks for the earliest offset, -1 for the latest.
    for (const auto& [timestamp, field] : {std::pair{std::int64_t{RD_KAFKA_OFFSET_BEGINNING}, &watermarks::low},
                                           std::pair{std::int64_t{RD_KAFKA_OFFSET_END}, &watermarks::high}}) {
        detail::partition_list_ptr list(rd_kafka_topic_partition_list_new(static_cast<int>(partitions.size())));
        for (std::int32_t p : partitions)
            rd_kafka_topic_partition_list_add(list.get(), name.c_str(), p)->offset = timestamp;
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        const int ms = static_cast<int>(std::clamp<std::int64_t>(left.count(), 1, std::numeric_limits<int>::max()));
        if (rd_kafka_resp_err_t err = rd_kafka_offsets_for_times(handle_.get(), list.get(), ms)) {
            return detail::kafka_error(err, context);
        }
        COPYCAT_TRY_VOID(detail::first_partition_error(list.get(), context + ":"));
        for (std::size_t i = 0; i < partitions.size(); ++i) {
            const rd_kafka_topic_partition_t* found =
                rd_kafka_topic_partition_list_find(list.get(), name.c_str(), partitions[i]);
            if (found == nullptr) {
                return make_error(errc::protocol_error,
                                  fmt::format("{}: no answer for partition {}", context, partitions[i]));
            }
            out[i].*field = found->offset;
        }
    }
    return out;
}

result<std::string> admin_client::cluster_id(std::chrono::milliseconds timeout) {
    const int ms = static_cast<int>(std::clamp<std::int64_t>(timeout.count(), 1, std::numeric_limits<int>::max()));
    char* id = rd_kafka_clusterid(handle_.get(), ms);
    if (id == nullptr)
        return make_error(errc::timeout,
                          fmt::format("no broker reported the cluster id within {} ms", timeout.count()));
    std::string out(id);
    rd_kafka_mem_free(handle_.get(), id);
    return out;
}

}  // namespace copycat::rdkafka
