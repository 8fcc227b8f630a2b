// Connect schema <-> the JSON schema objects of Kafka's JsonConverter envelope
// ({"schema": ..., "payload": ...}).
//
// The JSON form lists, in this order: "type", then "items" (array) or "keys" and "values"
// (map) or "fields" (struct), then "optional", "name", "version", "doc", "parameters" and
// "default" (each only when set; "parameters" lists the schema's parameters in their order, and
// is written as {} for an explicitly empty parameter map). A struct field is the field schema's
// object with "field" (its name) added last. Type names are boolean, int8, int16, int32, int64,
// float, double, bytes, string, array, map and struct.
#pragma once

#include "common/json.hpp"
#include "converters/json_value_decoder.hpp"
#include "converters/json_value_encoder.hpp"
#include "copycat/data/schema.hpp"

namespace copycat::converters {

/// Writes the JSON schema object of `s` (Kafka: JsonConverter.asJsonSchema). Default values
/// are written with `values` (so they follow its decimal format).
void write_json_schema(json::writer& w, const schema& s, json_value_encoder& values);

/// Builds the Connect schema a JSON schema object describes (Kafka:
/// JsonConverter.asConnectSchema). JSON null gives a null schema_ptr. Default values are read
/// with `values`. Throws data_error with Kafka's messages for malformed schemas ("Schema must
/// contain 'type' field", "Unknown schema type: x", ...).
schema_ptr read_json_schema(const json::value& node, json_value_decoder& values);

}  // namespace copycat::converters
