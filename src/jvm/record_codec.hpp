#pragma once
// Records crossing between Copycat and Java as JSON text (docs/jvm-bridge.md "Crossing records
// and configs"). Keys, values and headers are Kafka's JsonConverter envelopes with schemas
// ({"schema":...,"payload":...}: Struct, Map, Array and the logical types survive), written and
// read by Copycat's byte-compatible json_converter here and by Kafka's own JsonConverter in
// copycat.bridge.RecordCodec; source partitions and offsets are schemaless JSON, as Kafka stores
// them. One record:
//
//   {"topic":"t","partition":0|null,"timestamp":123|null,"key":<envelope>|null,"value":<envelope>|null,
//    "headers":[{"key":"h","value":<envelope>|null}],
//    "source_partition":{...},"source_offset":{...}             (source records)
//    "kafka_offset":5,"timestamp_type":"CreateTime"             (sink records)}
//
// Not thread-safe (the converters cache schemas): one codec per user, used on its thread.

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/json.hpp"
#include "copycat/data/records.hpp"

namespace copycat::converters {
class json_converter;
struct json_member_text;
}

namespace copycat::jvm {

class record_codec {
public:
    record_codec();
    ~record_codec();
    record_codec(const record_codec&) = delete;
    record_codec& operator=(const record_codec&) = delete;

    std::string encode(const connect_record& record);
    // The fields that identify a polled source record (topic, partition, source partition and
    // offset) in the record format, key, value and headers left out: cheap to encode and parse.
    std::string encode_reference(const source_record& record);
    // Replaces the fields of `record` (a source_record or sink_record keeps its kind) with those
    // of `encoded` (one record's JSON text). Throws data_error when it is not a record.
    void decode_into(std::string_view encoded, connect_record& record);
    // A key, value or header alone as a JsonConverter envelope (nullopt for Kafka's null), and back.
    std::optional<std::string> encode_envelope(const schema_ptr& schema, const value& val);
    schema_and_value decode_envelope(const std::optional<std::string>& envelope);

    // A JSON array of records (a Java poll() batch).
    std::vector<source_record> decode_source_records(std::string_view text);

    // For OffsetStorageReader: a schemaless JSON array of maps, and the answer, one offset map or
    // null per partition.
    std::vector<source_map> decode_source_maps(std::string_view text);
    std::string encode_optional_source_maps(const std::vector<std::optional<source_map>>& maps);

private:
    // decode_into with the record's members found already.
    void decode_members(const std::vector<converters::json_member_text>& members, connect_record& record);

    std::unique_ptr<converters::json_converter> data_;     // schemas.enable=true
    std::unique_ptr<converters::json_converter> offsets_;  // schemas.enable=false
};

}  // namespace copycat::jvm
