// The description of the records a datagen task generates: the fields of the value, their
// Connect types and the generator of each, read from the JSON format of "schema.string" (the
// quickstarts are written in it too; the format is documented in docs/connectors/datagen.md).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "copycat/data/schema.hpp"
#include "copycat/data/value.hpp"
#include "datagen/string_pattern.hpp"

namespace copycat::datagen {

/// The field types of a description: "boolean", "int32", "int64", "float32", "float64",
/// "string", "timestamp" (Connect's Timestamp logical type, milliseconds) and "struct".
enum class field_type { boolean, int32, int64, float32, float64, string, timestamp, struct_ };

/// No generator given: a fair coin for booleans, 8 to 16 lowercase letters for strings.
struct default_generator {};

/// "range": {"min": a, "max": b}: uniform in [a, b) (integers for integer and timestamp
/// fields), as the "range" of Avro's random generator.
struct range_generator {
    std::int64_t int_min = 0;
    std::int64_t int_max = 0;
    double float_min = 0;
    double float_max = 0;
};

/// "options": [...]: one of the values, each equally likely.
struct options_generator {
    std::vector<value> choices;
};

/// "sequence": {"start": s, "step": k}: s + k * n for the task's n-th record (n from 0), so it
/// continues where it was after a restart; strings get the decimal text of the number.
struct sequence_generator {
    std::int64_t int_start = 0;
    std::int64_t int_step = 1;
    double float_start = 0;
    double float_step = 1;
};

/// "regex": "...": a string matching a simple pattern (see string_pattern).
struct regex_generator {
    string_pattern pattern;
};

/// "now": true: the time the record is generated, in milliseconds since the epoch.
struct now_generator {};

using generator = std::variant<default_generator, range_generator, options_generator, sequence_generator,
                               regex_generator, now_generator>;

/// One field of a struct: its name, type, Connect schema, and generator (or its own fields
/// for a struct).
struct field_spec {
    std::string name;
    field_type type = field_type::string;
    schema_ptr schema;
    generator gen;
    std::vector<field_spec> fields;
};

/// A parsed description: the value schema (a STRUCT) and its top-level fields.
struct record_description {
    schema_ptr value_schema;
    std::vector<field_spec> fields;

    /// The top-level field named `name`, or nullptr.
    const field_spec* field(std::string_view name) const noexcept;
};

/// Parses a description:
///
///     {"schema_name": "shop.order",          (optional: the name of the value schema)
///      "fields": [
///        {"name": "id", "type": "int64", "sequence": {"start": 1}},
///        {"name": "amount", "type": "float64", "range": {"min": 0.5, "max": 100}},
///        {"name": "customer", "type": "struct", "schema_name": "shop.customer",
///         "fields": [{"name": "name", "type": "string", "regex": "Customer_[1-9]{1,3}"}]}]}
///
/// Each field has a "name", a "type" and at most one generator ("range", "options",
/// "sequence", "regex", "now"); numbers and timestamps need one. Throws config_error with the
/// field's path and what is wrong: `field "customer.name": "regex" needs a string field`.
std::shared_ptr<const record_description> parse_description(std::string_view json);

}  // namespace copycat::datagen
