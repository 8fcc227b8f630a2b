#include "runtime/connector_config.hpp"

#include <algorithm>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "common/strings.hpp"
#include "copycat/config/validators.hpp"
#include "copycat/errors.hpp"

namespace copycat::runtime {
namespace {

namespace k = connector_keys;

const std::string common_group = "Common";
const std::string transforms_group = "Transforms";
const std::string predicates_group = "Predicates";
const std::string error_group = "Error Handling";
const std::string topic_creation_group = "Topic Creation";
const std::string exactly_once_group = "Exactly Once Support";
const std::string offsets_topic_group = "offsets.topic";

std::string s(std::string_view v) { return std::string(v); }

// Kafka's ConnectorConfig.aliasValidator: non-null and no duplicate alias.
validator_ptr alias_validator(const std::string& kind) {
    return composite_validator::of(
        {non_null::instance(), lambda_validator::with(
                                   [](std::string_view name, const parsed_value& v) {
                                       const auto* aliases = std::get_if<config_list>(&v);
                                       if (aliases == nullptr) return;
                                       std::set<std::string> unique(aliases->begin(), aliases->end());
                                       if (unique.size() < aliases->size())
                                           throw_invalid_value(name, v, "Duplicate alias provided.");
                                   },
                                   [kind] { return "unique " + kind + " aliases"; })});
}

// Kafka's RegexValidator (connect/transforms/util): "Invalid regex: <reason>".
validator_ptr regex_validator() {
    return lambda_validator::with(
        [](std::string_view name, const parsed_value& v) {
            const auto* text = std::get_if<std::string>(&v);
            if (text == nullptr) return;
            try {
                std::regex compiled(*text);
            } catch (const std::regex_error& e) {
                throw_invalid_value(name, v, std::string("Invalid regex: ") + e.what());
            }
        },
        [] { return std::string("valid regex"); });
}

const std::string converter_doc_prefix =
    "Converter class used to convert between Kafka Connect format and the serialized form that is written to Kafka."
    " This controls the format of the ";
const std::string converter_doc_suffix =
    " in messages written to or read from Kafka, and since this is independent of connectors it allows any "
    "connector to work with any serialization format. Examples of common formats include JSON and Avro.";

config_def build_common() {
    int order = 0;
    int error_order = 0;
    config_def def;
    def.define(s(k::name), config_type::string, no_default, non_empty_string_without_control_chars::instance(),
               importance::high, "Globally unique name to use for this connector.", common_group, ++order,
               width::medium, "Connector name")
        .define(s(k::connector_class), config_type::string, importance::high,
                "Name or alias of the class for this connector. Must be a subclass of "
                "org.apache.kafka.connect.connector.Connector. If the connector is "
                "org.apache.kafka.connect.file.FileStreamSinkConnector, you can either specify this full name,  or use "
                "\"FileStreamSink\" or \"FileStreamSinkConnector\" to make the configuration a bit shorter",
                common_group, ++order, width::long_, "Connector class")
        .define(s(k::tasks_max), config_type::int_, 1, range::at_least(1), importance::high,
                "Maximum number of tasks to use for this connector.", common_group, ++order, width::short_, "Tasks max")
        .define(
            s(k::tasks_max_enforce), config_type::boolean, true, importance::low,
            "(Deprecated) Whether to enforce that the tasks.max property is respected by the connector. By default, "
            "connectors that generate too many tasks will fail, and existing sets of tasks that exceed the tasks.max "
            "property will also be failed. If this property is set to false, then connectors will be allowed to "
            "generate more than the maximum number of tasks, and existing sets of tasks that exceed the tasks.max "
            "property will be allowed to run. This property is deprecated and will be removed in an upcoming major "
            "release.",
            common_group, ++order, width::short_, "Enforce tasks max")
        .define(s(k::key_converter), config_type::class_, nullptr, importance::low,
                converter_doc_prefix + "keys" + converter_doc_suffix, common_group, ++order, width::short_,
                "Key converter class")
        .define(s(k::value_converter), config_type::class_, nullptr, importance::low,
                converter_doc_prefix + "values" + converter_doc_suffix, common_group, ++order, width::short_,
                "Value converter class")
        .define(s(k::header_converter), config_type::class_, nullptr, importance::low,
                "HeaderConverter class used to convert between Kafka Connect format and the serialized form that is "
                "written to Kafka. This controls the format of the header values in messages written to or read from "
                "Kafka, and since this is independent of connectors it allows any connector to work with any "
                "serialization format. Examples of common formats include JSON and Avro. By default, the "
                "SimpleHeaderConverter is used to serialize header values to strings and deserialize them by inferring "
                "the schemas.",
                common_group, ++order, width::short_, "Header converter class")
        .define(s(k::transforms), config_type::list, config_list{}, alias_validator("transformation"), importance::low,
                "Aliases for the transformations to be applied to records.", transforms_group, ++order, width::long_,
                "Transforms")
        .define(s(k::predicates), config_type::list, config_list{}, alias_validator("predicate"), importance::low,
                "Aliases for the predicates used by transformations.", predicates_group, ++order, width::long_,
                "Predicates")
        .define(s(k::config_action_reload), config_type::string, "restart", valid_string::in({"none", "restart"}),
                importance::low,
                "The action that Connect should take on the connector when changes in external configuration "
                "providers result in a change in the connector's configuration properties. A value of 'none' indicates "
                "that Connect will do nothing. A value of 'restart' indicates that Connect should restart/reload the "
                "connector with the updated configuration properties.The restart may actually be scheduled in the "
                "future if the external configuration provider indicates that a configuration value will expire in the "
                "future.",
                common_group, ++order, width::medium, "Reload Action")
        .define(s(k::errors_retry_timeout), config_type::long_, 0, importance::medium,
                "The maximum duration in milliseconds that a failed operation will be reattempted. The default is 0, "
                "which means no retries will be attempted. Use -1 for infinite retries.",
                error_group, ++error_order, width::medium, "Retry Timeout for Errors")
        .define(s(k::errors_retry_delay_max_ms), config_type::long_, 60000, importance::medium,
                "The maximum duration in milliseconds between consecutive retry attempts. Jitter will be added to the "
                "delay once this limit is reached to prevent thundering herd issues.",
                error_group, ++error_order, width::medium, "Maximum Delay Between Retries for Errors")
        .define(s(k::errors_tolerance), config_type::string, "none", valid_string::in({"none", "all"}),
                importance::medium,
                "Behavior for tolerating errors during connector operation. 'none' is the default value and signals "
                "that any error will result in an immediate connector task failure; 'all' changes the behavior to skip "
                "over problematic records.",
                error_group, ++error_order, width::short_, "Error Tolerance")
        .define(s(k::errors_log_enable), config_type::boolean, false, importance::medium,
                "If true, write each error and the details of the failed operation and problematic record to the "
                "Connect application log. This is 'false' by default, so that only errors that are not tolerated are "
                "reported.",
                error_group, ++error_order, width::short_, "Log Errors")
        .define(s(k::errors_log_include_messages), config_type::boolean, false, importance::medium,
                "Whether to include in the log the Connect record that resulted in a failure. For sink records, the "
                "topic, partition, offset, and timestamp will be logged. For source records, the key and value (and "
                "their schemas), all headers, and the timestamp, Kafka topic, Kafka partition, source partition, and "
                "source offset will be logged. This is 'false' by default, which will prevent record keys, values, and "
                "headers from being written to log files.",
                error_group, ++error_order, width::short_, "Log Error Details");
    return def;
}

config_def build_sink() {
    config_def def = connector_config_def();
    def.define(s(k::topics), config_type::list, "", importance::high, "List of topics to consume, separated by commas",
               common_group, 4, width::long_, "Topics")
        .define(s(k::topics_regex), config_type::string, "", regex_validator(), importance::high,
                "Regular expression giving topics to consume. Under the hood, the regex is compiled to a "
                "<code>java.util.regex.Pattern</code>. Only one of topics or topics.regex should be specified.",
                common_group, 4, width::long_, "Topics regex")
        .define(s(k::dlq_topic_name), config_type::string, "", importance::medium,
                "The name of the topic to be used as the dead letter queue (DLQ) for messages that result in an error "
                "when processed by this sink connector, or its transformations or converters. The topic name is blank "
                "by default, which means that no messages are to be recorded in the DLQ.",
                error_group, 6, width::medium, "Dead Letter Queue Topic Name")
        .define(s(k::dlq_topic_replication_factor), config_type::short_, 3, importance::medium,
                "Replication factor used to create the dead letter queue topic when it doesn't already exist.",
                error_group, 7, width::medium, "Dead Letter Queue Topic Replication Factor")
        .define(s(k::dlq_context_headers_enable), config_type::boolean, false, importance::medium,
                "If true, add headers containing error context to the messages written to the dead letter queue. To "
                "avoid clashing with headers from the original record, all error context header keys, all error "
                "context header keys will start with <code>__connect.errors.</code>",
                error_group, 8, width::medium, "Enable Error Context Headers");
    return def;
}

validator_ptr optional_at_least_zero() {
    auto at_least_zero = range::at_least(0);
    return lambda_validator::with(
        [at_least_zero](std::string_view name, const parsed_value& v) {
            if (!is_null(v)) at_least_zero->ensure_valid(name, v);
        },
        [at_least_zero] { return at_least_zero->to_string(); });
}

config_def build_source() {
    int order = 0;
    config_def def = connector_config_def();
    def.define(s(k::topic_creation_groups), config_type::list, config_list{}, alias_validator("topic creation group"),
               importance::low, "Groups of configurations for topics created by source connectors",
               topic_creation_group, ++order, width::long_, "Topic Creation Groups")
        .define(s(k::exactly_once_support), config_type::string, "requested",
                case_insensitive_valid_string::in({"required", "requested"}), importance::medium,
                "Permitted values are requested, required. If set to \"required\", forces a preflight check for the "
                "connector to ensure that it can provide exactly-once semantics with the given configuration. Some "
                "connectors may be capable of providing exactly-once semantics but not signal to Connect that they "
                "support this; in that case, documentation for the connector should be consulted carefully before "
                "creating it, and the value for this property should be set to \"requested\". Additionally, if the "
                "value is set to \"required\" but the worker that performs preflight validation does not have "
                "exactly-once support enabled for source connectors, requests to create or validate the connector will "
                "fail.",
                exactly_once_group, ++order, width::short_, "Exactly once support")
        .define(s(k::transaction_boundary), config_type::string, "poll",
                case_insensitive_valid_string::in({"interval", "poll", "connector"}), importance::medium,
                "Permitted values are: poll, interval, connector. If set to 'poll', a new producer transaction will be "
                "started and committed for every batch of records that each task from this connector provides to "
                "Connect. If set to 'connector', relies on connector-defined transaction boundaries; note that not all "
                "connectors are capable of defining their own transaction boundaries, and in that case, attempts to "
                "instantiate a connector with this value will fail. Finally, if set to 'interval', commits "
                "transactions only after a user-defined time interval has passed.",
                exactly_once_group, ++order, width::short_, "Transaction Boundary")
        .define(s(k::transaction_boundary_interval_ms), config_type::long_, nullptr, optional_at_least_zero(),
                importance::low,
                "If 'transaction.boundary' is set to 'interval', determines the interval for producer transaction "
                "commits by connector tasks. If unset, defaults to the value of the worker-level "
                "'offset.flush.interval.ms' property. It has no effect if a different transaction.boundary is "
                "specified.",
                exactly_once_group, ++order, width::short_, "Transaction boundary interval")
        .define(s(k::offsets_storage_topic), config_type::string, nullptr, non_empty_string::instance(),
                importance::low,
                "The name of a separate offsets topic to use for this connector. If empty or not specified, the "
                "worker\u2019s global offsets topic name will be used. If specified, the offsets topic will be created "
                "if it does not already exist on the Kafka cluster targeted by this connector (which may be different "
                "from the one used for the worker's global offsets topic if the bootstrap.servers property of the "
                "connector's producer has been overridden from the worker's). Only applicable in distributed mode; in "
                "standalone mode, setting this property will have no effect.",
                offsets_topic_group, 1, width::long_, "Offsets topic");
    return def;
}

bool is_blank(const std::string* text) {
    return text == nullptr || std::all_of(text->begin(), text->end(), [](unsigned char c) { return c <= ' '; });
}

const std::string* find(const std::map<std::string, std::string>& props, std::string_view key) {
    auto it = props.find(std::string(key));
    return it == props.end() ? nullptr : &it->second;
}

void add_error(std::map<std::string, config_value, std::less<>>& validated, std::string_view key,
               const std::string* value, std::string message) {
    auto it = validated.find(key);
    if (it == validated.end()) {
        config_value entry{std::string(key)};
        if (value != nullptr) entry.value = *value;
        it = validated.emplace(std::string(key), std::move(entry)).first;
    }
    it->second.add_error(std::move(message));
}

// "[a, b]" as Java prints a List<String>.
std::string java_list(const std::vector<std::string>& items) {
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i) out += (i == 0 ? "" : ", ") + items[i];
    return out + "]";
}

std::vector<std::string> topics_list(const std::string& text) {
    std::vector<std::string> out;
    auto parsed = config_def::parse_type(k::topics, text, config_type::list);
    if (const auto* list = std::get_if<config_list>(&parsed)) {
        for (const auto& t : *list)
            if (!t.empty() && std::find(out.begin(), out.end(), t) == out.end()) out.push_back(t);
    }
    return out;
}

void check_dlq(const std::string& dlq, const std::string* topics, const std::string* regex,
               std::map<std::string, config_value, std::less<>>& validated) {
    if (!is_blank(topics)) {
        auto list = topics_list(*topics);
        if (std::find(list.begin(), list.end(), dlq) != list.end()) {
            add_error(validated, k::topics, topics,
                      "The DLQ topic '" + dlq + "' may not be included in the list of topics ('topics=" +
                          java_list(list) + "') consumed by the connector");
        }
    }
    if (!is_blank(regex)) {
        try {
            if (std::regex_match(dlq, std::regex(*regex))) {
                add_error(validated, k::topics_regex, regex,
                          "The DLQ topic '" + dlq + "' may not be matched by the regex for the topics ('topics.regex=" +
                              *regex + "') consumed by the connector");
            }
        } catch (const std::regex_error&) {
            // An invalid regex is reported by the key's own validator.
        }
    }
}

}  // namespace

