// Fluent construction of schemas (Kafka: SchemaBuilder).
//
//   schema_ptr user = schema_builder::struct_()
//                         .name("com.acme.User").version(1)
//                         .field("id", schema::int64())
//                         .field("email", schema::optional_string())
//                         .field("tags", schema_builder::array(schema::string()).optional().build())
//                         .build();
//
// Misuse throws schema_builder_error: a duplicate field, a field on a non-struct, setting name,
// version, doc, optional or default twice to different values, or a default value that does not
// match the schema.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "copycat/data/schema.hpp"
#include "copycat/data/schema_type.hpp"
#include "copycat/data/value.hpp"

namespace copycat {

class schema_builder {
public:
    explicit schema_builder(schema_type type);

    static schema_builder int8() { return schema_builder(schema_type::int8); }
    static schema_builder int16() { return schema_builder(schema_type::int16); }
    static schema_builder int32() { return schema_builder(schema_type::int32); }
    static schema_builder int64() { return schema_builder(schema_type::int64); }
    static schema_builder float32() { return schema_builder(schema_type::float32); }
    static schema_builder float64() { return schema_builder(schema_type::float64); }
    static schema_builder boolean() { return schema_builder(schema_type::boolean); }
    static schema_builder string() { return schema_builder(schema_type::string); }
    static schema_builder bytes() { return schema_builder(schema_type::bytes); }
    static schema_builder struct_() { return schema_builder(schema_type::struct_); }
    /// An ARRAY of `element_schema` (must not be null).
    static schema_builder array(schema_ptr element_schema);
    /// A MAP from `key_schema` to `value_schema` (neither may be null).
    static schema_builder map(schema_ptr key_schema, schema_ptr value_schema);

    /// A builder holding everything of `source`: type, optional, default, name, version, doc,
    /// parameters, fields, key and value schemas. Add fields or change metadata, then build().
    static schema_builder copy_of(const schema& source);
    /// A builder with the type, name, version, doc and parameters of `source`, but no fields,
    /// not optional and no default (Kafka: SchemaUtil.copySchemaBasics). Like Kafka, an empty
    /// parameter map is not copied (the builder then has no parameters).
    static schema_builder copy_basics(const schema& source);

    schema_builder& optional();
    schema_builder& required();
    /// Validated against the schema as built so far (call after fields/optional are set).
    schema_builder& default_value(value v);
    schema_builder& name(std::string schema_name);
    schema_builder& version(std::int32_t schema_version);
    schema_builder& doc(std::string schema_doc);
    /// Sets one parameter: a new key goes after the existing ones, an existing key keeps its
    /// position and takes the new value (Kafka: SchemaBuilder.parameter).
    schema_builder& parameter(std::string key, std::string val);
    /// parameter() for each entry of `params`, in its order. Adds to the existing parameters;
    /// an empty `params` changes nothing, so it never creates an empty parameter map (Kafka:
    /// SchemaBuilder.parameters).
    schema_builder& parameters(const schema_parameters& params);
    /// Sets the parameters to exactly `params`, dropping any set before: std::nullopt gives a
    /// schema without parameters, an empty map a schema with an explicitly empty parameter map
    /// (as Kafka's ConnectSchema constructor takes them).
    schema_builder& replace_parameters(std::optional<schema_parameters> params);
    /// Appends a field to a STRUCT builder.
    schema_builder& field(std::string field_name, schema_ptr field_schema);

    schema_type type() const noexcept { return built_.type_; }
    bool is_optional() const noexcept { return built_.optional_; }
    /// The fields added so far.
    const std::vector<struct field>& fields() const noexcept { return built_.fields_; }

    /// An immutable schema with the current state. The builder stays usable.
    schema_ptr build() const;

private:
    schema built_;
    bool optional_set_ = false;
    bool overridable_ = false;  // made by copy_of/copy_basics: attributes may be set again
};

}  // namespace copycat
