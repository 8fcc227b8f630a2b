// JSON -> Connect value, as Kafka's JsonConverter.convertToConnect reads it.
#pragma once

#include "common/json.hpp"
#include "converters/json_codec_options.hpp"
#include "converters/json_text_scan.hpp"
#include "copycat/data/schema.hpp"
#include "copycat/data/value.hpp"

namespace copycat::converters {

/// Reads parsed JSON into Connect values, guided by a schema or inferring one:
///  - with a schema: integers are narrowed like Java casts (an INT8 of 300 reads as 44, as
///    Kafka does), floats are rounded to the schema's width, bytes are base64-decoded, maps use
///    JSON objects (STRING keys) or arrays of [key, value] pairs, structs take each field of
///    the schema from the object (missing fields read as null), logical types become decimal,
///    date, time_of_day and timestamp values; a null (or missing) node reads as the schema
///    default when replace_null_with_default, else null when optional;
///  - without a schema: null, boolean, INT64 for integers, FLOAT64 for other numbers, string,
///    array, and MAP with string keys for objects.
/// Numeric Decimals keep every digit and the scale of their JSON text, like Jackson's
/// BigDecimal. Throws data_error (Kafka's messages where Kafka has one) for nodes of the wrong
/// JSON type, invalid base64, required nulls and integers beyond 64 bits.
class json_value_decoder {
public:
    /// `numbers` gives the exact text of number nodes (may be null: Decimals are then read from
    /// the parsed double, losing digits beyond 17).
    json_value_decoder(json_codec_options options, json_number_source* numbers) noexcept
        : options_(options), numbers_(numbers) {}

    /// Reads `node` (null: the JSON had no such member) described by `s` (null: schemaless).
    value read(const schema_ptr& s, const json::value* node);

private:
    value read_schemaless(const json::value& node);
    value read_logical(const schema& s, logical_kind kind, const json::value& node);
    value read_decimal(const schema& s, const json::value& node);
    value read_map(const schema& s, const json::value& node);
    value read_struct(const schema_ptr& s, const json::value& node);

    json_codec_options options_;
    json_number_source* numbers_;
};

/// The member `key` of a JSON object (the last one when the key repeats, as Jackson keeps), or
/// nullptr when absent or `object` is not an object.
const json::value* find_member(const json::value& object, std::string_view key) noexcept;

}  // namespace copycat::converters