const config_def& connector_config_def() {
    static const config_def def = build_common();
    return def;
}

const config_def& sink_connector_config_def() {
    static const config_def def = build_sink();
    return def;
}

const config_def& source_connector_config_def() {
    static const config_def def = build_source();
    return def;
}

void validate_sink_topics(const std::map<std::string, std::string>& props,
                          std::map<std::string, config_value, std::less<>>& validated) {
    const std::string* topics = find(props, k::topics);
    const std::string* regex = find(props, k::topics_regex);
    const std::string* dlq_raw = find(props, k::dlq_topic_name);
    const std::string dlq = dlq_raw == nullptr ? std::string() : std::string(trim(*dlq_raw));
    const bool has_topics = !is_blank(topics);
    const bool has_regex = !is_blank(regex);

    if (has_topics && has_regex) {
        const std::string message = "topics and topics.regex are mutually exclusive options, but both are set.";
        add_error(validated, k::topics, topics, message);
        add_error(validated, k::topics_regex, regex, message);
    }
    if (!has_topics && !has_regex) {
        const std::string message = "Must configure one of topics or topics.regex";
        add_error(validated, k::topics, topics, message);
        add_error(validated, k::topics_regex, regex, message);
    }
    if (!dlq.empty()) check_dlq(dlq, topics, regex, validated);
}

void ensure_valid_sink_topics(const std::map<std::string, std::string>& props) {
    std::map<std::string, config_value, std::less<>> validated;
    validate_sink_topics(props, validated);
    for (const auto& [key, value] : validated) {
        if (value.has_errors()) {
            const auto* raw = find(props, key);
            throw config_error(invalid_value_message(key, raw == nullptr ? "null" : *raw, value.errors.front()));
        }
    }
}

}  // namespace copycat::runtime
