// A parsed configuration with typed getters (Kafka: org.apache.kafka.common.config.AbstractConfig).
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "copycat/api.hpp"
#include "copycat/config/config_def.hpp"
#include "copycat/config/parsed_value.hpp"

namespace copycat {

/// The configuration of a connector, task, converter or transformation: the original string
/// map, parsed and validated by a config_def. Construction throws config_error on the first
/// problem (see config_def::parse()). Plugins usually derive a small class from it:
///
///     class file_source_config : public abstract_config {
///     public:
///         static const config_def& definition();
///         explicit file_source_config(const std::map<std::string, std::string>& props)
///             : abstract_config(definition(), props) {}
///         std::string topic() const { return get_string("topic"); }
///     };
///
/// Getters throw config_error for a key that is not defined ("Unknown configuration 'x'"), for
/// a key of another type, and for a null value (check is_null() first for keys whose default
/// is null). Every key read is remembered, so unused() lists what nobody asked for. Getters
/// may be called from several threads.
class COPYCAT_API abstract_config {
public:
    abstract_config(config_def definition, std::map<std::string, std::string> originals);
    virtual ~abstract_config();

    abstract_config(const abstract_config& other);
    abstract_config& operator=(const abstract_config& other);
    abstract_config(abstract_config&& other) noexcept;
    abstract_config& operator=(abstract_config&& other) noexcept;

    /// The parsed value of a defined key (null for a null default).
    const parsed_value& get(std::string_view key) const;

    /// True when the key's value is null (a null default that was not overridden).
    bool is_null(std::string_view key) const;

    bool get_bool(std::string_view key) const;
    std::int16_t get_short(std::string_view key) const;
    /// INT, or SHORT widened.
    std::int32_t get_int(std::string_view key) const;
    /// LONG, or INT/SHORT widened.
    std::int64_t get_long(std::string_view key) const;
    double get_double(std::string_view key) const;
    /// STRING (or CLASS) value, already trimmed.
    const std::string& get_string(std::string_view key) const;
    const config_list& get_list(std::string_view key) const;
    const password& get_password(std::string_view key) const;
    /// The class name of a CLASS key (a plugin class or alias; loading it is the caller's job).
    const std::string& get_class(std::string_view key) const;

    /// Marks a key as used without reading it.
    void ignore(std::string_view key) const;

    /// Original keys that no getter has read (Kafka logs them as "supplied but are not used
    /// yet"). Unknown keys are always unused.
    std::set<std::string> unused() const;

    /// Original keys that the definition does not define.
    std::set<std::string> unknown() const;

    /// The map this configuration was built from.
    const std::map<std::string, std::string>& originals() const noexcept { return originals_; }

    /// The original entries whose key starts with `prefix` and is longer than it; with `strip`
    /// the prefix is removed from the returned keys (Kafka: originalsWithPrefix). Used to hand
    /// "<prefix>..." settings to a nested component, e.g. "key.converter." to a converter.
    std::map<std::string, std::string> originals_with_prefix(std::string_view prefix, bool strip = true) const;

    /// Every parsed value by key (Kafka: values()). Does not mark keys as used.
    const parsed_config& values() const noexcept { return values_; }

    /// The parsed values, where an original "<prefix><key>" for a defined key overrides
    /// "<key>" (Kafka: valuesWithPrefixOverride). Throws config_error when an override does
    /// not parse or validate.
    parsed_config values_with_prefix_override(std::string_view prefix) const;

    /// The type of a defined key, or nullopt.
    std::optional<config_type> type_of(std::string_view key) const;

    /// The documentation of a defined key, or nullopt.
    std::optional<std::string> documentation_of(std::string_view key) const;

    const config_def& definition() const noexcept { return definition_; }

private:
    const parsed_value& typed(std::string_view key, config_type expected) const;
    void mark_used(std::string_view key) const;

    config_def definition_;
    std::map<std::string, std::string> originals_;
    parsed_config values_;
    mutable std::mutex used_mutex_;  // guards used_
    mutable std::set<std::string, std::less<>> used_;
};

}  // namespace copycat
