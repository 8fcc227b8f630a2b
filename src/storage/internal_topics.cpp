#include "storage/internal_topics.hpp"

#include <algorithm>
#include <cctype>
#include <set>
#include <thread>

#include <fmt/format.h>

#include "common/backoff.hpp"
#include "common/logging.hpp"
#include "common/strings.hpp"

namespace copycat::storage {
namespace {

using namespace std::chrono_literals;
using clock = std::chrono::steady_clock;

constexpr std::string_view cleanup_policy = "cleanup.policy";
constexpr std::string_view compact = "compact";
// Between retried admin requests: Kafka's retry.backoff.ms, doubling up to 1 s.
constexpr backoff_policy admin_backoff{100ms, 1000ms};
// The least time a check after creation gets, even when creation used up the budget.
constexpr auto min_check_time = 1000ms;

std::chrono::milliseconds left_until(clock::time_point deadline, std::chrono::milliseconds at_least = 1ms) {
    return std::max(at_least, std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock::now()));
}

bool is_retriable(const error& e) {
    return e.code == make_error_code(errc::unavailable) || e.code == make_error_code(errc::timeout);
}

// Refusals after which Kafka Connect assumes the topic exists (or will be auto-created).
bool is_refusal(const error& e) {
    return e.code == make_error_code(errc::unsupported) || e.message.find("AUTHORIZATION_FAILED") != std::string::npos;
}

// "Compact, delete" -> {"compact", "delete"}, as TopicAdmin.topicCleanupPolicy reads it.
std::set<std::string> parse_policies(std::string_view text) {
    std::set<std::string> out;
    for (const auto& item : split_list(text)) out.insert(to_lower(item));
    return out;
}

std::string join(const std::set<std::string>& items) {
    std::string out;
    for (const auto& item : items) out += (out.empty() ? "" : ",") + item;
    return out;
}

rdkafka::new_topic topic_to_create(const internal_topic_spec& spec) {
    rdkafka::new_topic topic{.name = spec.name,
                             .partitions = spec.partitions,
                             .replication_factor = spec.replication_factor,
                             .configs = spec.configs};
    if (spec.config_key == config_topic_key) {
        if (spec.partitions != 1 && spec.partitions != -1) {
            log::warn("Ignoring {} partitions for topic '{}' ({}): the config topic always has one", spec.partitions,
                      spec.name, spec.config_key);
        }
        topic.partitions = 1;
    }
    auto policy = topic.configs.find(std::string(cleanup_policy));
    if (policy != topic.configs.end() && policy->second != compact) {
        log::warn("Ignoring {}={} for topic '{}' ({}): internal topics are always compacted", cleanup_policy,
                  policy->second, spec.name, spec.config_key);
    }
    topic.configs.insert_or_assign(std::string(cleanup_policy), std::string(compact));
    return topic;
}

// Creates the topic; true when it was created now, false when it existed (or is assumed to).
result<bool> create(rdkafka::admin_client& admin, const internal_topic_spec& spec, clock::time_point deadline) {
    const rdkafka::new_topic topic = topic_to_create(spec);
    exponential_backoff backoff(admin_backoff);
    for (;;) {
        auto created = admin.create_topic(topic, left_until(deadline));
        if (created) {
            log::info("Created topic '{}' for {} (partitions {}, replication factor {}, cleanup.policy=compact)",
                      spec.name, internal_topic_purpose(spec.config_key), topic.partitions, topic.replication_factor);
            return true;
        }
        const error& e = created.err();
        if (e.code == make_error_code(errc::already_exists)) return false;
        if (is_refusal(e)) {
            log::warn("Cannot create topic '{}' ({}); assuming it exists or will be auto-created", spec.name,
                      e.describe());
            return false;
        }
        const auto delay = backoff.next();
        if (!is_retriable(e) || clock::now() + delay >= deadline) {
            return error(e.code, fmt::format("cannot create topic '{}' supplied via the '{}' property: {}", spec.name,
                                             spec.config_key, e.describe()));
        }
        log::info("Creating topic '{}' failed, retrying: {}", spec.name, e.describe());
        std::this_thread::sleep_for(delay);
    }
}

result<void> verify_compacted(rdkafka::admin_client& admin, const internal_topic_spec& spec,
                              clock::time_point deadline) {
    const auto check_deadline = std::max(deadline, clock::now() + min_check_time);
    auto configs = admin.describe_topic_configs(spec.name, left_until(check_deadline));
    // The topic exists (it was just created, or creating it said so), but the broker that answers
    // may not know it yet: a topic is "unknown" for a moment after its creation.
    exponential_backoff backoff(admin_backoff);
    while (!configs && configs.err().code == make_error_code(errc::not_found)) {
        const auto delay = backoff.next();
        if (clock::now() + delay >= check_deadline) break;
        std::this_thread::sleep_for(delay);
        configs = admin.describe_topic_configs(spec.name, left_until(check_deadline));
    }
    const rdkafka::config_entry* entry = nullptr;
    if (configs) {
        auto found = configs->find(std::string(cleanup_policy));
        if (found != configs->end() && found->second.value) entry = &found->second;
    }
    if (entry == nullptr) {
        log::info("Unable to verify that the cleanup policy of topic '{}' is '{}' ({})", spec.name, compact,
                  configs ? "the broker did not report it" : configs.err().describe());
        return {};
    }
    const auto policies = parse_policies(*entry->value);
    if (policies == std::set<std::string>{std::string(compact)}) return {};
    const std::string_view purpose = internal_topic_purpose(spec.config_key);
    return make_error(errc::invalid_argument,
                      fmt::format("Topic '{0}' supplied via the '{1}' property is required to have '{2}={3}' to "
                                  "guarantee consistency and durability of {4}, but found the topic currently has "
                                  "'{2}={5}'. Continuing would likely result in eventually losing {4} and problems "
                                  "restarting this Connect cluster in the future. Change the '{1}' property in the "
                                  "Connect worker configurations to use a topic with '{2}={3}'.",
                                  spec.name, spec.config_key, cleanup_policy, compact, purpose, join(policies)));
}

result<void> verify_single_partition(rdkafka::admin_client& admin, const internal_topic_spec& spec,
                                     clock::time_point deadline) {
    auto count = topic_partition_count(admin, spec.name, left_until(deadline, min_check_time));
    if (!count) {
        log::warn("Unable to verify that topic '{}' has a single partition: {}", spec.name, count.err().describe());
        return {};
    }
    if (*count <= 1) return {};
    return make_error(errc::invalid_argument,
                      fmt::format("Topic '{}' supplied via the '{}' property is required to have a single partition "
                                  "in order to guarantee consistency of connector configurations, but found {} "
                                  "partitions.",
                                  spec.name, spec.config_key, *count));
}

}  // namespace

