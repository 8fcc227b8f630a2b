#include "kafka/protocol/writer.hpp"

#include <limits>

namespace copycat::kafka_protocol {
namespace {

constexpr std::size_t kMaxStringLength = std::numeric_limits<std::int16_t>::max();
constexpr std::size_t kMaxBytesLength = std::numeric_limits<std::int32_t>::max() - 1;

}  // namespace

void writer::fail(std::string_view field, std::string_view what) {
    if (!ok()) return;
    error_.append(field).append(": ").append(what);
}

bool writer::check_length(std::string_view field, std::size_t n, std::size_t max) {
    if (n <= max) return true;
    fail(field, "length " + std::to_string(n) + " exceeds " + std::to_string(max));
    return false;
}

void writer::put_big_endian(std::uint64_t v, std::size_t width) {
    for (std::size_t i = width; i-- > 0;) {
        buffer_.push_back(static_cast<std::byte>((v >> (8 * i)) & 0xff));
    }
}

void writer::put_varint(std::uint64_t v) {
    while (v >= 0x80) {
        buffer_.push_back(static_cast<std::byte>((v & 0x7f) | 0x80));
        v >>= 7;
    }
    buffer_.push_back(static_cast<std::byte>(v));
}

void writer::write_int8(std::int8_t v) { put_big_endian(static_cast<std::uint8_t>(v), 1); }
void writer::write_int16(std::int16_t v) { put_big_endian(static_cast<std::uint16_t>(v), 2); }
void writer::write_int32(std::int32_t v) { put_big_endian(static_cast<std::uint32_t>(v), 4); }
void writer::write_int64(std::int64_t v) { put_big_endian(static_cast<std::uint64_t>(v), 8); }
void writer::write_uint16(std::uint16_t v) { put_big_endian(v, 2); }
void writer::write_uint32(std::uint32_t v) { put_big_endian(v, 4); }
void writer::write_bool(bool v) { buffer_.push_back(v ? std::byte{1} : std::byte{0}); }
void writer::write_uuid(const uuid& v) { buffer_.insert(buffer_.end(), v.begin(), v.end()); }

void writer::write_unsigned_varint(std::uint32_t v) { put_varint(v); }

void writer::write_varint(std::int32_t v) {
    const auto u = static_cast<std::uint32_t>(v);
    put_varint((u << 1) ^ (v < 0 ? 0xffffffffu : 0u));
}

void writer::write_varlong(std::int64_t v) {
    const auto u = static_cast<std::uint64_t>(v);
    put_varint((u << 1) ^ (v < 0 ? ~std::uint64_t{0} : std::uint64_t{0}));
}

void writer::write_raw(bytes_view v) { buffer_.insert(buffer_.end(), v.begin(), v.end()); }

void writer::write_string(std::string_view field, std::string_view v) {
    if (!check_length(field, v.size(), kMaxStringLength)) return;
    write_int16(static_cast<std::int16_t>(v.size()));
    write_raw(std::as_bytes(std::span(v.data(), v.size())));
}

void writer::write_nullable_string(std::string_view field, const std::optional<std::string>& v) {
    if (v) return write_string(field, *v);
    write_int16(-1);
}

void writer::write_compact_string(std::string_view field, std::string_view v) {
    if (!check_length(field, v.size(), kMaxStringLength)) return;
    write_unsigned_varint(static_cast<std::uint32_t>(v.size() + 1));
    write_raw(std::as_bytes(std::span(v.data(), v.size())));
}

void writer::write_compact_nullable_string(std::string_view field, const std::optional<std::string>& v) {
    if (v) return write_compact_string(field, *v);
    write_unsigned_varint(0);
}

void writer::write_string(std::string_view field, std::string_view v, bool flexible) {
    flexible ? write_compact_string(field, v) : write_string(field, v);
}

void writer::write_nullable_string(std::string_view field, const std::optional<std::string>& v, bool flexible) {
    flexible ? write_compact_nullable_string(field, v) : write_nullable_string(field, v);
}

void writer::write_bytes(std::string_view field, bytes_view v) {
    if (!check_length(field, v.size(), kMaxBytesLength)) return;
    write_int32(static_cast<std::int32_t>(v.size()));
    write_raw(v);
}

void writer::write_nullable_bytes(std::string_view field, const std::optional<bytes>& v) {
    if (v) return write_bytes(field, *v);
    write_int32(-1);
}

void writer::write_compact_bytes(std::string_view field, bytes_view v) {
    if (!check_length(field, v.size(), kMaxBytesLength)) return;
    write_unsigned_varint(static_cast<std::uint32_t>(v.size() + 1));
    write_raw(v);
}

void writer::write_compact_nullable_bytes(std::string_view field, const std::optional<bytes>& v) {
    if (v) return write_compact_bytes(field, *v);
    write_unsigned_varint(0);
}

void writer::write_bytes(std::string_view field, bytes_view v, bool flexible) {
    flexible ? write_compact_bytes(field, v) : write_bytes(field, v);
}

void writer::write_nullable_bytes(std::string_view field, const std::optional<bytes>& v, bool flexible) {
    flexible ? write_compact_nullable_bytes(field, v) : write_nullable_bytes(field, v);
}

void writer::write_nullable_array_count(std::string_view field, std::optional<std::size_t> n, bool flexible) {
    if (n && !check_length(field, *n, kMaxBytesLength)) return;
    if (flexible) {
        write_unsigned_varint(n ? static_cast<std::uint32_t>(*n + 1) : 0);
    } else {
        write_int32(n ? static_cast<std::int32_t>(*n) : -1);
    }
}

void writer::write_array_count(std::string_view field, std::size_t n, bool flexible) {
    write_nullable_array_count(field, n, flexible);
}

void writer::write_empty_tagged_fields() { write_unsigned_varint(0); }

void writer::write_tagged_fields(std::span<const tagged_field> fields) {
    for (std::size_t i = 1; i < fields.size(); ++i) {
        if (fields[i].tag <= fields[i - 1].tag) {
            return fail("tagged fields", "tags are not strictly ascending");
        }
    }
    write_unsigned_varint(static_cast<std::uint32_t>(fields.size()));
    for (const auto& f : fields) {
        if (!check_length("tagged fields", f.value.size(), kMaxBytesLength)) return;
        write_unsigned_varint(f.tag);
        write_unsigned_varint(static_cast<std::uint32_t>(f.value.size()));
        write_raw(f.value);
    }
}

result<bytes> writer::finish(std::string_view message, std::int16_t version) && {
    if (!ok()) {
        return make_error(errc::invalid_argument,
                          std::string(message) + " v" + std::to_string(version) + ": " + error_);
    }
    return std::move(buffer_);
}

}  // namespace copycat::kafka_protocol
