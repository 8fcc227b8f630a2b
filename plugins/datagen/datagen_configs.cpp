#include "datagen/datagen_configs.hpp"

#include <variant>

#include "copycat/config/abstract_config.hpp"
#include "copycat/config/config_validator.hpp"
#include "copycat/config/lambda_validator.hpp"
#include "copycat/config/range.hpp"
#include "copycat/config/string_validators.hpp"
#include "copycat/errors.hpp"
#include "datagen/quickstarts.hpp"

namespace copycat::datagen {
namespace {

std::string quickstart_names() {
    std::string names;
    for (const quickstart& q : quickstarts()) names += (names.empty() ? "" : ", ") + std::string(q.name);
    return names;
}

// Empty is allowed (the key is unset); anything else must be a valid description. The message
// leaves the value out: a description is long, and the reason names the place in it.
validator_ptr schema_string_validator() {
    return lambda_validator::with(
        [](std::string_view name, const parsed_value& v) {
            const auto* text = std::get_if<std::string>(&v);
            if (text == nullptr || text->empty()) return;
            try {
                parse_description(*text);
            } catch (const config_error& e) {
                throw config_error("Invalid value for configuration " + std::string(name) + ": " + e.what());
            }
        },
        [] { return "a JSON description of the fields and their generators"; });
}

validator_ptr quickstart_validator() {
    return lambda_validator::with(
        [](std::string_view name, const parsed_value& v) {
            const auto* text = std::get_if<std::string>(&v);
            if (text == nullptr || text->empty() || find_quickstart(*text)) return;
            throw_invalid_value(name, v, "must be one of " + quickstart_names());
        },
        [] { return "one of " + quickstart_names(); });
}

// The value of a string key as the config_def reads it (trimmed), or "" when it is absent.
std::string string_setting(const std::map<std::string, std::string>& props, std::string_view key) {
    const auto it = props.find(std::string(key));
    if (it == props.end()) return {};
    const parsed_value v = config_def::parse_type(key, it->second, config_type::string);
    const auto* text = std::get_if<std::string>(&v);
    return text == nullptr ? std::string() : *text;
}

// The description the configuration names; nullptr when it names none or an invalid one.
std::shared_ptr<const record_description> configured_description(const std::map<std::string, std::string>& props) {
    const std::string schema_string = string_setting(props, schema_string_config);
    const std::string quickstart_name = string_setting(props, quickstart_config);
    try {
        if (!quickstart_name.empty()) {
            const auto q = find_quickstart(quickstart_name);
            return q ? quickstart_description(*q) : nullptr;
        }
        return schema_string.empty() ? nullptr : parse_description(schema_string);
    } catch (const config_error&) {
        return nullptr;  // the key's own validator reports it
    }
}

}  // namespace

const config_def& datagen_config_def() {
    static const config_def def = [] {
        config_def d;
        d.define(std::string(kafka_topic_config), config_type::string, no_default, non_empty_string::instance(),
                 importance::high, "Topic to write to")
            .define(std::string(max_interval_config), config_type::long_, default_max_interval_ms,
                    range::between(0, max_max_interval_ms), importance::high,
                    "Max interval between messages (ms): each wait is random in [0, max.interval]. 0 generates "
                    "as fast as possible, in batches")
            .define(std::string(iterations_config), config_type::int_, default_iterations, importance::high,
                    "Number of messages to send from each task, or less than 1 for unlimited")
            .define(std::string(schema_string_config), config_type::string, "", schema_string_validator(),
                    importance::high,
                    "A JSON description of the fields and their generators (see the README). Cannot be set with "
                    "quickstart")
            .define(std::string(schema_keyfield_config), config_type::string, "", importance::high,
                    "Name of the top-level field to use as the message key; empty: the quickstart's key field, "
                    "or a null key")
            .define(std::string(quickstart_config), config_type::string, "", quickstart_validator(), importance::high,
                    "Name of the quickstart to use: " + quickstart_names() + ". Cannot be set with schema.string")
            .define(std::string(random_seed_config), config_type::long_, nullptr, importance::low,
                    "Numeric seed for generating random data. Two connectors started with the same seed will "
                    "deterministically produce the same data. Each task will generate different data than the "
                    "other tasks in the same connector.");
        return d;
    }();
    return def;
}

std::vector<std::pair<std::string, std::string>> combination_errors(const std::map<std::string, std::string>& props) {
    std::vector<std::pair<std::string, std::string>> errors;
    const bool has_schema_string = !string_setting(props, schema_string_config).empty();
    const bool has_quickstart = !string_setting(props, quickstart_config).empty();
    if (has_schema_string == has_quickstart) {
        errors.emplace_back(std::string(schema_string_config), std::string(schema_source_error));
        errors.emplace_back(std::string(quickstart_config), std::string(schema_source_error));
        return errors;
    }
    const std::string key_field = string_setting(props, schema_keyfield_config);
    const auto description = configured_description(props);
    if (key_field.empty() || description == nullptr || description->field(key_field) != nullptr) return errors;
    std::string fields;
    for (const field_spec& f : description->fields) fields += (fields.empty() ? "" : ", ") + f.name;
    errors.emplace_back(
        std::string(schema_keyfield_config),
        "schema.keyfield \"" + key_field + "\" is not a top-level field of the schema (" + fields + ")");
    return errors;
}

datagen_settings read_settings(const std::map<std::string, std::string>& props) {
    const abstract_config config(datagen_config_def(), props);
    if (const auto errors = combination_errors(props); !errors.empty()) throw config_error(errors.front().second);
    datagen_settings s;
    s.topic = config.get_string(kafka_topic_config);
    s.max_interval_ms = config.get_long(max_interval_config);
    s.iterations = config.get_int(iterations_config);
    if (!config.is_null(random_seed_config)) s.random_seed = config.get_long(random_seed_config);
    s.description = configured_description(props);
    if (s.description == nullptr) throw config_error(std::string(schema_source_error));  // checked above
    s.key_field = config.get_string(schema_keyfield_config);
    const std::string& quickstart_name = config.get_string(quickstart_config);
    if (s.key_field.empty() && !quickstart_name.empty()) s.key_field = find_quickstart(quickstart_name)->key_field;
    return s;
}

}  // namespace copycat::datagen
