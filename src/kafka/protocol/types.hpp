#pragma once
// Byte containers shared by the Kafka wire codecs.

#include <array>
#include <cstddef>
#include <span>
#include <vector>

namespace copycat::kafka_protocol {

// An owned run of bytes: an encoded message, a frame, or a BYTES field such as group metadata.
using bytes = std::vector<std::byte>;
// A borrowed run of bytes; the owner outlives the view.
using bytes_view = std::span<const std::byte>;
// Kafka's UUID: 16 bytes, most significant first.
using uuid = std::array<std::byte, 16>;

}  // namespace copycat::kafka_protocol
