#pragma once
// transform_validation: the keys and checks that the "transforms" and "predicates" aliases of a
// connector config add to its validation (Kafka: ConnectorConfig.enrich with requireFullConfig
// false, its EnrichablePlugin type validators, and EnrichedConnectorConfig).
//
// For each alias a of "transforms": "transforms.a.type" (CLASS, required, group "Transforms: a",
// recommended values: every transformation class) and, when that names a transformation, the
// implicit "transforms.a.predicate" / "transforms.a.negate" and the transformation's own keys,
// embedded under "transforms.a." (ConfigDef.embed). The same for "predicates" with
// "predicates.p.type" and the predicate's keys. Kafka 4.1's "<prefix>plugin.version" keys
// (KIP-891) are not added: Copycat has one version of each plugin and none of KIP-891's keys.
//
// After config_def validation, check() adds the errors Kafka's type keys report ("Class X could
// not be found.", "does not implement the Transformation interface", a negate without predicate)
// and one Copycat adds: a transform naming a predicate alias that "predicates" does not list
// (Kafka accepts that config and fails the task when it starts).
//
// Built per validation on the caller's thread; reads the registry (read-only after start-up).
// Creating a plugin to read its config() may throw: the message becomes an error of its type key.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "common/properties.hpp"
#include "copycat/config/config_def.hpp"
#include "copycat/config/config_value.hpp"

namespace copycat::loader {
struct plugin_entry;
class plugin_registry;
}  // namespace copycat::loader

namespace copycat::herder {

class transform_validation {
public:
    // Reads the aliases of `props` and, for each alias whose type names a plugin of the right
    // kind, that plugin's config(). Keeps a reference to `props`, which must outlive it.
    transform_validation(const loader::plugin_registry& plugins, const string_map& props);

    // True when the config lists no transformation and no predicate alias.
    bool empty() const { return aliases_.empty(); }

    // `base` plus the keys of every alias, in alias order (transforms, then predicates).
    config_def enrich(const config_def& base) const;

    // Adds the type keys' errors (and the undefined predicate reference) to the values of a
    // validation with the enrich()ed definition.
    void check(std::map<std::string, config_value, std::less<>>& validated) const;

private:
    struct alias {
        bool transform = true;  // else a predicate
        std::string name;
        std::string prefix;                           // "transforms.<name>." or "predicates.<name>."
        const loader::plugin_entry* entry = nullptr;  // what "<prefix>type" names, of any kind
        bool right_kind = false;
        std::optional<config_def> keys;  // the plugin's config(), when it could be read
        std::string keys_error;          // why it could not
    };

    void check_type(const alias& a, config_value& type) const;

    const loader::plugin_registry& plugins_;
    const string_map& props_;
    std::vector<std::string> predicate_names_;
    std::vector<alias> aliases_;
};

}  // namespace copycat::herder
