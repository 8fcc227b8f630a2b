#include "file/line_buffer.hpp"

#include <algorithm>
#include <cstring>

namespace copycat::file {

line_buffer::line_buffer(std::size_t initial_capacity)
    : data_(new char[std::max<std::size_t>(initial_capacity, 2)]),
      capacity_(std::max<std::size_t>(initial_capacity, 2)) {}

std::span<char> line_buffer::free_space() {
    if (begin_ == end_) {
        begin_ = end_ = 0;
    } else if (begin_ > 0 && capacity_ - end_ < capacity_ / 2) {
        // Keep reads large: move the unfinished line to the front.
        std::memmove(data_.get(), data_.get() + begin_, end_ - begin_);
        end_ -= begin_;
        begin_ = 0;
    }
    if (end_ == capacity_) {
        // One unfinished line fills the buffer.
        const std::size_t grown = capacity_ * 2;
        std::unique_ptr<char[]> bigger(new char[grown]);
        std::memcpy(bigger.get(), data_.get(), end_);
        data_ = std::move(bigger);
        capacity_ = grown;
    }
    return {data_.get() + end_, capacity_ - end_};
}

void line_buffer::fill(std::size_t n) { end_ = std::min(end_ + n, capacity_); }

std::optional<buffered_line> line_buffer::next_line() {
    const char* const start = data_.get() + begin_;
    const char* const stop = data_.get() + end_;
    const char* p = start;
    while (p != stop && *p != '\n' && *p != '\r') ++p;
    if (p == stop) return std::nullopt;
    std::size_t terminator = 1;
    if (*p == '\r') {
        if (p + 1 == stop) return std::nullopt;  // a CRLF may be split across reads
        if (p[1] == '\n') terminator = 2;
    }
    const auto text_length = static_cast<std::size_t>(p - start);
    begin_ += text_length + terminator;
    return buffered_line{std::string_view(start, text_length), text_length + terminator};
}

std::optional<buffered_line> line_buffer::take_rest() {
    if (auto line = next_line()) return line;
    if (begin_ == end_) return std::nullopt;
    const char* const start = data_.get() + begin_;
    const std::size_t length = end_ - begin_;
    const bool ends_with_cr = start[length - 1] == '\r';
    begin_ = end_;
    return buffered_line{std::string_view(start, ends_with_cr ? length - 1 : length), length};
}

}  // namespace copycat::file
