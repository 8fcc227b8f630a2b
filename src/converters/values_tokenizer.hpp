// The tokenizer of Kafka's Values.parseString (Values.Parser), ported token for token so that
// header strings split exactly as Kafka splits them.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

#include "common/strings.hpp"

namespace copycat::converters {

/// Splits text into tokens at the delimiters : , { } [ ] and " (each delimiter is a token of
/// its own, unless preceded by an odd number of backslashes); the text between delimiters is
/// one token, whitespace included. Supports one token of look-ahead and rewinding to a mark.
class values_tokenizer {
public:
    explicit values_tokenizer(std::string_view original) noexcept : text_(original) {}

    std::string_view original() const noexcept { return text_; }
    std::size_t position() const noexcept { return pos_; }
    /// The start of the look-ahead token, or the current position when there is none.
    std::size_t mark() const noexcept { return pos_ - (next_ ? next_->size() : 0); }
    void rewind_to(std::size_t position) noexcept;

    bool has_next() const noexcept { return next_.has_value() || pos_ < text_.size(); }
    /// The next token (call has_next() first).
    std::string_view next() noexcept;
    /// The text spanned by the next `n` tokens, or nullopt (and no move) when fewer remain.
    std::optional<std::string_view> next(int n) noexcept;
    /// The token returned by the last next().
    std::optional<std::string_view> previous() const noexcept { return previous_; }

    /// Consumes the next token when it equals `expected` (ignoring surrounding whitespace and
    /// skipping whitespace-only tokens).
    bool can_consume(std::string_view expected) noexcept;

private:
    std::string_view consume_next_token() noexcept;
    bool is_next(std::string_view expected) noexcept;

    std::string_view text_;
    std::size_t pos_ = 0;
    std::optional<std::string_view> next_;
    std::optional<std::string_view> previous_;
};

/// Kafka's Utils.isBlank: empty after String.trim().
inline bool is_blank(std::string_view s) noexcept { return trim(s).empty(); }

}  // namespace copycat::converters
