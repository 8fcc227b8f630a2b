#pragma once
// The framework keys of a connector config (Kafka: ConnectorConfig, SinkConnectorConfig,
// SourceConnectorConfig), with Kafka's defaults, documentation, groups and validators. A
// connector's own keys come from its config(); the herder merges both for validation.
//
// The definitions are built once and shared (config_def is a value; reading is thread-safe).
// The converter keys carry no class validator: whether a class exists is the plugin registry's
// business, checked by whoever validates with a registry at hand.

#include <map>
#include <string>
#include <string_view>

#include "copycat/config/config_def.hpp"
#include "copycat/config/config_value.hpp"

namespace copycat::runtime {

// Key names shared by the runtime and the herder.
namespace connector_keys {
inline constexpr std::string_view name = "name";
inline constexpr std::string_view connector_class = "connector.class";
inline constexpr std::string_view tasks_max = "tasks.max";
inline constexpr std::string_view tasks_max_enforce = "tasks.max.enforce";
inline constexpr std::string_view key_converter = "key.converter";
inline constexpr std::string_view value_converter = "value.converter";
inline constexpr std::string_view header_converter = "header.converter";
inline constexpr std::string_view config_action_reload = "config.action.reload";
inline constexpr std::string_view transforms = "transforms";
inline constexpr std::string_view predicates = "predicates";
inline constexpr std::string_view errors_retry_timeout = "errors.retry.timeout";
inline constexpr std::string_view errors_retry_delay_max_ms = "errors.retry.delay.max.ms";
inline constexpr std::string_view errors_tolerance = "errors.tolerance";
inline constexpr std::string_view errors_log_enable = "errors.log.enable";
inline constexpr std::string_view errors_log_include_messages = "errors.log.include.messages";
// sink
inline constexpr std::string_view topics = "topics";
inline constexpr std::string_view topics_regex = "topics.regex";
inline constexpr std::string_view dlq_topic_name = "errors.deadletterqueue.topic.name";
inline constexpr std::string_view dlq_topic_replication_factor = "errors.deadletterqueue.topic.replication.factor";
inline constexpr std::string_view dlq_context_headers_enable = "errors.deadletterqueue.context.headers.enable";
// source
inline constexpr std::string_view topic_creation_groups = "topic.creation.groups";
inline constexpr std::string_view exactly_once_support = "exactly.once.support";
inline constexpr std::string_view transaction_boundary = "transaction.boundary";
inline constexpr std::string_view transaction_boundary_interval_ms = "transaction.boundary.interval.ms";
inline constexpr std::string_view offsets_storage_topic = "offsets.storage.topic";
// client override prefixes
inline constexpr std::string_view producer_override_prefix = "producer.override.";
inline constexpr std::string_view consumer_override_prefix = "consumer.override.";
inline constexpr std::string_view admin_override_prefix = "admin.override.";
}  // namespace connector_keys

// Keys of every connector, groups "Common", "Transforms", "Predicates", "Error Handling".
const config_def& connector_config_def();
// connector_config_def() plus topics, topics.regex and the dead-letter-queue keys.
const config_def& sink_connector_config_def();
// connector_config_def() plus "Topic Creation", "Exactly Once Support" and "offsets.topic" keys.
const config_def& source_connector_config_def();

// Kafka's SinkConnectorConfig.validate: exactly one of topics / topics.regex, and a DLQ topic
// that is not consumed by the connector. Errors are added to `validated` (an entry is created
// for a key that has none).
void validate_sink_topics(const std::map<std::string, std::string>& props,
                          std::map<std::string, config_value, std::less<>>& validated);

// The same check, throwing config_error with the first message.
void ensure_valid_sink_topics(const std::map<std::string, std::string>& props);

}  // namespace copycat::runtime
