#include "transforms/cast.hpp"

#include <variant>

#include "common/strings.hpp"
#include "copycat/config/abstract_config.hpp"
#include "copycat/config/lambda_validator.hpp"
#include "copycat/data/schema_builder.hpp"
#include "copycat/data/struct_value.hpp"
#include "copycat/errors.hpp"
#include "transforms/cast_value.hpp"
#include "transforms/java_split.hpp"
#include "transforms/map_entries.hpp"
#include "transforms/requirements.hpp"
#include "transforms/struct_copy.hpp"

namespace copycat::transforms {
namespace {

constexpr std::string_view purpose = "cast types";

schema_type parse_target(const std::string& name) {
    const auto type = parse_cast_type(trim(name));
    if (!type) {
        throw config_error("Invalid type found in casting spec: " + std::string(trim(name)));
    }
    return valid_cast_target(*type);
}

std::string list_text(const std::vector<std::string>& items) {
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i) {
        out += (i == 0 ? "" : ", ") + items[i];
    }
    return out + "]";
}

}  // namespace

const schema_type* cast::cast_spec::target_of(std::string_view field_name) const {
    for (const auto& [name, type] : fields) {
        if (name == field_name) {
            return &type;
        }
    }
    return nullptr;
}

cast::cast_spec cast::parse_spec(const std::vector<std::string>& mappings) {
    if (mappings.empty()) {
        throw config_error("Must specify at least one field to cast.");
    }
    cast_spec spec;
    for (const std::string& mapping : mappings) {
        const auto parts = java_split(mapping, ':');
        if (parts.size() > 2) {
            throw config_error(
                invalid_value_message("spec", list_text(mappings), "Invalid rename mapping: " + mapping));
        }
        if (parts.size() <= 1) {
            spec.whole_value = parse_target(parts.empty() ? std::string() : parts[0]);
            continue;
        }
        const schema_type type = parse_target(parts[1]);
        const std::string name(trim(parts[0]));
        bool replaced = false;
        for (auto& [existing, existing_type] : spec.fields) {
            if (existing == name) {
                existing_type = type;
                replaced = true;
            }
        }
        if (!replaced) {
            spec.fields.emplace_back(name, type);
        }
    }
    if (spec.whole_value && mappings.size() > 1) {
        throw config_error(
            "Cast transformations that specify a type to cast the entire value to may only specify a single cast in "
            "their spec");
    }
    return spec;
}

const config_def& cast::definition() {
    static const config_def def = [] {
        config_def d;
        d.define("spec", config_type::list, no_default,
                 lambda_validator::with(
                     [](std::string_view, const parsed_value& v) {
                         const auto* list = std::get_if<config_list>(&v);
                         parse_spec(list != nullptr ? *list : config_list{});
                     },
                     [] { return std::string("list of colon-delimited pairs, e.g. <code>foo:bar,abc:xyz</code>"); }),
                 importance::high,
                 "List of fields and the type to cast them to of the form field1:type,field2:type to cast fields of "
                 "Maps or Structs. A single type to cast the entire value. Valid types are int8, int16, int32, int64, "
                 "float32, float64, boolean, and string. Note that binary fields can only be cast to string.")
            .define(std::string(replace_null_with_default_config), config_type::boolean, true, importance::medium,
                    std::string(replace_null_with_default_doc));
        return d;
    }();
    return def;
}

void cast::configure(const std::map<std::string, std::string>& configs) {
    const abstract_config cfg(definition(), configs);
    spec_ = parse_spec(cfg.get_list("spec"));
    replace_null_with_default_ = cfg.get_bool(replace_null_with_default_config);
    schema_updates_.clear();
}

bool cast::apply(connect_record& record) {
    value& operating = operating_value(record, part_);
    if (operating.is_null()) {
        return true;
    }
    schema_ptr& schema = operating_schema(record, part_);
    if (!schema) {
        if (spec_.whole_value) {
            operating = cast_value(nullptr, operating, *spec_.whole_value);
            return true;
        }
        const value_map& original = require_map(operating, purpose);
        value_map updated = original;
        for (const auto& [name, type] : spec_.fields) {
            map_put(updated, name, cast_value(nullptr, map_get(original, name), type));
        }
        operating = std::move(updated);
        return true;
    }
    const schema_ptr updated_schema_ptr = updated_schema(schema);
    if (spec_.whole_value) {
        operating = cast_value(schema.get(), operating, *spec_.whole_value);
        schema = updated_schema_ptr;
        return true;
    }
    const struct_value& original = require_struct(operating, purpose);
    struct_value updated(updated_schema_ptr);
    for (const field& f : original.schema()->fields()) {
        const value& v = read_field(original, f.name, replace_null_with_default_);
        const schema_type* target = spec_.target_of(f.name);
        put_unless_null(updated, f.name, target != nullptr ? cast_value(f.schema.get(), v, *target) : v);
    }
    schema = updated_schema_ptr;
    operating = std::move(updated);
    return true;
}

schema_ptr cast::updated_schema(const schema_ptr& original) {
    return schema_updates_.get_or_build(original, [this](const schema_ptr& s) { return build_updated_schema(*s); });
}

schema_ptr cast::build_updated_schema(const schema& original) const {
    schema_builder builder(spec_.whole_value ? *spec_.whole_value : schema_type::struct_);
    copy_schema_basics(original, builder);
    if (!spec_.whole_value) {
        for (const field& f : original.fields()) {
            const schema_type* target = spec_.target_of(f.name);
            if (target == nullptr) {
                builder.field(f.name, f.schema);
                continue;
            }
            schema_builder field_builder(*target);
            if (f.schema->is_optional()) {
                field_builder.optional();
            }
            if (!f.schema->default_value().is_null()) {
                field_builder.default_value(cast_value(f.schema.get(), f.schema->default_value(), *target));
            }
            builder.field(f.name, field_builder.build());
        }
    }
    if (original.is_optional()) {
        builder.optional();
    }
    if (!original.default_value().is_null()) {
        builder.default_value(cast_value(&original, original.default_value(), builder.type()));
    }
    return builder.build();
}

}  // namespace copycat::transforms
