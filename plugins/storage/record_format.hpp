// The contents of the files: how one record value becomes bytes for each format.class.
//
//   JsonFormat       the value as JSON (as Kafka's JsonConverter with schemas.enable=false
//                    writes it), one per line, ".json"
//   ByteArrayFormat  the value's bytes (a bytes or string value) followed by "\n", ".bin"
//   StringFormat     the value's text as Java's toString gives it, one per line, ".txt"
#pragma once

#include <string>
#include <string_view>

#include "copycat/data/value.hpp"
#include "storage/storage_configs.hpp"

namespace copycat::storage {

/// The extension of committed files, with its dot.
std::string_view file_extension(format_kind format);

/// Appends `v` (not null) and its separator to `out`; throws data_error when the format cannot
/// hold the value (ByteArrayFormat and anything but bytes or a string).
void append_record_value(format_kind format, std::string& out, const value& v);

/// Appends `v` as JSON: structs and string-keyed maps as objects, other maps as arrays of
/// [key, value] pairs, bytes as base64 strings, decimals as numbers, dates as days and times
/// and timestamps as milliseconds (the numbers their logical types are), non-finite floating
/// point numbers as the strings "NaN", "Infinity" and "-Infinity".
void append_json(std::string& out, const value& v);

}  // namespace copycat::storage
