#include "herder/transform_validation.hpp"

#include <algorithm>
#include <exception>
#include <memory>
#include <utility>

#include "common/strings.hpp"
#include "herder/plugin_validation.hpp"
#include "loader/plugin_registry.hpp"
#include "runtime/connector_config.hpp"
#include "runtime/transformation_chain.hpp"

namespace copycat::herder {
namespace {

namespace keys = runtime::connector_keys;

// Kafka: PredicatedTransformation.PREDICATE_CONFIG / NEGATE_CONFIG, the implicit keys of every
// transformation.
constexpr std::string_view predicate_key = "predicate";
constexpr std::string_view negate_key = "negate";

// Kafka: EnrichablePlugin.ClassRecommender, every class of one plugin kind.
class class_recommender final : public config_recommender {
public:
    explicit class_recommender(std::vector<parsed_value> classes) : classes_(std::move(classes)) {}
    std::vector<parsed_value> valid_values(std::string_view, const parsed_config&) const override { return classes_; }
    bool visible(std::string_view, const parsed_config&) const override { return true; }

private:
    std::vector<parsed_value> classes_;
};

recommender_ptr classes_of(const loader::plugin_registry& plugins, plugin_kind kind) {
    std::vector<parsed_value> classes;
    for (const loader::plugin_entry* e : plugins.entries()) {
        const auto kinds = e->kinds();
        if (std::find(kinds.begin(), kinds.end(), kind) != kinds.end()) classes.emplace_back(e->class_name);
    }
    return std::make_shared<class_recommender>(std::move(classes));
}

std::string_view kind_name(bool transform) { return transform ? "Transformation" : "Predicate"; }

// The implicit keys and the plugin's own keys, to be embedded under the alias prefix (Kafka:
// EnrichablePlugin.populateConfigDef; the implicit keys mask the plugin's keys of that name).
config_def alias_keys(bool transform, const config_def& own) {
    config_def out;
    if (transform) {
        out.define(std::string(predicate_key), config_type::string, nullptr, importance::medium,
                   "The alias of a predicate used to determine whether to apply this transformation.");
        out.define(std::string(negate_key), config_type::boolean, false, importance::medium,
                   "Whether the configured predicate should be negated.");
    }
    for (const config_key& key : own.config_keys()) {
        if (!out.contains(key.name)) out.define(key);
    }
    return out;
}

}  // namespace

transform_validation::transform_validation(const loader::plugin_registry& plugins, const string_map& props)
    : plugins_(plugins), props_(props) {
    const std::string predicates(keys::predicates);
    predicate_names_ = runtime::transformation_chain::aliases(props, predicates);
    for (const bool transform : {true, false}) {
        const std::string list_key = transform ? std::string(keys::transforms) : predicates;
        std::vector<std::string> seen;
        for (const std::string& name :
             transform ? runtime::transformation_chain::aliases(props, list_key) : predicate_names_) {
            if (std::find(seen.begin(), seen.end(), name) != seen.end()) continue;  // Kafka: a LinkedHashSet
            seen.push_back(name);
            alias a{transform, name, list_key + "." + name + ".", nullptr, false, std::nullopt, {}};
            if (auto type = props.find(a.prefix + "type"); type != props.end())
                a.entry = plugins.find(trim(type->second));
            if (a.entry != nullptr) {
                const plugin_kind wanted = transform ? plugin_kind::transformation : plugin_kind::predicate;
                a.right_kind = a.entry->kind() == wanted;
                if (a.right_kind) {
                    try {
                        a.keys = plugin_config_def(*a.entry);
                    } catch (const std::exception& e) {
                        a.keys_error = e.what();
                    } catch (...) {
                        a.keys_error = "unknown exception";
                    }
                }
            }
            aliases_.push_back(std::move(a));
        }
    }
}

config_def transform_validation::enrich(const config_def& base) const {
    config_def out = base;
    recommender_ptr transformations, predicates;
    for (const alias& a : aliases_) {
        recommender_ptr& classes = a.transform ? transformations : predicates;
        if (!classes)
            classes = classes_of(plugins_, a.transform ? plugin_kind::transformation : plugin_kind::predicate);
        const std::string group = std::string(a.transform ? "Transforms" : "Predicates") + ": " + a.name;
        const std::string kind = a.transform ? "transformation" : "predicate";
        out.define(a.prefix + "type", config_type::class_, importance::high,
                   "Class for the '" + a.name + "' " + kind + ".", group, 0, width::long_,
                   std::string(kind_name(a.transform)) + " type for " + a.name, {}, classes);
        if (!a.keys) continue;
        try {
            config_def embedded;
            embedded.embed(a.prefix, group, 1, alias_keys(a.transform, *a.keys));
            out.merge(embedded);
        } catch (const std::exception&) {
            // A key the plugin defines twice, or one that collides with another alias's key:
            // validate the alias by its type only.
        }
    }
    return out;
}

void transform_validation::check(std::map<std::string, config_value, std::less<>>& validated) const {
    for (const alias& a : aliases_) {
        if (auto type = validated.find(a.prefix + "type"); type != validated.end()) check_type(a, type->second);
        if (!a.transform || !a.keys) continue;
        auto predicate = validated.find(a.prefix + std::string(predicate_key));
        if (predicate == validated.end()) continue;
        const auto* name = std::get_if<std::string>(&predicate->second.value);
        if (name == nullptr || name->empty()) continue;
        if (std::find(predicate_names_.begin(), predicate_names_.end(), *name) == predicate_names_.end()) {
            // The text the task would fail with (runtime/transformation_chain.cpp).
            predicate->second.add_error("Invalid value " + *name + " for configuration " + predicate->first +
                                        ": Predicate alias not found in predicates");
        }
    }
}

void transform_validation::check_type(const alias& a, config_value& type) const {
    const std::string key = a.prefix + "type";
    const auto raw = props_.find(key);
    // Missing ("Missing required configuration ...") or blank (the CLASS parse's "could not be
    // found"): reported already.
    if (raw == props_.end() || type.has_errors()) return;
    if (a.entry == nullptr) {
        type.value = parsed_value{};  // Kafka: the CLASS value does not parse
        type.add_error("Invalid value " + raw->second + " for configuration " + key + ": Class " + raw->second +
                       " could not be found.");
        return;
    }
    if (a.transform) {
        const std::string negate = a.prefix + std::string(negate_key);
        const std::string predicate = a.prefix + std::string(predicate_key);
        if (props_.contains(negate) && !props_.contains(predicate)) {
            type.add_error("Config '" + negate + "' was provided but there is no config '" + predicate +
                           "' defining a predicate to be negated.");
            return;
        }
    }
    if (!a.right_kind) {
        type.add_error("Class class " + a.entry->class_name + " does not implement the " +
                       std::string(kind_name(a.transform)) + " interface");
        return;
    }
    if (!a.keys) {
        type.add_error("Invalid value class " + a.entry->class_name + " for configuration " + key +
                       ": Error getting config definition from " + std::string(kind_name(a.transform)) + ": " +
                       a.keys_error);
    }
}

}  // namespace copycat::herder
