#include "datagen/json_reader.hpp"

#include <charconv>
#include <system_error>

#include "copycat/errors.hpp"

namespace copycat::datagen {
namespace {

// Descriptions are hand-written and small; nesting deeper than this is a mistake (and would
// otherwise let a hostile config exhaust the stack).
constexpr int max_depth = 64;

class parser {
public:
    explicit parser(std::string_view text) : text_(text) {}

    json_node document() {
        skip_space();
        json_node root = parse_value(0);
        skip_space();
        if (pos_ != text_.size()) fail("unexpected text after the JSON value");
        return root;
    }

private:
    [[noreturn]] void fail(std::string_view what) const {
        std::size_t line = 1;
        std::size_t column = 1;
        for (std::size_t i = 0; i < pos_ && i < text_.size(); ++i) {
            if (text_[i] == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
        }
        throw config_error(std::string(what) + " at line " + std::to_string(line) + ", column " +
                           std::to_string(column));
    }

    bool at_end() const noexcept { return pos_ >= text_.size(); }
    char peek() const noexcept { return at_end() ? '\0' : text_[pos_]; }

    void skip_space() noexcept {
        while (!at_end() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r')) ++pos_;
    }

    void expect_word(std::string_view word) {
        if (text_.substr(pos_, word.size()) != word) fail("invalid literal");
        pos_ += word.size();
    }

    json_node parse_value(int depth) {
        if (depth > max_depth) fail("JSON nested too deeply");
        json_node node;
        switch (peek()) {
            case '{':
                node.type = json_node::kind::object;
                parse_object(node, depth);
                break;
            case '[':
                node.type = json_node::kind::array;
                parse_array(node, depth);
                break;
            case '"':
                node.type = json_node::kind::string;
                node.text = parse_string();
                break;
            case 't':
                expect_word("true");
                node.type = json_node::kind::boolean;
                node.boolean = true;
                break;
            case 'f':
                expect_word("false");
                node.type = json_node::kind::boolean;
                break;
            case 'n':
                expect_word("null");
                break;
            default:
                if (peek() == '-' || (peek() >= '0' && peek() <= '9')) {
                    parse_number(node);
                    break;
                }
                fail(at_end() ? "unexpected end of the JSON text" : "expected a JSON value");
        }
        return node;
    }

    void parse_object(json_node& node, int depth) {
        ++pos_;  // '{'
        skip_space();
        if (peek() == '}') {
            ++pos_;
            return;
        }
        for (;;) {
            skip_space();
            if (peek() != '"') fail("expected a member name in double quotes");
            const std::size_t key_pos = pos_;
            std::string key = parse_string();
            if (node.find(key) != nullptr) {
                pos_ = key_pos;
                fail("member \"" + key + "\" given twice");
            }
            skip_space();
            if (peek() != ':') fail("expected ':'");
            ++pos_;
            skip_space();
            json_node member = parse_value(depth + 1);
            node.members.emplace_back(std::move(key), std::move(member));
            skip_space();
            if (peek() == ',') {
                ++pos_;
                continue;
            }
            if (peek() == '}') {
                ++pos_;
                return;
            }
            fail("expected ',' or '}'");
        }
    }

    void parse_array(json_node& node, int depth) {
        ++pos_;  // '['
        skip_space();
        if (peek() == ']') {
            ++pos_;
            return;
        }
        for (;;) {
            skip_space();
            node.items.push_back(parse_value(depth + 1));
            skip_space();
            if (peek() == ',') {
                ++pos_;
                continue;
            }
            if (peek() == ']') {
                ++pos_;
                return;
            }
            fail("expected ',' or ']'");
        }
    }

    unsigned hex4() {
        unsigned code = 0;
        for (int i = 0; i < 4; ++i, ++pos_) {
            const char c = peek();
            code <<= 4;
            if (c >= '0' && c <= '9') {
                code |= static_cast<unsigned>(c - '0');
            } else if (c >= 'a' && c <= 'f') {
                code |= static_cast<unsigned>(c - 'a' + 10);
            } else if (c >= 'A' && c <= 'F') {
                code |= static_cast<unsigned>(c - 'A' + 10);
            } else {
                fail("expected four hex digits after \\u");
            }
        }
        return code;
    }

    static void append_utf8(std::string& out, unsigned code) {
        if (code < 0x80) {
            out += static_cast<char>(code);
        } else if (code < 0x800) {
            out += static_cast<char>(0xC0 | (code >> 6));
            out += static_cast<char>(0x80 | (code & 0x3F));
        } else if (code < 0x10000) {
            out += static_cast<char>(0xE0 | (code >> 12));
            out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (code & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (code >> 18));
            out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (code & 0x3F));
        }
    }

    std::string parse_string() {
        ++pos_;  // '"'
        std::string out;
        for (;;) {
            if (at_end()) fail("unterminated string");
            const char c = text_[pos_];
            if (c == '"') {
                ++pos_;
                return out;
            }
            if (static_cast<unsigned char>(c) < 0x20) fail("control character in a string");
            if (c != '\\') {
                out += c;
                ++pos_;
                continue;
            }
            ++pos_;
            const char escaped = peek();
            ++pos_;
            switch (escaped) {
                case '"':
                    out += '"';
                    break;
                case '\\':
                    out += '\\';
                    break;
                case '/':
                    out += '/';
                    break;
                case 'b':
                    out += '\b';
                    break;
                case 'f':
                    out += '\f';
                    break;
                case 'n':
                    out += '\n';
                    break;
                case 'r':
                    out += '\r';
                    break;
                case 't':
                    out += '\t';
                    break;
                case 'u':
                    append_utf8(out, code_point());
                    break;
                default:
                    --pos_;
                    fail("invalid escape in a string");
            }
        }
    }

    // The code point of a \u escape (pos_ after the 'u'), joining a surrogate pair.
    unsigned code_point() {
        const unsigned high = hex4();
        if (high < 0xD800 || high > 0xDFFF) return high;
        if (high > 0xDBFF || text_.substr(pos_, 2) != "\\u") fail("unpaired surrogate in \\u escape");
        pos_ += 2;
        const unsigned low = hex4();
        if (low < 0xDC00 || low > 0xDFFF) fail("unpaired surrogate in \\u escape");
        return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
    }

    void parse_number(json_node& node) {
        const std::size_t start = pos_;
        if (peek() == '-') ++pos_;
        if (peek() == '0') {
            ++pos_;
        } else if (peek() >= '1' && peek() <= '9') {
            while (peek() >= '0' && peek() <= '9') ++pos_;
        } else {
            fail("invalid number");
        }
        bool integral = true;
        if (peek() == '.') {
            integral = false;
            ++pos_;
            if (!(peek() >= '0' && peek() <= '9')) fail("invalid number");
            while (peek() >= '0' && peek() <= '9') ++pos_;
        }
        if (peek() == 'e' || peek() == 'E') {
            integral = false;
            ++pos_;
            if (peek() == '+' || peek() == '-') ++pos_;
            if (!(peek() >= '0' && peek() <= '9')) fail("invalid number");
            while (peek() >= '0' && peek() <= '9') ++pos_;
        }
        // from_chars: independent of the locale, and no exceptions. A double out of range
        // (1e999) is refused rather than turned into infinity.
        const char* const first = text_.data() + start;
        const char* const last = text_.data() + pos_;
        node.type = json_node::kind::number;
        if (std::from_chars(first, last, node.number).ec != std::errc()) {
            pos_ = start;
            fail("number out of range");
        }
        std::int64_t i = 0;
        if (integral && std::from_chars(first, last, i).ec == std::errc()) node.integer = i;
    }

    std::string_view text_;
    std::size_t pos_ = 0;
};

}  // namespace

const json_node* json_node::find(std::string_view key) const noexcept {
    for (const auto& [name, member] : members) {
        if (name == key) return &member;
    }
    return nullptr;
}

std::string_view describe(json_node::kind k) noexcept {
    switch (k) {
        case json_node::kind::null:
            return "null";
        case json_node::kind::boolean:
            return "a boolean";
        case json_node::kind::number:
            return "a number";
        case json_node::kind::string:
            return "a string";
        case json_node::kind::array:
            return "an array";
        case json_node::kind::object:
            return "an object";
    }
    return "a JSON value";
}

json_node parse_json(std::string_view text) { return parser(text).document(); }

}  // namespace copycat::datagen
