#include "runtime/topic_creation_config.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <utility>

#include "common/logging.hpp"
#include "copycat/config/config_def.hpp"
#include "copycat/config/validators.hpp"
#include "copycat/errors.hpp"
#include "runtime/connector_config.hpp"

namespace copycat::runtime {
namespace {

constexpr std::string_view include_key = "include";
constexpr std::string_view exclude_key = "exclude";
constexpr std::string_view replication_factor_key = "replication.factor";
constexpr std::string_view partitions_key = "partitions";

const std::string include_doc =
    "A list of regular expression literals used to match the topic names used by the source connector. This list "
    "is used to include topics that should be created using the topic settings defined by this group.";
const std::string exclude_doc =
    "A list of regular expression literals used to match the topic names used by the source connector. This list "
    "is used to exclude topics from being created with the topic settings defined by this group. Note that "
    "exclusion rules have precedent and override any inclusion rules for the topics.";
const std::string replication_factor_doc =
    "The replication factor for new topics created for this connector using this group. This value may be -1 to "
    "use the broker's default replication factor, or may be a positive number not larger than the number of "
    "brokers in the Kafka cluster. A value larger than the number of brokers in the Kafka cluster will result in "
    "an error when the new topic is created. For the default group this configuration is required. For any other "
    "group defined in topic.creation.groups this config is optional and if it's missing it gets the value of the "
    "default group";
const std::string partitions_doc =
    "The number of partitions new topics created for this connector. This value may be -1 to use the broker's "
    "default number of partitions, or a positive number representing the desired number of partitions. For the "
    "default group this configuration is required. For any other group defined in topic.creation.groups this "
    "config is optional and if it's missing it gets the value of the default group";

std::string s(std::string_view v) { return std::string(v); }

std::int64_t as_integer(const parsed_value& v) {
    if (const auto* i = std::get_if<std::int16_t>(&v)) return *i;
    if (const auto* i = std::get_if<std::int32_t>(&v)) return *i;
    if (const auto* i = std::get_if<std::int64_t>(&v)) return *i;
    return -1;
}

// Kafka's TopicCreationConfig validators: a positive number, or -1 for the broker's default.
validator_ptr positive_or_broker_default(std::string reason, std::string description) {
    return lambda_validator::with(
        [reason = std::move(reason)](std::string_view name, const parsed_value& v) {
            if (is_null(v)) return;
            const std::int64_t n = as_integer(v);
            if (n != -1 && n < 1) throw_invalid_value(name, v, reason);
        },
        [description = std::move(description)] { return description; });
}

validator_ptr replication_factor_validator() {
    return positive_or_broker_default(
        "Replication factor must be positive and not larger than the number of brokers in the Kafka cluster, or -1 "
        "to use the broker's default",
        "Positive number not larger than the number of brokers in the Kafka cluster, or -1 to use the broker's "
        "default");
}

validator_ptr partitions_validator() {
    return positive_or_broker_default("Number of partitions must be positive, or -1 to use the broker's default",
                                      "Positive number, or -1 to use the broker's default");
}

std::string joined(const config_list& patterns) {
    std::string out;
    for (std::size_t i = 0; i < patterns.size(); ++i) out += (i == 0 ? "" : "|") + patterns[i];
    return out;
}

// Kafka's REGEX_VALIDATOR: every element compiles.
validator_ptr regex_list_validator() {
    return lambda_validator::with(
        [](std::string_view name, const parsed_value& v) {
            const auto* patterns = std::get_if<config_list>(&v);
            if (patterns == nullptr) return;
            for (const auto& p : *patterns) {
                try {
                    std::regex compiled(p);
                } catch (const std::regex_error& e) {
                    throw_invalid_value(name, v, std::string("Syntax error in regular expression: ") + e.what());
                }
            }
        },
        [] { return std::string("Positive number, or -1 to use the broker's default"); });
}

// The defaults and pattern validator of a group's keys.
struct group_defaults {
    config_default include;
    validator_ptr patterns;
    config_default replication_factor;
    config_default partitions;
};

// Kafka: TopicCreationConfig.configDef and defaultGroupConfigDef.
config_def group_def(const std::string& group, const group_defaults& d) {
    config_def def;
    def.define(s(include_key), config_type::list, d.include, d.patterns, importance::low, include_doc, group, 1,
               width::long_, "Inclusion Topic Pattern for " + group)
        .define(s(exclude_key), config_type::list, config_list{}, d.patterns, importance::low, exclude_doc, group, 2,
                width::long_, "Exclusion Topic Pattern for " + group)
        .define(s(replication_factor_key), config_type::short_, d.replication_factor, replication_factor_validator(),
                importance::low, replication_factor_doc, group, 3, width::long_,
                "Replication Factor for Topics in " + group)
        .define(s(partitions_key), config_type::int_, d.partitions, partitions_validator(), importance::low,
                partitions_doc, group, 4, width::long_, "Partition Count for Topics in " + group);
    return def;
}

std::string key_of(std::string_view group, std::string_view key) {
    return fmt::format("{}{}.{}", topic_creation_prefix, group, key);
}

// The names of topic.creation.groups, in order, once each, without "default".
std::vector<std::string> listed_groups(const std::map<std::string, std::string>& props) {
    std::vector<std::string> out;
    auto it = props.find(std::string(connector_keys::topic_creation_groups));
    if (it == props.end()) return out;
    const auto parsed = config_def::parse_type(connector_keys::topic_creation_groups, it->second, config_type::list);
    const auto* names = std::get_if<config_list>(&parsed);
    if (names == nullptr) return out;
    bool warned = false;
    for (const auto& name : *names) {
        if (name == default_topic_creation_group) {
            if (!warned)
                log::warn("'{}' topic creation group always exists and does not need to be listed explicitly", name);
            warned = true;
            continue;
        }
        if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
    }
    return out;
}

topic_creation_group make_group(const std::string& name, const parsed_config& values,
                                const std::map<std::string, std::string>& props) {
    topic_creation_group g;
    g.name = name;
    g.include_pattern = joined(std::get<config_list>(values.at(key_of(name, include_key))));
    g.exclude_pattern = joined(std::get<config_list>(values.at(key_of(name, exclude_key))));
    g.include = std::regex(g.include_pattern);
    g.exclude = std::regex(g.exclude_pattern);
    g.replication_factor = std::get<std::int16_t>(values.at(key_of(name, replication_factor_key)));
    g.partitions = std::get<std::int32_t>(values.at(key_of(name, partitions_key)));
    const std::string prefix = fmt::format("{}{}.", topic_creation_prefix, name);
    const std::set<std::string_view> own = {include_key, exclude_key, replication_factor_key, partitions_key};
    for (auto it = props.lower_bound(prefix); it != props.end() && it->first.starts_with(prefix); ++it) {
        const std::string key = it->first.substr(prefix.size());
        if (!own.contains(key)) g.configs.emplace(key, it->second);
    }
    return g;
}

}  // namespace

bool topic_creation_group::matches(const std::string& topic) const {
    return !std::regex_match(topic, exclude) && std::regex_match(topic, include);
}

rdkafka::new_topic topic_creation_group::new_topic(const std::string& topic) const {
    return {.name = topic, .partitions = partitions, .replication_factor = replication_factor, .configs = configs};
}

std::string topic_creation_group::describe() const {
    std::vector<std::string> others;
    for (const auto& [k, v] : configs) others.push_back(k + "=" + v);
    return fmt::format(
        "TopicCreationGroup{{name='{}', inclusionPattern={}, exclusionPattern={}, numPartitions={}, "
        "replicationFactor={}, otherConfigs={{{}}}}}",
        name, include_pattern, exclude_pattern, partitions, replication_factor, fmt::join(others, ", "));
}

bool uses_topic_creation(const string_map& connector_config) {
    return std::any_of(connector_config.begin(), connector_config.end(),
                       [](const auto& kv) { return kv.first.starts_with(topic_creation_prefix); });
}

std::vector<topic_creation_group> topic_creation_groups(const string_map& connector_config) {
    if (!uses_topic_creation(connector_config)) return {};
    const std::map<std::string, std::string> props(connector_config.begin(), connector_config.end());
    const std::string default_prefix = key_of(default_topic_creation_group, "");
    config_def defaults;
    defaults.embed(default_prefix, default_topic_creation_group, 0,
                   group_def(std::string(default_topic_creation_group),
                             {".*", non_null::instance(), no_default, no_default}));
    const parsed_config default_values = defaults.parse(props);

    // The default group takes every topic: its include and exclude are not the user's.
    std::map<std::string, std::string> without_default_regexes = props;
    without_default_regexes.erase(default_prefix + std::string(include_key));
    without_default_regexes.erase(default_prefix + std::string(exclude_key));

    const auto replication_factor =
        std::get<std::int16_t>(default_values.at(default_prefix + std::string(replication_factor_key)));
    const auto partitions = std::get<std::int32_t>(default_values.at(default_prefix + std::string(partitions_key)));
    const std::vector<std::string> names = listed_groups(props);
    config_def enriched = defaults;
    for (const auto& name : names) {
        const std::string display = "Topic Creation: " + name;
        enriched.embed(key_of(name, ""), display, 0,
                       group_def(display, {config_list{}, regex_list_validator(), replication_factor, partitions}));
    }
    const parsed_config values = enriched.parse(without_default_regexes);

    std::vector<topic_creation_group> out;
    for (const auto& name : names) out.push_back(make_group(name, values, without_default_regexes));
    out.push_back(make_group(std::string(default_topic_creation_group), values, without_default_regexes));
    return out;
}

}  // namespace copycat::runtime
