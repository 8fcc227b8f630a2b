#include "transforms/replace_field.hpp"

#include <variant>

#include "common/logging.hpp"
#include "copycat/config/abstract_config.hpp"
#include "copycat/config/lambda_validator.hpp"
#include "copycat/data/schema_builder.hpp"
#include "copycat/errors.hpp"
#include "transforms/java_split.hpp"
#include "transforms/map_entries.hpp"
#include "transforms/requirements.hpp"
#include "transforms/struct_copy.hpp"

namespace copycat::transforms {
namespace {

constexpr std::string_view purpose = "field replacement";

std::string list_text(const std::vector<std::string>& items) {
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i) {
        out += (i == 0 ? "" : ", ") + items[i];
    }
    return out + "]";
}

// Kafka 3.x read "whitelist" / "blacklist" as "include" / "exclude" when those were not set
// (ConfigUtils.translateDeprecatedConfigs).
std::map<std::string, std::string> translate_deprecated(std::map<std::string, std::string> configs) {
    for (const auto& [target, deprecated] : {std::pair<std::string, std::string>{"include", "whitelist"},
                                             std::pair<std::string, std::string>{"exclude", "blacklist"}}) {
        auto old = configs.find(deprecated);
        if (old == configs.end()) {
            continue;
        }
        if (configs.contains(target)) {
            log::warn("Configuration key {} is deprecated and will be ignored because {} is also set", deprecated,
                      target);
        } else {
            log::warn(
                "Configuration key {} is deprecated and may be removed in the future. Please update your "
                "configuration to use {} instead.",
                deprecated, target);
            configs.emplace(target, old->second);
        }
        configs.erase(deprecated);
    }
    return configs;
}

}  // namespace

const config_def& replace_field::definition() {
    static const config_def def = [] {
        config_def d;
        d.define("exclude", config_type::list, config_list{}, importance::medium,
                 "Fields to exclude. This takes precedence over the fields to include.")
            .define("blacklist", config_type::list, nullptr, importance::low, "Deprecated. Use exclude instead.")
            .define("include", config_type::list, config_list{}, importance::medium,
                    "Fields to include. If specified, only these fields will be used.")
            .define("whitelist", config_type::list, nullptr, importance::low, "Deprecated. Use include instead.")
            .define("renames", config_type::list, config_list{},
                    lambda_validator::with(
                        [](std::string_view, const parsed_value& v) {
                            if (const auto* list = std::get_if<config_list>(&v)) {
                                parse_rename_mappings(*list);
                            }
                        },
                        [] { return std::string("list of colon-delimited pairs, e.g. <code>foo:bar,abc:xyz</code>"); }),
                    importance::medium, "Field rename mappings.")
            .define(std::string(replace_null_with_default_config), config_type::boolean, true, importance::medium,
                    std::string(replace_null_with_default_doc));
        return d;
    }();
    return def;
}

std::map<std::string, std::string> replace_field::parse_rename_mappings(const std::vector<std::string>& mappings) {
    std::map<std::string, std::string> out;
    for (const std::string& mapping : mappings) {
        const auto parts = java_split(mapping, ':');
        if (parts.size() != 2) {
            throw config_error(
                invalid_value_message("renames", list_text(mappings), "Invalid rename mapping: " + mapping));
        }
        out.insert_or_assign(parts[0], parts[1]);
    }
    return out;
}

void replace_field::configure(const std::map<std::string, std::string>& configs) {
    const abstract_config cfg(definition(), translate_deprecated(configs));
    const config_list& exclude = cfg.get_list("exclude");
    const config_list& include = cfg.get_list("include");
    exclude_ = {exclude.begin(), exclude.end()};
    include_ = {include.begin(), include.end()};
    renames_.clear();
    reverse_renames_.clear();
    for (auto& [from, to] : parse_rename_mappings(cfg.get_list("renames"))) {
        reverse_renames_.insert_or_assign(to, from);
        renames_.emplace(from, to);
    }
    replace_null_with_default_ = cfg.get_bool(replace_null_with_default_config);
    schema_updates_.clear();
}

bool replace_field::keeps(const std::string& field_name) const {
    return !exclude_.contains(field_name) && (include_.empty() || include_.contains(field_name));
}

const std::string& replace_field::renamed(const std::string& field_name) const {
    auto it = renames_.find(field_name);
    return it == renames_.end() ? field_name : it->second;
}

const std::string& replace_field::reverse_renamed(const std::string& field_name) const {
    auto it = reverse_renames_.find(field_name);
    return it == reverse_renames_.end() ? field_name : it->second;
}

bool replace_field::apply(connect_record& record) {
    value& operating = operating_value(record, part_);
    if (operating.is_null()) {
        return true;
    }
    if (!operating_schema(record, part_)) {
        value_map updated;
        for (const auto& [key, field_value] : require_map(operating, purpose)) {
            const std::string name = key.is_string() ? key.as_string() : key.to_string();
            if (keeps(name)) {
                map_put(updated, renamed(name), field_value);
            }
        }
        operating = std::move(updated);
        return true;
    }
    const struct_value& original = require_struct(operating, purpose);
    const schema_ptr updated_schema = schema_updates_.get_or_build(
        original.schema(), [this](const schema_ptr& s) { return make_updated_schema(*s); });
    struct_value updated(updated_schema);
    for (const field& f : updated_schema->fields()) {
        put_unless_null(updated, f.name, read_field(original, reverse_renamed(f.name), replace_null_with_default_));
    }
    operating_schema(record, part_) = updated_schema;
    operating = std::move(updated);
    return true;
}

schema_ptr replace_field::make_updated_schema(const schema& original) const {
    schema_builder builder = schema_builder::struct_();
    copy_schema_basics(original, builder);
    for (const field& f : original.fields()) {
        if (keeps(f.name)) {
            builder.field(renamed(f.name), f.schema);
        }
    }
    return builder.build();
}

}  // namespace copycat::transforms
