// Raw byte strings as used by BYTES schemas, Kafka record keys/values and converters.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace copycat {

/// An owned byte string (Kafka: byte[] / ByteBuffer).
using bytes = std::vector<std::uint8_t>;

/// A non-owning view of bytes.
using bytes_view = std::span<const std::uint8_t>;

}  // namespace copycat
