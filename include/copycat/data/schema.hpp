// Immutable schemas (Kafka: Schema / ConnectSchema / Field).
//
// A schema is shared through schema_ptr (std::shared_ptr<const schema>). Build custom schemas
// with schema_builder; use the predefined ones (schema::int32(), schema::optional_string(), ...)
// for plain primitives.
//
// Schemas compare by CONTENT: operator== on `schema` is structural, and schemas_equal() compares
// two schema_ptr structurally. Never compare schema_ptr with == (that compares addresses, and
// every plugin library has its own copy of the predefined schemas).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "copycat/data/schema_parameters.hpp"
#include "copycat/data/schema_type.hpp"
#include "copycat/data/value.hpp"

namespace copycat {

class schema;
class schema_builder;

/// A shared immutable schema. A null schema_ptr means "no schema" (schemaless data).
using schema_ptr = std::shared_ptr<const schema>;

/// One field of a STRUCT schema (Kafka: Field).
struct field {
    std::string name;
    /// Position of the field in its struct, from 0.
    std::size_t index = 0;
    schema_ptr schema;

    /// Same name, same index, structurally equal schemas.
    friend bool operator==(const field& a, const field& b) noexcept;
};

/// Structural equality of two possibly-null schema pointers (two nulls are equal).
bool schemas_equal(const schema_ptr& a, const schema_ptr& b) noexcept;

class schema {
public:
    schema_type type() const noexcept { return type_; }
    bool is_optional() const noexcept { return optional_; }
    /// The default value; null when the schema has none.
    const value& default_value() const noexcept { return default_; }
    /// The fully qualified name, e.g. "org.apache.kafka.connect.data.Decimal" or "com.acme.User".
    const std::optional<std::string>& name() const noexcept { return name_; }
    const std::optional<std::int32_t>& version() const noexcept { return version_; }
    const std::optional<std::string>& doc() const noexcept { return doc_; }
    /// The parameters in insertion order; empty when the schema has none.
    const schema_parameters& parameters() const noexcept { return parameters_; }
    /// False when the schema has no parameter map at all (Kafka: parameters() is null), true
    /// when it has one, even an empty one. Kafka's JsonConverter writes "parameters" only when
    /// this is true, so an explicitly empty map comes out as "parameters":{}.
    bool has_parameters() const noexcept { return has_parameters_; }

    /// True when name() equals `logical_name`.
    bool has_name(std::string_view logical_name) const noexcept { return name_ && *name_ == logical_name; }

    /// Key schema of a MAP. Throws data_error for other types.
    const schema_ptr& key_schema() const;
    /// Element schema of an ARRAY, value schema of a MAP. Throws data_error for other types.
    const schema_ptr& value_schema() const;
    /// Fields of a STRUCT, in order. Throws data_error for other types.
    const std::vector<field>& fields() const;
    /// The field called `field_name`, or nullptr when there is none. Throws data_error when this
    /// is not a STRUCT.
    const struct field* find_field(std::string_view field_name) const;
    /// The field called `field_name`. Throws data_error when there is none or this is not a
    /// STRUCT.
    const struct field& get_field(std::string_view field_name) const;

    /// Readable description for logs and errors, e.g. "Schema{INT32}" or
    /// "Schema{com.acme.User:STRUCT}".
    std::string to_string() const;

    /// Deep, structural equality (type, optional, default, name, version, doc, parameters, key,
    /// value and field schemas) like ConnectSchema.equals. Parameters compare regardless of their
    /// order, but no parameters differs from an empty parameter map.
    friend bool operator==(const schema& a, const schema& b) noexcept;

    /// A hash consistent with operator== (for caches keyed by schema).
    std::size_t hash() const noexcept;

    // Predefined schemas, shared and immutable (Kafka: Schema.INT8_SCHEMA, ...).
    static const schema_ptr& int8();
    static const schema_ptr& int16();
    static const schema_ptr& int32();
    static const schema_ptr& int64();
    static const schema_ptr& float32();
    static const schema_ptr& float64();
    static const schema_ptr& boolean();
    static const schema_ptr& string();
    static const schema_ptr& bytes();
    static const schema_ptr& optional_int8();
    static const schema_ptr& optional_int16();
    static const schema_ptr& optional_int32();
    static const schema_ptr& optional_int64();
    static const schema_ptr& optional_float32();
    static const schema_ptr& optional_float64();
    static const schema_ptr& optional_boolean();
    static const schema_ptr& optional_string();
    static const schema_ptr& optional_bytes();

    /// The predefined schema for a primitive type (required or optional). Throws data_error for
    /// array, map and struct_.
    static const schema_ptr& of(schema_type type, bool optional = false);

private:
    friend class schema_builder;
    schema() = default;

    schema_type type_ = schema_type::int32;
    bool optional_ = false;
    value default_;
    std::optional<std::string> name_;
    std::optional<std::int32_t> version_;
    std::optional<std::string> doc_;
    schema_parameters parameters_;
    bool has_parameters_ = false;  // false: no parameter map (parameters_ is then empty)
    schema_ptr key_schema_;
    schema_ptr value_schema_;
    std::vector<struct field> fields_;
};

}  // namespace copycat

template <>
struct std::hash<copycat::schema> {
    std::size_t operator()(const copycat::schema& s) const noexcept { return s.hash(); }
};
