// Building a transformed schema or struct from an original one.
#pragma once

#include <string_view>

#include "copycat/data/schema.hpp"
#include "copycat/data/schema_builder.hpp"
#include "copycat/data/struct_value.hpp"
#include "copycat/data/value.hpp"

namespace copycat::transforms {

/// Copies the name, version, doc and parameters of `source` into `target`, whatever its type
/// (Kafka: SchemaUtil.copySchemaBasics(source, builder)). Returns `target`.
schema_builder& copy_schema_basics(const schema& source, schema_builder& target);

/// A field's value as Kafka's transformations read it under "replace.null.with.default":
/// true gives the schema's default for a null field (Struct.get), false the stored value
/// (Struct.getWithoutDefault).
const value& read_field(const struct_value& s, std::string_view field_name, bool replace_null_with_default);

/// Stores `v` in the field unless it is null: an unset field already reads as null, and this
/// keeps a required field that has a default from being rejected.
void put_unless_null(struct_value& s, std::string_view field_name, value v);

/// The "replace.null.with.default" key shared by most transformations.
inline constexpr std::string_view replace_null_with_default_config = "replace.null.with.default";
inline constexpr std::string_view replace_null_with_default_doc =
    "Whether to replace fields that have a default value and that are null to the default value. When set to true, "
    "the default value is used, otherwise null is used.";

}  // namespace copycat::transforms
