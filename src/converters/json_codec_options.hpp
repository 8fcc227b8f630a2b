// Settings shared by the JSON value and schema codecs (from JsonConverterConfig).
#pragma once

#include <string_view>

#include "common/json.hpp"
#include "copycat/data/schema.hpp"

namespace copycat::converters {

/// How Decimal values are written (Kafka: org.apache.kafka.connect.json.DecimalFormat).
enum class decimal_format {
    /// A JSON string holding the base64 of the unscaled two's-complement bytes (the default).
    base64,
    /// A JSON number, e.g. 10.2345.
    numeric,
};

struct json_codec_options {
    decimal_format decimals = decimal_format::base64;
    /// A null value whose schema has a default is written (and read) as the default.
    bool replace_null_with_default = true;
};

/// Which of Connect's logical types a schema carries (its name and primitive type both match).
enum class logical_kind { none, decimal, date, time, timestamp };

/// The logical type of `s`, or logical_kind::none.
logical_kind logical_kind_of(const schema& s) noexcept;

/// Jackson's JsonNodeType name of a node, as Kafka's messages print it: "NULL", "BOOLEAN",
/// "NUMBER", "STRING", "ARRAY", "OBJECT"; "MISSING" for a null pointer.
std::string_view json_node_type_name(const json::value* node) noexcept;

}  // namespace copycat::converters