std::string_view internal_topic_purpose(std::string_view config_key) {
    if (config_key == config_topic_key) return "connector configurations";
    if (config_key == offset_topic_key || config_key == connector_offsets_topic_key) return "source connector offsets";
    if (config_key == status_topic_key) return "connector and task statuses";
    return "internal data";
}

result<void> ensure_internal_topic(rdkafka::admin_client& admin, const internal_topic_spec& spec,
                                   std::chrono::milliseconds timeout) {
    if (spec.name.empty()) {
        return make_error(errc::invalid_argument, fmt::format("the '{}' property must name a topic", spec.config_key));
    }
    const auto deadline = clock::now() + timeout;
    COPYCAT_TRY(auto created, create(admin, spec, deadline));
    if (created) return {};
    COPYCAT_TRY_VOID(verify_compacted(admin, spec, deadline));
    if (spec.config_key == config_topic_key) return verify_single_partition(admin, spec, deadline);
    return {};
}

result<std::int32_t> topic_partition_count(rdkafka::admin_client& admin, std::string_view topic,
                                           std::chrono::milliseconds timeout) {
    const auto deadline = clock::now() + timeout;
    exponential_backoff backoff(admin_backoff);
    for (;;) {
        auto count = admin.partition_count(topic, left_until(deadline));
        if (count) return count;
        const bool retry = count.err().code == make_error_code(errc::not_found) || is_retriable(count.err());
        const auto delay = backoff.next();
        if (!retry || clock::now() + delay >= deadline) return count;
        std::this_thread::sleep_for(delay);
    }
}

}  // namespace copycat::storage
