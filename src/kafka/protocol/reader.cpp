#include "kafka/protocol/reader.hpp"

#include <algorithm>
#include <limits>

namespace copycat::kafka_protocol {
namespace {

constexpr std::size_t kMaxStringLength = std::numeric_limits<std::int16_t>::max();

}  // namespace

void reader::fail(std::string_view field, std::string_view what) {
    if (!ok()) return;
    error_.reserve(field.size() + what.size() + 24);
    error_.append(field).append(": ").append(what);
    error_.append(" at offset ").append(std::to_string(offset()));
}

bool reader::need(std::size_t n, std::string_view field) {
    if (!ok()) return false;
    if (n <= remaining()) return true;
    fail(field, "truncated (needs " + std::to_string(n) + " bytes, " + std::to_string(remaining()) + " left)");
    return false;
}

std::uint64_t reader::read_big_endian(std::size_t width, std::string_view field) {
    if (!need(width, field)) return 0;
    std::uint64_t value = 0;
    for (std::size_t i = 0; i < width; ++i) {
        value = (value << 8) | std::to_integer<std::uint64_t>(data_[pos_ + i]);
    }
    pos_ += width;
    return value;
}

std::int8_t reader::read_int8(std::string_view field) { return static_cast<std::int8_t>(read_big_endian(1, field)); }
std::int16_t reader::read_int16(std::string_view field) { return static_cast<std::int16_t>(read_big_endian(2, field)); }
std::int32_t reader::read_int32(std::string_view field) { return static_cast<std::int32_t>(read_big_endian(4, field)); }
std::int64_t reader::read_int64(std::string_view field) { return static_cast<std::int64_t>(read_big_endian(8, field)); }
std::uint16_t reader::read_uint16(std::string_view field) {
    return static_cast<std::uint16_t>(read_big_endian(2, field));
}
std::uint32_t reader::read_uint32(std::string_view field) {
    return static_cast<std::uint32_t>(read_big_endian(4, field));
}
bool reader::read_bool(std::string_view field) { return read_big_endian(1, field) != 0; }

uuid reader::read_uuid(std::string_view field) {
    uuid value{};
    if (!need(value.size(), field)) return value;
    std::copy_n(data_.begin() + static_cast<std::ptrdiff_t>(pos_), value.size(), value.begin());
    pos_ += value.size();
    return value;
}

// Reads a little-endian base-128 varint of at most `bits` bits (32 or 64): 7 bits per byte, the
// high bit set on every byte but the last.
std::uint64_t reader::read_varint_bits(std::size_t bits, std::string_view field) {
    const std::size_t max_bytes = (bits + 6) / 7;
    const unsigned last_byte_bits = static_cast<unsigned>(bits - 7 * (max_bytes - 1));
    std::uint64_t value = 0;
    for (std::size_t i = 0; i < max_bytes; ++i) {
        if (!need(1, field)) return 0;
        const auto b = std::to_integer<std::uint8_t>(data_[pos_]);
        if (i + 1 == max_bytes) {
            if ((b & 0x80) != 0) {
                fail(field, "varint longer than " + std::to_string(max_bytes) + " bytes");
                return 0;
            }
            if ((b >> last_byte_bits) != 0) {
                fail(field, "varint overflows " + std::to_string(bits) + " bits");
                return 0;
            }
        }
        ++pos_;
        value |= static_cast<std::uint64_t>(b & 0x7f) << (7 * i);
        if ((b & 0x80) == 0) break;
    }
    return value;
}

std::uint32_t reader::read_unsigned_varint(std::string_view field) {
    return static_cast<std::uint32_t>(read_varint_bits(32, field));
}

std::int32_t reader::read_varint(std::string_view field) {
    const auto raw = static_cast<std::uint32_t>(read_varint_bits(32, field));
    return static_cast<std::int32_t>((raw >> 1) ^ (~(raw & 1) + 1));
}

std::int64_t reader::read_varlong(std::string_view field) {
    const std::uint64_t raw = read_varint_bits(64, field);
    return static_cast<std::int64_t>((raw >> 1) ^ (~(raw & 1) + 1));
}

std::string reader::take_string(std::size_t n, std::string_view field) {
    if (n > kMaxStringLength) {
        fail(field, "string length " + std::to_string(n) + " exceeds 32767");
        return {};
    }
    if (!need(n, field)) return {};
    std::string out(n, '\0');
    std::transform(data_.begin() + static_cast<std::ptrdiff_t>(pos_),
                   data_.begin() + static_cast<std::ptrdiff_t>(pos_ + n), out.begin(),
                   [](std::byte b) { return static_cast<char>(b); });
    pos_ += n;
    return out;
}

bytes reader::take_bytes(std::size_t n, std::string_view field) {
    if (!need(n, field)) return {};
    const auto first = data_.begin() + static_cast<std::ptrdiff_t>(pos_);
    bytes out(first, first + static_cast<std::ptrdiff_t>(n));
    pos_ += n;
    return out;
}

std::optional<std::string> reader::read_nullable_string(std::string_view field) {
    const std::int16_t n = read_int16(field);
    if (!ok()) return std::string();
    if (n == -1) return std::nullopt;
    if (n < 0) {
        fail(field, "invalid string length " + std::to_string(n));
        return std::string();
    }
    return take_string(static_cast<std::size_t>(n), field);
}

std::string reader::read_string(std::string_view field) {
    auto s = read_nullable_string(field);
    if (!s) {
        fail(field, "null for a non-nullable string");
        return {};
    }
    return std::move(*s);
}

std::optional<std::string> reader::read_compact_nullable_string(std::string_view field) {
    const std::uint32_t n = read_unsigned_varint(field);
    if (!ok()) return std::string();
    if (n == 0) return std::nullopt;
    return take_string(n - 1, field);
}

std::string reader::read_compact_string(std::string_view field) {
    auto s = read_compact_nullable_string(field);
    if (!s) {
        fail(field, "null for a non-nullable string");
        return {};
    }
    return std::move(*s);
}

std::string reader::read_string(std::string_view field, bool flexible) {
    return flexible ? read_compact_string(field) : read_string(field);
}

std::optional<std::string> reader::read_nullable_string(std::string_view field, bool flexible) {
    return flexible ? read_compact_nullable_string(field) : read_nullable_string(field);
}

std::optional<bytes> reader::read_nullable_bytes(std::string_view field) {
    const std::int32_t n = read_int32(field);
    if (!ok()) return bytes();
    if (n == -1) return std::nullopt;
    if (n < 0) {
        fail(field, "invalid bytes length " + std::to_string(n));
        return bytes();
    }
    return take_bytes(static_cast<std::size_t>(n), field);
}

bytes reader::read_bytes(std::string_view field) {
    auto b = read_nullable_bytes(field);
    if (!b) {
        fail(field, "null for non-nullable bytes");
        return {};
    }
    return std::move(*b);
}

std::optional<bytes> reader::read_compact_nullable_bytes(std::string_view field) {
    const std::uint32_t n = read_unsigned_varint(field);
    if (!ok()) return bytes();
    if (n == 0) return std::nullopt;
    return take_bytes(n - 1, field);
}

bytes reader::read_compact_bytes(std::string_view field) {
    auto b = read_compact_nullable_bytes(field);
    if (!b) {
        fail(field, "null for non-nullable bytes");
        return {};
    }
    return std::move(*b);
}

bytes reader::read_bytes(std::string_view field, bool flexible) {
    return flexible ? read_compact_bytes(field) : read_bytes(field);
}

std::optional<bytes> reader::read_nullable_bytes(std::string_view field, bool flexible) {
    return flexible ? read_compact_nullable_bytes(field) : read_nullable_bytes(field);
}

std::optional<std::size_t> reader::read_nullable_array_count(std::string_view field, bool flexible) {
    std::int64_t n = 0;
    if (flexible) {
        n = static_cast<std::int64_t>(read_unsigned_varint(field)) - 1;
    } else {
        n = read_int32(field);
    }
    if (!ok()) return 0;
    if (n == -1) return std::nullopt;
    if (n < 0) {
        fail(field, "invalid array length " + std::to_string(n));
        return 0;
    }
    if (static_cast<std::uint64_t>(n) > remaining()) {
        fail(field,
             "array length " + std::to_string(n) + " exceeds the " + std::to_string(remaining()) + " bytes left");
        return 0;
    }
    return static_cast<std::size_t>(n);
}

std::size_t reader::read_array_count(std::string_view field, bool flexible) {
    const auto n = read_nullable_array_count(field, flexible);
    if (!n) {
        fail(field, "null for a non-nullable array");
        return 0;
    }
    return *n;
}

std::uint32_t reader::read_tagged_field_count(std::string_view field) {
    const std::uint32_t count = read_unsigned_varint(field);
    if (!ok()) return 0;
    // Each tagged field takes at least two bytes: its tag and its size.
    if (count > remaining() / 2) {
        fail(field, "tagged field count " + std::to_string(count) + " exceeds the " + std::to_string(remaining()) +
                        " bytes left");
        return 0;
    }
    return count;
}

std::optional<std::pair<std::uint32_t, reader>> reader::next_tagged_field(std::string_view field) {
    const std::uint32_t tag = read_unsigned_varint(field);
    const std::uint32_t size = read_unsigned_varint(field);
    if (!ok()) return std::nullopt;
    if (size > remaining()) {
        fail(field, "tagged field " + std::to_string(tag) + " size " + std::to_string(size) + " exceeds the " +
                        std::to_string(remaining()) + " bytes left");
        return std::nullopt;
    }
    reader value(data_.subspan(pos_, size), offset());
    pos_ += size;
    return std::pair<std::uint32_t, reader>(tag, std::move(value));
}

void reader::adopt(std::uint32_t tag, const reader& value, std::string_view field) {
    if (!ok()) return;
    if (!value.ok()) {
        error_ = value.error_;
    } else if (value.remaining() != 0) {
        fail(field,
             "tagged field " + std::to_string(tag) + " has " + std::to_string(value.remaining()) + " unread bytes");
    }
}

void reader::skip_tagged_fields(std::string_view field) {
    read_tagged_fields(field, [](std::uint32_t, reader&) { return false; });
}

result<void> reader::finish(std::string_view message, std::int16_t version) const {
    std::string prefix = std::string(message) + " v" + std::to_string(version) + ": ";
    if (!ok()) return make_error(errc::protocol_error, prefix + error_);
    if (remaining() != 0) {
        return make_error(errc::protocol_error, prefix + std::to_string(remaining()) + " trailing bytes at offset " +
                                                    std::to_string(offset()));
    }
    return {};
}

}  // namespace copycat::kafka_protocol
