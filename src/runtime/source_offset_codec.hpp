#pragma once
// Serializes source partitions and offsets exactly as Kafka Connect writes them to its offsets
// store (Kafka: OffsetStorageWriter/OffsetStorageReaderImpl with the internal JsonConverter,
// schemas.enable=false):
//
//   key   = ["<connector>",{<source partition>}]     e.g. ["file-src",{"filename":"/tmp/a"}]
//   value = {<source offset>}                        e.g. {"position":1024}
//
// Members are written in the order of the source_map (sorted by key; Kafka writes the task's
// HashMap order, identical for the usual single-member maps). Keys are compared byte for byte.
//
// Not thread-safe (it owns a converter); each user (task, reader) has its own.

#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "copycat/data/records.hpp"
#include "storage/offset_store.hpp"

namespace copycat::converters {
class json_converter;
}

namespace copycat::runtime {

class source_offset_codec {
public:
    source_offset_codec();
    ~source_offset_codec();
    source_offset_codec(const source_offset_codec&) = delete;
    source_offset_codec& operator=(const source_offset_codec&) = delete;

    storage::offset_bytes encode_key(const std::string& connector, const source_map& partition);
    storage::offset_bytes encode_value(const source_map& offset);

    // The connector and partition of a stored key; nullopt when the bytes are not such a key.
    std::optional<std::pair<std::string, source_map>> decode_key(const storage::offset_bytes& key);
    // The offset of a stored value; nullopt when the bytes are not a JSON object.
    std::optional<source_map> decode_value(const storage::offset_bytes& value);

private:
    std::unique_ptr<converters::json_converter> json_;
};

// A source_map as a Connect map value (string keys, in map order), and back (nullopt when the
// value is not a map with string keys).
value to_value(const source_map& map);
std::optional<source_map> to_source_map(const value& v);

}  // namespace copycat::runtime
