#pragma once
// Connect data crossing between Copycat and Java as JSON text (docs/jvm-bridge.md "Crossing
// records and configs"), where it crosses one key, value or header at a time: a Java converter's
// Connect data is Kafka's JsonConverter envelope ({"schema":...,"payload":...}: Struct, Map,
// Array and the logical types survive), written and read by Copycat's byte-compatible
// json_converter here and by Kafka's own JsonConverter in copycat.bridge.RecordCodec; the source
// partitions and offsets of an OffsetStorageReader are schemaless JSON, as Kafka stores them.
// Records cross in the binary format of binary_records.hpp.
//
// Not thread-safe (the converters cache schemas): one codec per user, used on its thread.

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "copycat/data/records.hpp"

namespace copycat::converters {
class json_converter;
}

namespace copycat::jvm {

class record_codec {
public:
    record_codec();
    ~record_codec();
    record_codec(const record_codec&) = delete;
    record_codec& operator=(const record_codec&) = delete;

    // A key, value or header alone as a JsonConverter envelope (nullopt for Kafka's null), and back.
    std::optional<std::string> encode_envelope(const schema_ptr& schema, const value& val);
    schema_and_value decode_envelope(const std::optional<std::string>& envelope);

    // For OffsetStorageReader: a schemaless JSON array of maps, and the answer, one offset map or
    // null per partition.
    std::vector<source_map> decode_source_maps(std::string_view text);
    std::string encode_optional_source_maps(const std::vector<std::optional<source_map>>& maps);

private:
    std::unique_ptr<converters::json_converter> data_;     // schemas.enable=true
    std::unique_ptr<converters::json_converter> offsets_;  // schemas.enable=false
};

}  // namespace copycat::jvm
