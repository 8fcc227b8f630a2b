// The set of configuration keys a component accepts (Kafka: org.apache.kafka.common.config.ConfigDef).
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "copycat/config/config_key.hpp"
#include "copycat/config/config_recommender.hpp"
#include "copycat/config/config_type.hpp"
#include "copycat/config/config_validator.hpp"
#include "copycat/config/config_value.hpp"
#include "copycat/config/parsed_value.hpp"

namespace copycat {

/// Declares configuration keys, then parses and validates string maps against them with
/// Kafka's rules and Kafka's error messages.
///
///     config_def def;
///     def.define("topic", config_type::string, no_default, non_empty_string::instance(),
///                importance::high, "The topic to publish data to")
///        .define("batch.size", config_type::int_, 2000, range::at_least(1), importance::low,
///                "The maximum number of records returned by a poll")
///        .define("file", config_type::string, nullptr, importance::high,
///                "Source filename. If not specified, the standard input will be used");
///
///     parsed_config values = def.parse(props);       // throws config_error on the first error
///     std::vector<config_value> report = def.validate(props);  // collects every error
///
/// Keys keep the order they were defined in. A config_def is a value: copies are independent
/// (validators and recommenders are shared, they are immutable). Reading from several threads
/// is safe; defining is not.
class config_def {
public:
    config_def() = default;

    // ---- defining keys ---------------------------------------------------------------------

    /// Adds a key. Throws config_error when the name is already defined ("Configuration x is
    /// defined twice."), when the default does not parse as the type, or when the validator
    /// rejects the default.
    config_def& define(std::string name, config_type type, config_default default_value, validator_ptr validator,
                       importance level, std::string documentation, std::optional<std::string> group,
                       int order_in_group, width w, std::string display_name, std::vector<std::string> dependents = {},
                       recommender_ptr recommender = nullptr);

    /// As above, without a validator.
    config_def& define(std::string name, config_type type, config_default default_value, importance level,
                       std::string documentation, std::optional<std::string> group, int order_in_group, width w,
                       std::string display_name, std::vector<std::string> dependents = {},
                       recommender_ptr recommender = nullptr);

    /// A required key (no default), without a validator.
    config_def& define(std::string name, config_type type, importance level, std::string documentation,
                       std::optional<std::string> group, int order_in_group, width w, std::string display_name,
                       std::vector<std::string> dependents = {}, recommender_ptr recommender = nullptr);

    /// A key with no group (order -1, width none, display name = name).
    config_def& define(std::string name, config_type type, config_default default_value, validator_ptr validator,
                       importance level, std::string documentation);

    /// As above, without a validator.
    config_def& define(std::string name, config_type type, config_default default_value, importance level,
                       std::string documentation);

    /// A required key with no group and no validator.
    config_def& define(std::string name, config_type type, importance level, std::string documentation);

    /// Adds a fully built key; its default_value is converted to the key's type and validated.
    config_def& define(config_key key);

    /// An internal key: parsed like the others but left out of generated documentation.
    config_def& define_internal(std::string name, config_type type, config_default default_value, importance level);
    config_def& define_internal(std::string name, config_type type, config_default default_value,
                                validator_ptr validator, importance level, std::string documentation);

    // ---- composition -----------------------------------------------------------------------

    /// Defines every key of `other` here, in its order. Throws config_error on a name defined
    /// in both.
    config_def& merge(const config_def& other);

    /// A copy of this definition with every key of `other` added (see merge()).
    config_def with(const config_def& other) const;

    /// Defines each key of `child` under `key_prefix` (Kafka: ConfigDef.embed; Connect uses it
    /// for "transforms.<alias>." keys). Keys are taken in sorted_configs() order and numbered
    /// from `starting_order`; their group becomes `group_prefix` (plus ": <group>" when the
    /// child key has one); dependents are prefixed; validators and recommenders see the name
    /// without the prefix.
    config_def& embed(std::string_view key_prefix, std::string_view group_prefix, int starting_order,
                      const config_def& child);

    // ---- reading the definition ------------------------------------------------------------

    /// The keys in definition order.
    const std::vector<config_key>& config_keys() const noexcept { return keys_; }

    /// The key named `name`, or nullptr.
    const config_key* find(std::string_view name) const noexcept;

    bool contains(std::string_view name) const noexcept { return find(name) != nullptr; }

    /// The key names in definition order.
    std::vector<std::string> names() const;

    /// The groups in the order they first appeared.
    const std::vector<std::string>& groups() const noexcept { return groups_; }

    std::size_t size() const noexcept { return keys_.size(); }
    bool empty() const noexcept { return keys_.empty(); }

    /// The keys sorted like Kafka's documentation: by group (groups in first-seen order, keys
    /// without a group first), then order_in_group, then required before optional, then
    /// importance (high first), then name.
    std::vector<config_key> sorted_configs() const;

    // ---- parsing and validation ------------------------------------------------------------

    /// Parses every defined key from `props`; a key absent from `props` takes its default.
    /// Throws config_error at the first problem:
    ///   a missing required key:  Missing required configuration "x" which has no default value.
    ///   a value that does not parse, or that the validator rejects:
    ///                            Invalid value <v> for configuration <x>: <reason>
    /// Keys of `props` that are not defined are ignored.
    parsed_config parse(const std::map<std::string, std::string>& props) const;

    /// Validates `props` without throwing: one config_value per defined key, in definition
    /// order, carrying every error found (parse errors, missing required keys, validator and
    /// recommender errors). A dependent that names an undefined key gets its own entry with
    /// "<name> is referred in the dependents, but not defined." and visible = false.
    std::vector<config_value> validate(const std::map<std::string, std::string>& props) const;

    /// validate() keyed by name.
    std::map<std::string, config_value, std::less<>> validate_all(
        const std::map<std::string, std::string>& props) const;

    // ---- value conversion (Kafka: ConfigDef.parseType / convertToString) --------------------

    /// Parses the string form of a value of configuration `name` by `type`; throws config_error
    /// ("Invalid value abc for configuration x: Not a number of type INT") when it does not
    /// parse. See config_type for the accepted syntax.
    static parsed_value parse_type(std::string_view name, std::string_view text, config_type type);

    /// Converts a value that is already typed (a default) to `type`: strings are parsed with
    /// parse_type(), integers are range-checked into INT/SHORT/LONG/DOUBLE, null stays null.
    /// Throws config_error when the value does not fit the type.
    static parsed_value coerce(std::string_view name, const parsed_value& v, config_type type);

    /// The string form of a parsed value as Kafka Connect's REST API shows it: nullopt for
    /// null, lists comma-joined without spaces ("a,b"), passwords "[hidden]", doubles as Java
    /// prints them ("1.0"). Without a type, the Java toString() text.
    static std::optional<std::string> convert_to_string(const parsed_value& v, std::optional<config_type> type);

private:
    std::vector<std::string> undefined_dependents() const;
    std::vector<std::string> roots() const;
    void parse_for_validate(const std::string& name, const std::map<std::string, std::string>& props,
                            parsed_config& parsed, std::map<std::string, config_value, std::less<>>& out,
                            std::set<std::string, std::less<>>& seen) const;
    void recommend(const std::string& name, const parsed_config& parsed,
                   std::map<std::string, config_value, std::less<>>& out,
                   std::set<std::string, std::less<>>& seen) const;

    std::vector<config_key> keys_;
    std::map<std::string, std::size_t, std::less<>> index_;
    std::vector<std::string> groups_;
};

}  // namespace copycat
