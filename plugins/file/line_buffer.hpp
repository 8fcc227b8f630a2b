// Splits a byte stream into lines the way Kafka's FileStreamSourceTask does.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string_view>

namespace copycat::file {

/// One line taken from a line_buffer.
struct buffered_line {
    /// The line without its terminator; valid until the buffer's next free_space() or clear().
    std::string_view text;
    /// The bytes the line took in the stream, terminator included.
    std::size_t length = 0;
};

/// A growable byte buffer that a reader fills and takes complete lines from. A line ends with
/// LF, CR or CRLF; a CR that is the last buffered byte does not end a line yet, because the
/// next byte may be its LF. Bytes are passed through unchanged (no charset decoding).
///
/// Reading never copies a line except to move one unfinished line to the front of the buffer
/// when the end is reached; the buffer doubles only when one unfinished line fills it. Owned
/// and used by one thread.
class line_buffer {
public:
    static constexpr std::size_t default_capacity = 256 * 1024;

    explicit line_buffer(std::size_t initial_capacity = default_capacity);

    /// Free space after the buffered bytes for the next read; never empty.
    std::span<char> free_space();

    /// Marks the first `n` bytes of the last free_space() as filled.
    void fill(std::size_t n);

    /// The next complete line, or nullopt when none is buffered.
    std::optional<buffered_line> next_line();

    /// Everything left, as the last line of a stream that has ended: a trailing CR ends the
    /// line, and bytes without a terminator form a line too. nullopt when nothing is left.
    std::optional<buffered_line> take_rest();

    /// Drops everything buffered.
    void clear() noexcept { begin_ = end_ = 0; }

    /// Bytes read but not yet taken as lines.
    std::size_t buffered() const noexcept { return end_ - begin_; }

    std::size_t capacity() const noexcept { return capacity_; }

private:
    std::unique_ptr<char[]> data_;
    std::size_t capacity_;
    std::size_t begin_ = 0;
    std::size_t end_ = 0;
};

}  // namespace copycat::file
