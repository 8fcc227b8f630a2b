#include "herder/connector_validator.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <exception>
#include <optional>
#include <utility>

#include "herder/exactly_once_validation.hpp"
#include "herder/plugin_validation.hpp"
#include "herder/transform_validation.hpp"
#include "loader/plugin_registry.hpp"
#include "runtime/connector_config.hpp"
#include "runtime/topic_creation_config.hpp"

namespace copycat::herder {
namespace {

namespace keys = runtime::connector_keys;

error unknown_connector_class(const loader::plugin_registry& plugins, const std::string& name) {
    std::vector<std::string> available;
    for (const loader::plugin_entry* e : plugins.entries())
        if (e->is_connector()) available.push_back(e->class_name);
    return make_error(errc::invalid_argument,
                      fmt::format("Failed to find any class that implements Connector and which name matches {}, "
                                  "available connectors are: {}",
                                  name, fmt::join(available, ", ")));
}

// The connector's keys replace framework keys of the same name in place; the others follow
// (Kafka: configKeys.putAll(connector.config().configKeys()) on a LinkedHashMap).
config_def merge_keys(const config_def& framework, const config_def& connector) {
    config_def merged;
    for (const config_key& key : framework.config_keys()) {
        const config_key* own = connector.find(key.name);
        merged.define(own != nullptr ? *own : key);
    }
    for (const config_key& key : connector.config_keys()) {
        if (!framework.contains(key.name)) merged.define(key);
    }
    return merged;
}

std::vector<std::string> merge_groups(const config_def& framework, const config_def& connector) {
    std::vector<std::string> groups = framework.groups();
    for (const std::string& g : connector.groups())
        if (std::find(groups.begin(), groups.end(), g) == groups.end()) groups.push_back(g);
    return groups;
}

bool has_dlq_topic(const plain_map& props) {
    auto it = props.find(std::string(keys::dlq_topic_name));
    return it != props.end() && it->second.find_first_not_of(" \t") != std::string::npos;
}

// The values of keys with placeholders as given, not resolved, and the keys' resolution problems
// as errors.
void show_placeholders(const string_map& raw, const runtime::transformed_config& resolved, config_infos& infos) {
    const std::vector<std::string> keys = runtime::keys_with_variables(raw);
    for (config_info& info : infos.configs) {
        if (!info.value || !info.value->value) continue;
        const std::string& name = info.value->name;
        if (std::find(keys.begin(), keys.end(), name) == keys.end()) continue;
        const std::string& given = raw.find(name)->second;
        const std::string& secret = resolved.data.find(name)->second;
        if (*info.value->value != "[hidden]") info.value->value = given;
        // A value the plugin recommends, or an error message, may show the resolved one.
        info.value->recommended_values.clear();
        if (secret.empty() || secret == given) continue;
        for (std::string& e : info.value->errors) {
            for (auto at = e.find(secret); at != std::string::npos; at = e.find(secret, at + given.size()))
                e.replace(at, secret.size(), given);
        }
    }
    for (const auto& [key, problems] : resolved.problems) {
        auto it = std::find_if(infos.configs.begin(), infos.configs.end(),
                               [&](const config_info& i) { return i.value && i.value->name == key; });
        if (it == infos.configs.end()) {
            config_value_info value;
            value.name = key;
            value.value = raw.find(key)->second;
            infos.configs.insert(infos.configs.begin(), config_info{std::nullopt, std::move(value)});
            it = infos.configs.begin();
        }
        for (const std::string& problem : problems) {
            it->value->errors.push_back(fmt::format("Invalid value {} for configuration {}: {}",
                                                    raw.find(key)->second, key, problem));
            ++infos.error_count;
        }
    }
}

}  // namespace

connector_validator::connector_validator(const loader::plugin_registry& plugins, runtime::override_policy override_policy,
                                         std::optional<runtime::exactly_once_source_support> exactly_once_source,
                                         std::shared_ptr<const runtime::config_transformer> config_providers)
    : plugins_(plugins),
      override_policy_(std::move(override_policy)),
      exactly_once_source_(exactly_once_source),
      config_providers_(std::move(config_providers)) {}

result<config_infos> connector_validator::validate(const string_map& props) const {
    if (!config_providers_) return validate_resolved(props);
    const runtime::transformed_config resolved = config_providers_->transform(props);
    COPYCAT_TRY(config_infos infos, validate_resolved(resolved.data));
    show_placeholders(props, resolved, infos);
    return infos;
}

result<config_infos> connector_validator::validate_resolved(const string_map& props) const {
    auto cls = props.find(keys::connector_class);
    // Kafka 4.4's text; 4.1 named the config in it ("Connector config {k=v, ...} contains ..."),
    // docs/compatibility.md#the-reference-kafka.
    if (cls == props.end()) return make_error(errc::invalid_argument, "Connector config contains no connector type");
    const std::string& connector_class = cls->second;
    const loader::plugin_entry* entry = plugins_.find(connector_class);
    if (entry == nullptr || !entry->is_connector()) return unknown_connector_class(plugins_, connector_class);

    const bool source = entry->kind() == plugin_kind::source_connector;
    const plain_map plain(props.begin(), props.end());
    try {
        const config_def& base = source ? runtime::source_connector_config_def() : runtime::sink_connector_config_def();
        // The keys of the transforms and predicates aliases join the framework keys (Kafka:
        // ConnectorConfig.enrich); without aliases the shared definition is used as is.
        const transform_validation aliases(plugins_, props);
        std::optional<config_def> enriched;
        if (!aliases.empty()) enriched = aliases.enrich(base);
        const config_def& framework = enriched ? *enriched : base;
        auto validated = framework.validate_all(plain);
        aliases.check(validated);
        if (!source) runtime::validate_sink_topics(plain, validated);

        std::unique_ptr<connector> instance;
        if (source) {
            auto source_instance = entry->create<source_connector>();
            if (exactly_once_source_)
                validate_exactly_once_source(*exactly_once_source_, *source_instance, plain, validated);
            instance = std::move(source_instance);
        } else {
            instance = entry->create<sink_connector>();
        }
        const config_def own = instance->config();
        std::vector<config_value> own_values = instance->validate(plain);

        // Converter checks may add errors to the framework values, so run them before collecting.
        auto value_of = [&](std::string_view key) {
            auto it = validated.find(key);
            return it == validated.end() ? nullptr : &it->second;
        };
        std::vector<config_infos> converter_parts;
        for (std::string_view property : {keys::header_converter, keys::key_converter, keys::value_converter}) {
            if (auto infos = validate_converter(plugins_, plain, property, value_of(property)))
                converter_parts.push_back(std::move(*infos));
        }

        std::vector<config_value> values;
        for (const config_key& key : framework.config_keys()) {
            if (auto it = validated.find(key.name); it != validated.end()) values.push_back(it->second);
        }
        for (const auto& [name, value] : validated) {
            if (!framework.contains(name)) values.push_back(value);
        }
        values.insert(values.end(), own_values.begin(), own_values.end());

        // Kafka's merge order: the connector, producer, consumer and admin overrides, converters.
        std::vector<config_infos> parts;
        parts.push_back(
            config_infos::generate(connector_class, merge_keys(framework, own), values, merge_groups(framework, own)));
        const bool producer = source || has_dlq_topic(plain);
        const bool admin = source ? runtime::uses_topic_creation(props) : has_dlq_topic(plain);
        // The prefixes of clients this connector has none of still may not name a denied property.
        auto overrides = [&](std::string_view prefix, bool used) {
            parts.push_back(used ? validate_client_overrides(plain, prefix, override_policy_)
                                 : validate_denied_overrides(plain, prefix));
        };
        overrides(keys::producer_override_prefix, producer);
        overrides(keys::consumer_override_prefix, !source);
        overrides(keys::admin_override_prefix, admin);
        parts.insert(parts.end(), converter_parts.begin(), converter_parts.end());
        return merge_config_infos(connector_class, parts);
    } catch (const std::exception& e) {
        return make_error(errc::internal, e.what());
    }
}

connector_type connector_validator::type_of(const string_map& config) const {
    auto cls = config.find(keys::connector_class);
    if (cls == config.end()) return connector_type::unknown;
    const loader::plugin_entry* entry = plugins_.find(cls->second);
    if (entry == nullptr) return connector_type::unknown;
    if (entry->kind() == plugin_kind::source_connector) return connector_type::source;
    if (entry->kind() == plugin_kind::sink_connector) return connector_type::sink;
    return connector_type::unknown;
}

result<std::vector<config_key_info>> connector_validator::plugin_config(const std::string& plugin) const {
    const loader::plugin_entry* entry = plugins_.find(plugin);
    if (entry == nullptr) return make_error(errc::not_found, "Unknown plugin " + plugin + ".");
    try {
        const config_def own = plugin_config_def(*entry);
        std::vector<config_key_info> out;
        for (const config_key& key : own.config_keys()) out.push_back(config_key_info::from(key));
        const config_def* framework = nullptr;
        if (entry->kind() == plugin_kind::source_connector) framework = &runtime::source_connector_config_def();
        if (entry->kind() == plugin_kind::sink_connector) framework = &runtime::sink_connector_config_def();
        if (framework != nullptr) {
            for (const config_key& key : framework->config_keys())
                if (!own.contains(key.name)) out.push_back(config_key_info::from(key));
        }
        return out;
    } catch (const std::exception& e) {
        return make_error(errc::internal, e.what());
    }
}

std::optional<std::string> connector_validator::invalid_config_message(const config_infos& infos) {
    if (infos.error_count <= 0) return std::nullopt;
    std::string message =
        fmt::format("Connector configuration is invalid and contains the following {} error(s):", infos.error_count);
    for (const config_info& info : infos.configs) {
        if (!info.value) continue;
        for (const std::string& e : info.value->errors) message += "\n" + e;
    }
    message +=
        "\nYou can also find the above list of errors at the endpoint "
        "`/connector-plugins/{connectorType}/config/validate`";
    return message;
}

}  // namespace copycat::herder
