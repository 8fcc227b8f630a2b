#include "converters/values_tokenizer.hpp"

namespace copycat::converters {

void values_tokenizer::rewind_to(std::size_t position) noexcept {
    pos_ = position;
    next_.reset();
    previous_.reset();
}

std::string_view values_tokenizer::next() noexcept {
    if (next_) {
        previous_ = next_;
        next_.reset();
    } else {
        previous_ = consume_next_token();
    }
    return *previous_;
}

std::optional<std::string_view> values_tokenizer::next(int n) noexcept {
    const std::size_t start = mark();
    for (int i = 0; i != n; ++i) {
        if (!has_next()) {
            rewind_to(start);
            return std::nullopt;
        }
        next();
    }
    return text_.substr(start, pos_ - start);
}

std::string_view values_tokenizer::consume_next_token() noexcept {
    bool escaped = false;
    const std::size_t start = pos_;
    while (pos_ < text_.size()) {
        switch (text_[pos_]) {
            case '\\':
                escaped = !escaped;
                break;
            case ':':
            case ',':
            case '{':
            case '}':
            case '[':
            case ']':
            case '"':
                if (!escaped) {
                    if (start < pos_) {
                        return text_.substr(start, pos_ - start);
                    }
                    ++pos_;
                    return text_.substr(start, 1);
                }
                escaped = false;
                break;
            default:
                escaped = false;
                break;
        }
        ++pos_;
    }
    return text_.substr(start, pos_ - start);
}

bool values_tokenizer::can_consume(std::string_view expected) noexcept {
    if (is_next(expected)) {
        next_.reset();
        return true;
    }
    return false;
}

bool values_tokenizer::is_next(std::string_view expected) noexcept {
    if (!next_) {
        if (!has_next()) {
            return false;
        }
        next_ = consume_next_token();
    }
    while (is_blank(*next_) && pos_ < text_.size()) {
        next_ = consume_next_token();
    }
    return trim(*next_) == expected;
}

}  // namespace copycat::converters
