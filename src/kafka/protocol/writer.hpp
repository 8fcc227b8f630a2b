#pragma once
// writer: appends Kafka wire primitives to a growing buffer.
//
// Values that the wire cannot carry (a string over 32767 bytes, a field a version lacks but
// the caller set) make the writer fail; the first failure is remembered and reported by
// finish() as an errc::invalid_argument naming the field, so an encode function can write every
// field and check once at the end. Not thread-safe.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "common/result.hpp"
#include "kafka/protocol/types.hpp"

namespace copycat::kafka_protocol {

// One entry of a tagged-field section: the tag and the field's encoded bytes.
struct tagged_field {
    std::uint32_t tag = 0;
    bytes value;
};

class writer {
public:
    bool ok() const noexcept { return error_.empty(); }
    const std::string& error_message() const noexcept { return error_; }
    std::size_t size() const noexcept { return buffer_.size(); }
    bytes_view data() const noexcept { return buffer_; }

    // Fixed-width integers, big-endian. BOOLEAN is written as 0 or 1.
    void write_int8(std::int8_t v);
    void write_int16(std::int16_t v);
    void write_int32(std::int32_t v);
    void write_int64(std::int64_t v);
    void write_uint16(std::uint16_t v);
    void write_uint32(std::uint32_t v);
    void write_bool(bool v);
    void write_uuid(const uuid& v);

    // UNSIGNED_VARINT, VARINT (zig-zag) and VARLONG (zig-zag).
    void write_unsigned_varint(std::uint32_t v);
    void write_varint(std::int32_t v);
    void write_varlong(std::int64_t v);

    // STRING / NULLABLE_STRING and their COMPACT forms; strings longer than 32767 bytes fail.
    void write_string(std::string_view field, std::string_view v);
    void write_nullable_string(std::string_view field, const std::optional<std::string>& v);
    void write_compact_string(std::string_view field, std::string_view v);
    void write_compact_nullable_string(std::string_view field, const std::optional<std::string>& v);
    // The COMPACT form when `flexible`, the INT16 form otherwise.
    void write_string(std::string_view field, std::string_view v, bool flexible);
    void write_nullable_string(std::string_view field, const std::optional<std::string>& v, bool flexible);

    // BYTES / NULLABLE_BYTES and their COMPACT forms.
    void write_bytes(std::string_view field, bytes_view v);
    void write_nullable_bytes(std::string_view field, const std::optional<bytes>& v);
    void write_compact_bytes(std::string_view field, bytes_view v);
    void write_compact_nullable_bytes(std::string_view field, const std::optional<bytes>& v);
    void write_bytes(std::string_view field, bytes_view v, bool flexible);
    void write_nullable_bytes(std::string_view field, const std::optional<bytes>& v, bool flexible);

    // ARRAY / COMPACT_ARRAY element counts; the caller writes the elements.
    void write_array_count(std::string_view field, std::size_t n, bool flexible);
    void write_nullable_array_count(std::string_view field, std::optional<std::size_t> n, bool flexible);

    // A tagged-field section with no fields: the single byte 0x00.
    void write_empty_tagged_fields();
    // A tagged-field section; tags must be strictly ascending.
    void write_tagged_fields(std::span<const tagged_field> fields);

    // Bytes already encoded (a header or a body inside a frame).
    void write_raw(bytes_view v);

    // Records a failure (the first one wins).
    void fail(std::string_view field, std::string_view what);

    // The encoded bytes, or an invalid_argument "<message> v<version>: <failure>".
    result<bytes> finish(std::string_view message, std::int16_t version) &&;

private:
    void put_big_endian(std::uint64_t v, std::size_t width);
    void put_varint(std::uint64_t v);
    bool check_length(std::string_view field, std::size_t n, std::size_t max);

    bytes buffer_;
    std::string error_;
};

}  // namespace copycat::kafka_protocol
