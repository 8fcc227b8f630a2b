// Connect value -> JSON, exactly as Kafka's JsonConverter.convertToJson writes it.
#pragma once

#include <string>

#include "common/json.hpp"
#include "converters/json_codec_options.hpp"
#include "copycat/data/schema.hpp"
#include "copycat/data/value.hpp"

namespace copycat::converters {

/// Streams Connect values as JSON text through a json::writer, without building a DOM:
///  - integers as JSON integers, floats as Java prints them (1.5, 1.0E20; NaN and the infinities
///    as the strings "NaN", "Infinity", "-Infinity", as Jackson writes them), bytes as base64;
///  - maps whose key schema is STRING (or, schemaless, whose keys are all strings) as objects,
///    other maps as arrays of [key, value] pairs;
///  - structs as objects with every field of the schema, in order;
///  - Decimal as base64 of the unscaled bytes or as a JSON number (BigDecimal.toString), Date
///    as int days, Time as int milliseconds, Timestamp as long milliseconds;
///  - a null with a schema default as the default (when replace_null_with_default), a null of
///    an optional schema or without schema as null.
/// Throws data_error (with Kafka's messages) when a value does not match its schema.
class json_value_encoder {
public:
    explicit json_value_encoder(json_codec_options options) noexcept : options_(options) {}

    const json_codec_options& options() const noexcept { return options_; }

    /// Writes `v` described by `s`; `s` null means schemaless.
    void write(json::writer& w, const schema* s, const value& v);

private:
    void write_schemaless(json::writer& w, const value& v);
    void write_logical(json::writer& w, const schema& s, logical_kind kind, const value& v);
    void write_float32(json::writer& w, float f);
    void write_float64(json::writer& w, double d);
    void write_bytes(json::writer& w, bytes_view b);
    void write_array(json::writer& w, const schema* element_schema, const value_array& a);
    void write_map(json::writer& w, const schema* s, const value_map& m);
    void write_struct(json::writer& w, const schema& s, const value& v);

    json_codec_options options_;
    std::string scratch_;  // reused for number and base64 text
};

}  // namespace copycat::converters
