#include "transforms/flatten.hpp"

#include "copycat/config/abstract_config.hpp"
#include "copycat/data/schema_builder.hpp"
#include "copycat/data/struct_value.hpp"
#include "copycat/errors.hpp"
#include "transforms/map_entries.hpp"
#include "transforms/requirements.hpp"
#include "transforms/struct_copy.hpp"

namespace copycat::transforms {
namespace {

constexpr std::string_view purpose = "flattening";

// A copy of a primitive or array field schema with the optionality and default it gets from
// its ancestors (Flatten.convertFieldSchema).
schema_ptr converted_field_schema(const schema& original, bool optional, const value& default_from_parent) {
    schema_builder builder = schema_builder::copy_basics(original);
    if (optional) {
        builder.optional();
    }
    if (!default_from_parent.is_null()) {
        builder.default_value(default_from_parent);
    }
    return builder.build();
}

[[noreturn]] void unsupported_with_schema(schema_type type, const std::string& name) {
    throw data_error("Flatten transformation does not support " + std::string(schema_type_name(type)) +
                     " for record with schemas (for field " + name + ").");
}

}  // namespace

const config_def& flatten::definition() {
    static const config_def def = [] {
        config_def d;
        d.define("delimiter", config_type::string, ".", importance::medium,
                 "Delimiter to insert between field names from the input record when generating field names for the "
                 "output record");
        return d;
    }();
    return def;
}

void flatten::configure(const std::map<std::string, std::string>& configs) {
    const abstract_config cfg(definition(), configs);
    delimiter_ = cfg.get_string("delimiter");
    schema_updates_.clear();
}

std::string flatten::field_name(const std::string& prefix, const std::string& name) const {
    return prefix.empty() ? name : prefix + delimiter_ + name;
}

bool flatten::apply(connect_record& record) {
    value& operating = operating_value(record, part_);
    if (operating.is_null()) {
        return true;
    }
    schema_ptr& schema = operating_schema(record, part_);
    if (!schema) {
        value_map out;
        flatten_map(require_map(operating, purpose), "", out);
        operating = std::move(out);
        return true;
    }
    const struct_value* original = require_struct_or_null(operating, purpose);
    const schema_ptr updated_schema = schema_updates_.get_or_build(schema, [this](const schema_ptr& s) {
        schema_builder builder = schema_builder::struct_();
        copy_schema_basics(*s, builder);
        const value& default_value = s->default_value();
        build_schema(*s, "", builder, s->is_optional(),
                     default_value.is_struct() ? &default_value.as_struct() : nullptr);
        return builder.build();
    });
    struct_value updated(updated_schema);
    flatten_struct(original, "", updated);
    schema = updated_schema;
    operating = std::move(updated);
    return true;
}

void flatten::flatten_map(const value_map& original, const std::string& prefix, value_map& out) const {
    for (const auto& [key, v] : original) {
        const std::string name = field_name(prefix, key.is_string() ? key.as_string() : key.to_string());
        switch (v.kind()) {
            case value_kind::null:
            case value_kind::boolean:
            case value_kind::int8:
            case value_kind::int16:
            case value_kind::int32:
            case value_kind::int64:
            case value_kind::float32:
            case value_kind::float64:
            case value_kind::string:
            case value_kind::bytes:
            case value_kind::array:
                map_put(out, name, v);
                break;
            case value_kind::map:
                flatten_map(v.as_map(), name, out);
                break;
            case value_kind::struct_:
                throw data_error("Flatten transformation does not support " + java_class_text(v) +
                                 " for record without schemas (for field " + name + ").");
            default:
                throw data_error("Flatten transformation was passed a value of type " + java_class_text(v) +
                                 " which is not supported by Connect's data API");
        }
    }
}

void flatten::build_schema(const schema& s, const std::string& prefix, schema_builder& out, bool optional,
                           const struct_value* default_from_parent) const {
    for (const field& f : s.fields()) {
        const std::string name = field_name(prefix, f.name);
        const bool field_optional = optional || f.schema->is_optional();
        value field_default = f.schema->default_value();
        if (field_default.is_null() && default_from_parent != nullptr) {
            field_default = default_from_parent->get(f.name);
        }
        if (f.schema->type() == schema_type::struct_) {
            build_schema(*f.schema, name, out, field_optional,
                         field_default.is_struct() ? &field_default.as_struct() : nullptr);
        } else if (f.schema->type() == schema_type::map) {
            unsupported_with_schema(f.schema->type(), name);
        } else {
            out.field(name, converted_field_schema(*f.schema, field_optional, field_default));
        }
    }
}

void flatten::flatten_struct(const struct_value* original, const std::string& prefix, struct_value& out) const {
    if (original == nullptr) {
        return;
    }
    for (const field& f : original->schema()->fields()) {
        const std::string name = field_name(prefix, f.name);
        if (f.schema->type() == schema_type::struct_) {
            const value& nested = original->get(f.name);
            flatten_struct(nested.is_struct() ? &nested.as_struct() : nullptr, name, out);
        } else if (f.schema->type() == schema_type::map) {
            unsupported_with_schema(f.schema->type(), name);
        } else {
            put_unless_null(out, name, original->get(f.name));
        }
    }
}

}  // namespace copycat::transforms
