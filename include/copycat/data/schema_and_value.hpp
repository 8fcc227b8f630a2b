// A value together with its schema (Kafka: SchemaAndValue), as returned by converters.
#pragma once

#include "copycat/data/schema.hpp"
#include "copycat/data/value.hpp"

namespace copycat {

struct schema_and_value {
    /// Null for schemaless data.
    schema_ptr schema;
    value val;

    /// Structural schema equality and value equality.
    friend bool operator==(const schema_and_value& a, const schema_and_value& b) noexcept {
        return schemas_equal(a.schema, b.schema) && a.val == b.val;
    }
};

}  // namespace copycat
