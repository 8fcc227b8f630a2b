#include "converters/json_schema_codec.hpp"

#include <string>

#include "copycat/data/schema_builder.hpp"
#include "copycat/errors.hpp"

namespace copycat::converters {
namespace {

std::string_view json_type_name(schema_type t) noexcept {
    switch (t) {
        case schema_type::int8:
            return "int8";
        case schema_type::int16:
            return "int16";
        case schema_type::int32:
            return "int32";
        case schema_type::int64:
            return "int64";
        case schema_type::float32:
            return "float";
        case schema_type::float64:
            return "double";
        case schema_type::boolean:
            return "boolean";
        case schema_type::string:
            return "string";
        case schema_type::bytes:
            return "bytes";
        case schema_type::array:
            return "array";
        case schema_type::map:
            return "map";
        case schema_type::struct_:
            return "struct";
    }
    return "";
}

std::optional<schema_type> parse_json_type_name(std::string_view name) noexcept {
    static constexpr schema_type all[] = {
        schema_type::boolean, schema_type::int8,    schema_type::int16,   schema_type::int32,
        schema_type::int64,   schema_type::float32, schema_type::float64, schema_type::bytes,
        schema_type::string,  schema_type::array,   schema_type::map,     schema_type::struct_,
    };
    for (const schema_type t : all) {
        if (json_type_name(t) == name) {
            return t;
        }
    }
    return std::nullopt;
}

// The members of the schema object, without the braces (a struct field appends "field").
void write_schema_members(json::writer& w, const schema& s, json_value_encoder& values) {
    w.key("type").string(json_type_name(s.type()));
    switch (s.type()) {
        case schema_type::array:
            w.key("items");
            write_json_schema(w, *s.value_schema(), values);
            break;
        case schema_type::map:
            w.key("keys");
            write_json_schema(w, *s.key_schema(), values);
            w.key("values");
            write_json_schema(w, *s.value_schema(), values);
            break;
        case schema_type::struct_:
            w.key("fields").start_array();
            for (const field& f : s.fields()) {
                w.start_object();
                write_schema_members(w, *f.schema, values);
                w.key("field").string(f.name);
                w.end_object();
            }
            w.end_array();
            break;
        default:
            break;
    }
    w.key("optional").boolean(s.is_optional());
    if (s.name()) {
        w.key("name").string(*s.name());
    }
    if (s.version()) {
        w.key("version").int64(*s.version());
    }
    if (s.doc()) {
        w.key("doc").string(*s.doc());
    }
    // In insertion order; an explicitly empty parameter map is written as "parameters":{}.
    if (s.has_parameters()) {
        w.key("parameters").start_object();
        for (const auto& [k, v] : s.parameters()) {
            w.key(k).string(v);
        }
        w.end_object();
    }
    if (!s.default_value().is_null()) {
        w.key("default");
        values.write(w, &s, s.default_value());
    }
}

schema_ptr required_schema(const json::value* node, json_value_decoder& values, const char* null_message) {
    schema_ptr s = node == nullptr ? nullptr : read_json_schema(*node, values);
    if (!s) {
        throw schema_builder_error(null_message);
    }
    return s;
}

schema_builder builder_for(schema_type type, const json::value& node, json_value_decoder& values) {
    switch (type) {
        case schema_type::array: {
            const json::value* items = find_member(node, "items");
            if (items == nullptr || items->is_null()) {
                throw data_error("Array schema did not specify the element type");
            }
            return schema_builder::array(read_json_schema(*items, values));
        }
        case schema_type::map: {
            const json::value* keys = find_member(node, "keys");
            if (keys == nullptr) {
                throw data_error("Map schema did not specify the key type");
            }
            const json::value* vals = find_member(node, "values");
            if (vals == nullptr) {
                throw data_error("Map schema did not specify the value type");
            }
            schema_ptr key_schema = required_schema(keys, values, "keySchema cannot be null.");
            return schema_builder::map(std::move(key_schema),
                                       required_schema(vals, values, "valueSchema cannot be null."));
        }
        case schema_type::struct_: {
            schema_builder builder = schema_builder::struct_();
            const json::value* fields = find_member(node, "fields");
            if (fields == nullptr || !fields->is_array()) {
                throw data_error("Struct schema's \"fields\" argument is not an array.");
            }
            for (const json::value& f : fields->as_array()) {
                const json::value* name = find_member(f, "field");
                if (name == nullptr || !name->is_string()) {
                    throw data_error("Struct schema's field name not specified properly");
                }
                builder.field(name->as_string(), read_json_schema(f, values));
            }
            return builder;
        }
        default:
            return schema_builder(type);
    }
}

void read_metadata(schema_builder& builder, const json::value& node, json_value_decoder& values) {
    const json::value* optional = find_member(node, "optional");
    if (optional != nullptr && optional->is_bool() && optional->as_bool()) {
        builder.optional();
    }
    if (const json::value* name = find_member(node, "name"); name != nullptr && name->is_string()) {
        builder.name(name->as_string());
    }
    if (const json::value* version = find_member(node, "version"); version != nullptr && version->is_integer()) {
        builder.version(static_cast<std::int32_t>(version->as_int64()));
    }
    if (const json::value* doc = find_member(node, "doc"); doc != nullptr && doc->is_string()) {
        builder.doc(doc->as_string());
    }
    // Kept in the order they are written. Like Kafka, an empty "parameters" object adds none,
    // so the schema read has no parameters at all (and is written back without "parameters").
    if (const json::value* params = find_member(node, "parameters"); params != nullptr && params->is_object()) {
        for (const auto& m : params->as_object()) {
            if (!m.val.is_string()) {
                throw data_error("Schema parameters must have string values.");
            }
            builder.parameter(m.name, m.val.as_string());
        }
    }
    if (const json::value* def = find_member(node, "default")) {
        // Read against the schema built so far (it has no default yet), as Kafka does.
        value default_value = values.read(builder.build(), def);
        if (!default_value.is_null()) {
            builder.default_value(std::move(default_value));
        }
    }
}

}  // namespace

void write_json_schema(json::writer& w, const schema& s, json_value_encoder& values) {
    w.start_object();
    write_schema_members(w, s, values);
    w.end_object();
}

schema_ptr read_json_schema(const json::value& node, json_value_decoder& values) {
    if (node.is_null()) {
        return nullptr;
    }
    const json::value* type_node = find_member(node, "type");
    if (type_node == nullptr || !type_node->is_string()) {
        throw data_error("Schema must contain 'type' field");
    }
    const auto type = parse_json_type_name(type_node->as_string());
    if (!type) {
        throw data_error("Unknown schema type: " + type_node->as_string());
    }
    schema_builder builder = builder_for(*type, node, values);
    read_metadata(builder, node, values);
    return builder.build();
}

}  // namespace copycat::converters
