#include "datagen/string_pattern.hpp"

#include <charconv>
#include <string>

#include "copycat/errors.hpp"

namespace copycat::datagen {
namespace {

// How far the open-ended quantifiers (*, + and {m,}) go: strings of test data stay short.
constexpr std::size_t open_repeat = 8;
// A bound on explicit counts, so that "a{99999999}" is an error rather than a huge string.
constexpr std::size_t max_repeat = 1000;

const std::string digits = "0123456789";
const std::string letters_and_digits = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const std::string word_characters = letters_and_digits + "_";

class compiler {
public:
    explicit compiler(std::string_view pattern) : pattern_(pattern) {}

    [[noreturn]] void fail(std::size_t at, std::string_view what) const {
        throw config_error("regex \"" + std::string(pattern_) + "\": " + std::string(what) + " at position " +
                           std::to_string(at + 1));
    }

    bool at_end() const noexcept { return pos_ >= pattern_.size(); }
    char peek() const noexcept { return at_end() ? '\0' : pattern_[pos_]; }

    // The characters of one atom, pos_ after it.
    std::string atom_characters() {
        const std::size_t start = pos_;
        const char c = pattern_[pos_++];
        switch (c) {
            case '.':
                return letters_and_digits;
            case '[':
                return character_class(start);
            case '\\':
                return escape(start, false);
            case '(':
            case ')':
            case '|':
                fail(start, std::string("'") + c + "' (groups and alternation) is not supported");
            case '^':
            case '$':
                fail(start, std::string("'") + c + "' (anchors) is not supported");
            case '?':
            case '*':
            case '+':
            case '{':
                fail(start, std::string("'") + c + "' has nothing to repeat");
            case ']':
            case '}':
                fail(start, std::string("unmatched '") + c + "'");
            default:
                return std::string(1, c);
        }
    }

    // An escape, pos_ after the backslash.
    std::string escape(std::size_t start, bool in_class) {
        if (at_end()) fail(start, "'\\' at the end");
        const char c = pattern_[pos_++];
        if (c == 'd') return digits;
        if (c == 'w') return word_characters;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
            fail(start, std::string("escape '\\") + c + "' is not supported" +
                            (in_class ? "" : " (\\d, \\w and escaped punctuation are)"));
        }
        return std::string(1, c);
    }

    // A class, pos_ after the '['.
    std::string character_class(std::size_t start) {
        if (peek() == '^') fail(pos_, "negated classes are not supported");
        std::string chars;
        for (;;) {
            if (at_end()) fail(start, "'[' without ']'");
            const std::size_t item = pos_;
            if (peek() == ']') {
                if (chars.empty()) fail(item, "empty class");
                ++pos_;
                return chars;
            }
            std::string first;
            if (peek() == '\\') {
                ++pos_;
                first = escape(item, true);
            } else {
                first = std::string(1, pattern_[pos_++]);
            }
            if (first.size() == 1 && peek() == '-' && pos_ + 1 < pattern_.size() && pattern_[pos_ + 1] != ']') {
                ++pos_;
                char last = pattern_[pos_++];
                if (last == '\\') {
                    const std::string escaped = escape(pos_ - 1, true);
                    if (escaped.size() != 1) fail(item, "a range must end in one character");
                    last = escaped[0];
                }
                if (static_cast<unsigned char>(last) < static_cast<unsigned char>(first[0])) {
                    fail(item, "range out of order");
                }
                for (int ch = static_cast<unsigned char>(first[0]); ch <= static_cast<unsigned char>(last); ++ch) {
                    chars += static_cast<char>(ch);
                }
            } else {
                chars += first;
            }
        }
    }

    std::size_t count() {
        const std::size_t start = pos_;
        std::size_t n = 0;
        const auto [end, ec] = std::from_chars(pattern_.data() + pos_, pattern_.data() + pattern_.size(), n);
        if (ec != std::errc() || n > max_repeat)
            fail(start, "expected a count from 0 to " + std::to_string(max_repeat));
        pos_ = static_cast<std::size_t>(end - pattern_.data());
        return n;
    }

    // Reads a quantifier, if one follows, into min and max.
    void quantifier(std::size_t& min, std::size_t& max) {
        const std::size_t start = pos_;
        switch (peek()) {
            case '?':
                min = 0, max = 1;
                break;
            case '*':
                min = 0, max = open_repeat;
                break;
            case '+':
                min = 1, max = open_repeat;
                break;
            case '{':
                ++pos_;
                min = max = count();
                if (peek() == ',') {
                    ++pos_;
                    max = peek() == '}' ? min + open_repeat : count();
                }
                if (peek() != '}') fail(start, "expected '}' to close the count");
                if (max < min) fail(start, "the count's maximum is below its minimum");
                break;
            default:
                return;
        }
        ++pos_;
        const char next = peek();
        if (next == '?' || next == '*' || next == '+' || next == '{') fail(pos_, "a quantifier cannot be repeated");
    }

    std::string_view pattern_;
    std::size_t pos_ = 0;
};

}  // namespace

string_pattern::string_pattern(std::string_view pattern) {
    compiler c(pattern);
    // Atoms are bytes: a quantifier or class on part of a UTF-8 sequence would make invalid text.
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        if (static_cast<unsigned char>(pattern[i]) >= 0x80) c.fail(i, "only ASCII characters are supported");
    }
    while (!c.at_end()) {
        atom a;
        a.characters = c.atom_characters();
        c.quantifier(a.min, a.max);
        atoms_.push_back(std::move(a));
    }
}

std::string string_pattern::generate(random_source& random) const {
    std::string out;
    for (const atom& a : atoms_) {
        const std::size_t n = a.min + random.below(a.max - a.min + 1);
        for (std::size_t i = 0; i < n; ++i) out += a.characters[random.below(a.characters.size())];
    }
    return out;
}

}  // namespace copycat::datagen
