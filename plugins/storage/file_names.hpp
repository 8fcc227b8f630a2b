// The names of committed files, as Confluent's HDFS sink gives them:
//
//     <topic>+<kafkaPartition>+<startOffset>+<endOffset>.<extension>
//
// start and end are the offsets of the first and last record in the file (both included),
// zero-padded to filename.offset.zero.pad.width digits (10 by default, as Confluent's). Kafka
// topic names cannot contain '+', so a name splits unambiguously.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace copycat::storage {

/// The offsets a committed file name carries.
struct offset_range {
    std::int64_t start = 0;
    std::int64_t end = 0;  // included
    friend bool operator==(const offset_range&, const offset_range&) = default;
};

/// "<topic>+<partition>+<start>+<end>.<extension>" with the offsets padded to `pad_width`.
std::string committed_file_name(std::string_view topic, std::int32_t partition, offset_range offsets, int pad_width,
                                std::string_view extension);

/// The offsets of a committed file of this topic and partition, whatever its extension and
/// padding; nullopt for any other name (another partition, a temporary file, a stray file).
std::optional<offset_range> parse_committed_file_name(std::string_view file_name, std::string_view topic,
                                                      std::int32_t partition);

}  // namespace copycat::storage
