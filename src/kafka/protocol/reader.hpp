#pragma once
// reader: a bounds-checked cursor over bytes received from a broker (or sent by a client).
//
// Nothing read from the wire is trusted. Every read checks the bytes that remain; lengths and
// counts are validated against them before anything is allocated, so a hostile length costs at
// most the size of the input. The first failure is remembered ("sticky"): later reads return
// zero values and consume nothing, and finish() reports the failure as errc::protocol_error
// with the field's name and the byte offset. Not thread-safe; the viewed bytes must outlive it.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "common/result.hpp"
#include "kafka/protocol/types.hpp"

namespace copycat::kafka_protocol {

class reader {
public:
    explicit reader(bytes_view data) noexcept : data_(data) {}

    bool ok() const noexcept { return error_.empty(); }
    // The first failure, "<field>: <what> at offset <n>"; empty while ok().
    const std::string& error_message() const noexcept { return error_; }
    // Bytes consumed, counted from the start of the outermost reader.
    std::size_t offset() const noexcept { return base_ + pos_; }
    std::size_t remaining() const noexcept { return data_.size() - pos_; }

    // Fixed-width integers, big-endian. BOOLEAN: any non-zero byte is true.
    std::int8_t read_int8(std::string_view field);
    std::int16_t read_int16(std::string_view field);
    std::int32_t read_int32(std::string_view field);
    std::int64_t read_int64(std::string_view field);
    std::uint16_t read_uint16(std::string_view field);
    std::uint32_t read_uint32(std::string_view field);
    bool read_bool(std::string_view field);
    uuid read_uuid(std::string_view field);

    // UNSIGNED_VARINT (at most 5 bytes, 32 bits), VARINT (zig-zag, 5 bytes), VARLONG (zig-zag,
    // 10 bytes).
    std::uint32_t read_unsigned_varint(std::string_view field);
    std::int32_t read_varint(std::string_view field);
    std::int64_t read_varlong(std::string_view field);

    // STRING / NULLABLE_STRING (INT16 length, -1 = null) and their COMPACT forms (UNSIGNED_VARINT
    // length + 1, 0 = null). A null where the type is not nullable is an error, as is any other
    // negative length or a length over 32767.
    std::string read_string(std::string_view field);
    std::optional<std::string> read_nullable_string(std::string_view field);
    std::string read_compact_string(std::string_view field);
    std::optional<std::string> read_compact_nullable_string(std::string_view field);
    // The COMPACT form when `flexible`, the INT16 form otherwise.
    std::string read_string(std::string_view field, bool flexible);
    std::optional<std::string> read_nullable_string(std::string_view field, bool flexible);

    // BYTES / NULLABLE_BYTES (INT32 length, -1 = null) and their COMPACT forms.
    bytes read_bytes(std::string_view field);
    std::optional<bytes> read_nullable_bytes(std::string_view field);
    bytes read_compact_bytes(std::string_view field);
    std::optional<bytes> read_compact_nullable_bytes(std::string_view field);
    bytes read_bytes(std::string_view field, bool flexible);
    std::optional<bytes> read_nullable_bytes(std::string_view field, bool flexible);

    // ARRAY (INT32 count, -1 = null) or COMPACT_ARRAY (UNSIGNED_VARINT count + 1, 0 = null)
    // element counts. Every element takes at least one byte, so a count above remaining() is
    // rejected before the caller loops or allocates. read_array_count rejects null.
    std::size_t read_array_count(std::string_view field, bool flexible);
    std::optional<std::size_t> read_nullable_array_count(std::string_view field, bool flexible);

    // A tagged-field section. For each field, `on_tag(std::uint32_t tag, reader& value)` gets a
    // reader over exactly that field's bytes and returns true if it parsed them (they must then
    // all be consumed) or false to skip an unknown tag.
    template <class OnTag>
    void read_tagged_fields(std::string_view field, OnTag&& on_tag);
    // A tagged-field section whose tags are all skipped.
    void skip_tagged_fields(std::string_view field);

    // Records a failure (the first one wins) and stops further reads.
    void fail(std::string_view field, std::string_view what);

    // Ends a decode: ok if nothing failed and every byte was consumed; otherwise a
    // protocol_error "<message> v<version>: <failure>".
    result<void> finish(std::string_view message, std::int16_t version) const;

private:
    reader(bytes_view data, std::size_t base) noexcept : data_(data), base_(base) {}

    // True if `n` more bytes exist; otherwise records a truncation of `field`.
    bool need(std::size_t n, std::string_view field);
    std::uint64_t read_big_endian(std::size_t width, std::string_view field);
    std::uint64_t read_varint_bits(std::size_t bits, std::string_view field);
    std::string take_string(std::size_t n, std::string_view field);
    bytes take_bytes(std::size_t n, std::string_view field);
    // The number of fields in a tagged-field section, checked against the bytes that remain.
    std::uint32_t read_tagged_field_count(std::string_view field);
    // Reads one field's tag and size, moves past its bytes and returns the tag and a reader over
    // them (nullopt after a failure).
    std::optional<std::pair<std::uint32_t, reader>> next_tagged_field(std::string_view field);
    // Takes over a parsed tagged field's failure, or fails if it left bytes unread.
    void adopt(std::uint32_t tag, const reader& value, std::string_view field);

    bytes_view data_;
    std::size_t pos_ = 0;
    std::size_t base_ = 0;
    std::string error_;
};

template <class OnTag>
void reader::read_tagged_fields(std::string_view field, OnTag&& on_tag) {
    const std::uint32_t count = read_tagged_field_count(field);
    for (std::uint32_t i = 0; i < count && ok(); ++i) {
        auto next = next_tagged_field(field);
        if (!next) return;
        if (on_tag(next->first, next->second)) adopt(next->first, next->second, field);
    }
}

}  // namespace copycat::kafka_protocol
