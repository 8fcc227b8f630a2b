// org.apache.kafka.connect.json.JsonConverter: Connect data <-> JSON, byte-compatible with Kafka.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "common/json.hpp"
#include "converters/dual_converter.hpp"
#include "converters/json_converter_config.hpp"
#include "converters/json_value_decoder.hpp"
#include "converters/json_value_encoder.hpp"
#include "converters/lru_cache.hpp"

namespace copycat::converters {

/// Kafka's JsonConverter, usable as a key/value converter and as a header converter.
///
/// With schemas.enable=true (the default) every record is an envelope
/// {"schema":<schema object>,"payload":<value>} (see json_schema_codec.hpp for the schema
/// objects and json_value_encoder.hpp for values); with false only the value is written, and
/// reading infers the types (integers INT64, other numbers FLOAT64, objects maps). A null value
/// without schema is Kafka's null (a tombstone) in both modes; reading Kafka's null gives a
/// null schema and value.
///
/// Reading accepts what Jackson accepts as Kafka configures it, including numbers with leading
/// zeros. Errors are data_error with Kafka's messages, e.g. "JsonConverter with schemas.enable
/// requires "schema" and "payload" fields and may not contain additional fields. If you are
/// trying to deserialize plain JSON data, set schemas.enable=false in your converter
/// configuration."
///
/// Schemas are cached both ways (schemas.cache.size entries each, least recently used
/// evicted): a Connect schema's JSON text for writing, and for reading the Connect schema of a
/// schema's JSON text. An envelope laid out as Kafka writes it ("schema" first) is read without
/// parsing a schema seen before: only the payload is parsed. One instance is used by one thread
/// at a time.
class json_converter final : public dual_converter {
public:
    static constexpr std::string_view class_name = "org.apache.kafka.connect.json.JsonConverter";

    /// A converter with the default settings (schemas enabled, value converter).
    json_converter();

    const config_def& config() const override;

    std::optional<bytes> from_connect_data(std::string_view topic, headers& hdrs, const schema_ptr& schema,
                                           const value& val) override;
    schema_and_value to_connect_data(std::string_view topic, const headers& hdrs,
                                     std::optional<bytes_view> data) override;

    /// The JSON text for a value (nullopt for Kafka's null). Same as from_connect_data.
    std::optional<std::string> serialize(const schema_ptr& schema, const value& val);
    /// Reads JSON text (nullopt for Kafka's null). Same as to_connect_data.
    schema_and_value deserialize(std::optional<std::string_view> text);

    const json_converter_config& settings() const noexcept { return config_; }
    /// Entries in the write-side (Connect schema -> JSON text) cache.
    std::size_t from_connect_schema_cache_size() const noexcept { return from_connect_cache_.size(); }
    /// Entries in the read-side (JSON schema -> Connect schema) cache.
    std::size_t to_connect_schema_cache_size() const noexcept { return to_connect_cache_.size(); }

protected:
    void configure_with(const std::map<std::string, std::string>& configs) override;

private:
    struct schema_ptr_hash {
        std::size_t operator()(const schema_ptr& s) const noexcept { return s->hash(); }
    };
    struct schema_ptr_equal {
        bool operator()(const schema_ptr& a, const schema_ptr& b) const noexcept { return schemas_equal(a, b); }
    };

    void apply(json_converter_config config);
    /// The JSON of the value alone.
    std::string encode_payload(const schema_ptr& schema, const value& val);
    /// Appends {"schema":...,"payload":<payload>} to `out` (a std::string or bytes).
    template <class Out>
    void append_envelope(Out& out, const schema_ptr& schema, std::string_view payload);
    const std::string& schema_text(const schema_ptr& schema);
    schema_and_value read(std::string_view text);
    std::optional<schema_and_value> read_envelope_fast(std::string_view text);
    schema_and_value read_parsed(std::string_view text, const json::value& root);
    schema_ptr connect_schema(std::string_view schema_json, const json::value& node, json_value_decoder& decoder);

    json_converter_config config_;
    json_value_encoder encoder_;
    json::writer writer_;
    lru_cache<schema_ptr, std::string, schema_ptr_hash, schema_ptr_equal> from_connect_cache_;
    // Keyed by the schema's JSON text as received: records of one stream repeat it byte for byte.
    lru_cache<std::string, schema_ptr, std::hash<std::string_view>, std::equal_to<>> to_connect_cache_;
    // The schema written last and its text: records of one stream usually share one schema.
    schema_ptr last_schema_;
    std::string last_schema_text_;
    // The schema text read last and its schema, for the same reason.
    schema_ptr last_read_schema_;
    schema_ptr content_schema_;  // schema.content, parsed (json_converter_config)
    std::string last_read_schema_text_;
};

}  // namespace copycat::converters
