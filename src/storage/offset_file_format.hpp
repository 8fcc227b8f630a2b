#pragma once
// The on-disk form of file_offset_store: one JSON document,
//
//   {"format":"copycat-offsets","version":1,"entries":[["<base64 key>","<base64 value>"],...]}
//
// self-describing (a reader can tell a foreign or newer file from a damaged one), compact, and
// readable with any JSON tool. Keys and values are opaque bytes (the JSON that Kafka Connect
// writes to its offsets topic), so they are base64-encoded rather than embedded.

#include <map>
#include <string>
#include <string_view>

#include "common/result.hpp"
#include "storage/offset_store.hpp"

namespace copycat::storage {

inline constexpr int offset_file_version = 1;

std::string encode_offset_file(const std::map<offset_bytes, offset_bytes>& entries);

// errc::protocol_error with a description of what is wrong (not JSON, another format, a newer
// version, a malformed entry).
result<std::map<offset_bytes, offset_bytes>> decode_offset_file(std::string_view text);

}  // namespace copycat::storage
