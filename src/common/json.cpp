#include "common/json.hpp"

#include <rapidjson/error/en.h>
#include <rapidjson/reader.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <cmath>
#include <limits>
#include <optional>
#include <string_view>
#include <unordered_map>

#include <fmt/format.h>

#include "common/utf8.hpp"

namespace copycat::json {

value::value(unsigned long u) : value(static_cast<unsigned long long>(u)) {}
value::value(unsigned long long u) {
    if (u <= static_cast<unsigned long long>(std::numeric_limits<std::int64_t>::max()))
        v_ = static_cast<std::int64_t>(u);
    else
        v_ = static_cast<std::uint64_t>(u);
}
value::value(array a) : v_(std::move(a)) {}
value::value(object o) : v_(std::move(o)) {}

bool value::is_int64() const { return type() == kind::int64; }
bool value::is_uint64() const {
    return type() == kind::uint64 || (type() == kind::int64 && std::get<std::int64_t>(v_) >= 0);
}

std::int64_t value::as_int64() const {
    if (type() == kind::uint64) return static_cast<std::int64_t>(std::get<std::uint64_t>(v_));
    return std::get<std::int64_t>(v_);
}
std::uint64_t value::as_uint64() const {
    if (type() == kind::int64) return static_cast<std::uint64_t>(std::get<std::int64_t>(v_));
    return std::get<std::uint64_t>(v_);
}
double value::as_double() const {
    switch (type()) {
        case kind::int64:
            return static_cast<double>(std::get<std::int64_t>(v_));
        case kind::uint64:
            return static_cast<double>(std::get<std::uint64_t>(v_));
        default:
            return std::get<double>(v_);
    }
}

const value* value::find(std::string_view key) const {
    if (!is_object()) return nullptr;
    for (const auto& m : as_object())
        if (m.name == key) return &m.val;
    return nullptr;
}
value* value::find(std::string_view key) { return const_cast<value*>(static_cast<const value*>(this)->find(key)); }

value& value::set(std::string_view key, value v) {
    if (is_null()) v_ = object{};
    if (value* existing = find(key)) {
        *existing = std::move(v);
        return *existing;
    }
    auto& o = as_object();
    o.push_back(member{std::string(key), std::move(v)});
    return o.back().val;
}

value& value::push_back(value v) {
    if (is_null()) v_ = array{};
    auto& a = as_array();
    a.push_back(std::move(v));
    return a.back();
}

bool operator==(const value& a, const value& b) {
    if (a.is_number() && b.is_number() && a.type() != b.type()) {
        if (a.is_integer() && b.is_integer()) return a.is_int64() == b.is_int64() && a.as_uint64() == b.as_uint64();
        return a.as_double() == b.as_double();
    }
    return a.v_ == b.v_;
}

std::string_view kind_name(kind k) {
    switch (k) {
        case kind::null:
            return "null";
        case kind::boolean:
            return "boolean";
        case kind::int64:
        case kind::uint64:
            return "integer";
        case kind::number:
            return "number";
        case kind::string:
            return "string";
        case kind::array:
            return "array";
        case kind::object:
            return "object";
    }
    return "unknown";
}

namespace {

// SAX handler that builds a json::value with an explicit stack (no recursion).
// Kafka Connect reads JSON with Jackson, which keeps the last value of a key that appears twice,
// at the place of its first appearance (a LinkedHashMap put). Copycat reads REST bodies, config
// files and topic records the same way, so that `find` and a loop over the members agree.
void keep_last_of_duplicates(object& members) {
    constexpr std::size_t linear_scan_limit = 16;
    std::unordered_map<std::string_view, std::size_t> index;
    const bool indexed = members.size() > linear_scan_limit;
    std::size_t kept = 0;
    for (std::size_t i = 0; i < members.size(); ++i) {
        std::optional<std::size_t> earlier;
        if (indexed) {
            if (auto it = index.find(members[i].name); it != index.end()) earlier = it->second;
        } else {
            for (std::size_t j = 0; j < kept && !earlier; ++j)
                if (members[j].name == members[i].name) earlier = j;
        }
        if (earlier) {
            members[*earlier].val = std::move(members[i].val);
            continue;
        }
        if (kept != i) members[kept] = std::move(members[i]);
        if (indexed) index.emplace(members[kept].name, kept);
        ++kept;
    }
    members.resize(kept);
}

class builder : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, builder> {
public:
    explicit builder(std::size_t max_depth) : max_depth_(max_depth) {}

    bool Null() { return add(value()); }
    bool Bool(bool b) { return add(value(b)); }
    bool Int(int i) { return add(value(i)); }
    bool Uint(unsigned u) { return add(value(u)); }
    bool Int64(std::int64_t i) { return add(value(static_cast<long long>(i))); }
    bool Uint64(std::uint64_t u) { return add(value(static_cast<unsigned long long>(u))); }
    bool Double(double d) { return add(value(d)); }
    // Numbers arrive as text (kParseNumbersAsStringsFlag) and are converted exactly here:
    // RapidJSON's own full-precision path has undefined behaviour on inputs like 0e300.
    bool RawNumber(const char* s, rapidjson::SizeType n, bool) {
        const char* end = s + n;
        const bool integral = std::find_if(s, end, [](char c) { return c == '.' || c == 'e' || c == 'E'; }) == end;
        if (integral) {
            if (*s == '-') {
                long long i = 0;
                if (auto r = std::from_chars(s, end, i); r.ec == std::errc() && r.ptr == end) return add(value(i));
            } else {
                unsigned long long u = 0;
                if (auto r = std::from_chars(s, end, u); r.ec == std::errc() && r.ptr == end) return add(value(u));
            }
        }
        double d = 0;
        const auto r = std::from_chars(s, end, d);
        if (r.ptr != end) return false;
        if (r.ec == std::errc::result_out_of_range) d = std::strtod(std::string(s, n).c_str(), nullptr);  // +-inf or 0
        return add(value(d));
    }
    bool String(const char* s, rapidjson::SizeType n, bool) { return add(value(std::string(s, n))); }
    bool Key(const char* s, rapidjson::SizeType n, bool) {
        keys_.emplace_back(s, n);
        return true;
    }
    bool StartObject() { return open(value::make_object()); }
    bool EndObject(rapidjson::SizeType) { return close(); }
    bool StartArray() { return open(value::make_array()); }
    bool EndArray(rapidjson::SizeType) { return close(); }

    bool too_deep() const { return too_deep_; }
    value take() { return std::move(root_); }

private:
    bool open(value container) {
        if (stack_.size() >= max_depth_) {
            too_deep_ = true;
            return false;
        }
        stack_.push_back(std::move(container));
        return true;
    }
    bool close() {
        value done = std::move(stack_.back());
        stack_.pop_back();
        if (done.is_object()) keep_last_of_duplicates(done.as_object());
        return add(std::move(done));
    }
    bool add(value v) {
        if (stack_.empty()) {
            root_ = std::move(v);
            return true;
        }
        value& top = stack_.back();
        if (top.is_array()) {
            top.as_array().push_back(std::move(v));
        } else {
            top.as_object().push_back(member{std::move(keys_.back()), std::move(v)});
            keys_.pop_back();
        }
        return true;
    }

    std::size_t max_depth_;
    bool too_deep_ = false;
    std::vector<value> stack_;
    std::vector<std::string> keys_;
    value root_;
};

}  // namespace

result<value> parse(std::string_view text, const parse_options& options) {
    builder b(options.max_depth);
    rapidjson::Reader reader;
    rapidjson::MemoryStream ms(text.data(), text.size());
    rapidjson::EncodedInputStream<rapidjson::UTF8<>, rapidjson::MemoryStream> is(ms);
    constexpr unsigned flags =
        rapidjson::kParseIterativeFlag | rapidjson::kParseNumbersAsStringsFlag | rapidjson::kParseValidateEncodingFlag;
    const rapidjson::ParseResult r = reader.Parse<flags>(is, b);
    if (b.too_deep())
        return make_error(errc::invalid_argument, fmt::format("JSON nested deeper than {} levels", options.max_depth));
    if (r.IsError()) {
        return make_error(errc::invalid_argument, fmt::format("malformed JSON at offset {}: {}", r.Offset(),
                                                              rapidjson::GetParseError_En(r.Code())));
    }
    return b.take();
}

namespace {

constexpr char hex_digits[] = "0123456789ABCDEF";

void append_unicode_escape(std::string& out, char32_t unit) {
    const char escape[] = {'\\',
                           'u',
                           hex_digits[(unit >> 12) & 0xF],
                           hex_digits[(unit >> 8) & 0xF],
                           hex_digits[(unit >> 4) & 0xF],
                           hex_digits[unit & 0xF]};
    out.append(escape, sizeof escape);
}

// The short escape Jackson writes for a character below 0x80 (CharTypes' output escapes), 'u'
// for \u00XX, or 0 when the character is written as it is.
constexpr char ascii_escape(unsigned char c) {
    switch (c) {
        case '"':
            return '"';
        case '\\':
            return '\\';
        case '\b':
            return 'b';
        case '\t':
            return 't';
        case '\n':
            return 'n';
        case '\f':
            return 'f';
        case '\r':
            return 'r';
        default:
            return c < 0x20 ? 'u' : 0;
    }
}

// Appends `text` as a JSON string literal with the bytes Jackson's UTF8JsonGenerator writes for
// the Java String that Java's UTF-8 decoder reads from `text`: '"', '\\' and the control
// characters escaped (\b \t \n \f \r, the others as \u00XX), everything else of the BMP as
// UTF-8, a character above U+FFFF as its UTF-16 surrogates \uD8XX\uDCXX (upper-case hex), and
// each ill-formed part as U+FFFD (utf8::sequence_length). docs/compatibility.md "Strings".
void append_quoted(std::string& out, std::string_view text) {
    out.push_back('"');
    std::size_t i = 0;
    while (i < text.size()) {
        std::size_t plain = i;
        while (plain < text.size()) {
            const auto c = static_cast<unsigned char>(text[plain]);
            if (c >= 0x80 || ascii_escape(c) != 0) break;
            ++plain;
        }
        out.append(text, i, plain - i);
        i = plain;
        if (i >= text.size()) break;
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            const char escape = ascii_escape(c);
            if (escape == 'u') {
                append_unicode_escape(out, c);
            } else {
                out.push_back('\\');
                out.push_back(escape);
            }
            ++i;
            continue;
        }
        std::size_t replaced = 0;
        const std::size_t length = utf8::sequence_length(text, i, replaced);
        if (length == 0) {
            out += utf8::replacement;
            i += replaced;
        } else if (length < 4) {
            out.append(text, i, length);
            i += length;
        } else {
            const char32_t above_bmp = utf8::code_point(text, i, length) - 0x10000;
            append_unicode_escape(out, 0xD800 + (above_bmp >> 10));
            append_unicode_escape(out, 0xDC00 + (above_bmp & 0x3FF));
            i += length;
        }
    }
    out.push_back('"');
}

}  // namespace

struct writer::impl {
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer> w{buffer};
    std::string quoted;  // reused for each string's literal

    void raw_string(std::string_view text) {
        quoted.clear();
        append_quoted(quoted, text);
        w.RawValue(quoted.data(), quoted.size(), rapidjson::kStringType);
    }
};

writer::writer() : impl_(std::make_unique<impl>()) {}
writer::~writer() = default;

writer& writer::start_object() {
    impl_->w.StartObject();
    return *this;
}
writer& writer::end_object() {
    impl_->w.EndObject();
    return *this;
}
writer& writer::start_array() {
    impl_->w.StartArray();
    return *this;
}
writer& writer::end_array() {
    impl_->w.EndArray();
    return *this;
}
writer& writer::key(std::string_view k) {
    impl_->raw_string(k);
    return *this;
}
writer& writer::null() {
    impl_->w.Null();
    return *this;
}
writer& writer::boolean(bool b) {
    impl_->w.Bool(b);
    return *this;
}
writer& writer::int64(std::int64_t i) {
    impl_->w.Int64(i);
    return *this;
}
writer& writer::uint64(std::uint64_t u) {
    impl_->w.Uint64(u);
    return *this;
}
writer& writer::number(double d) {
    // JSON has no NaN/Infinity; RapidJSON would refuse them. Write null, as a lenient writer does.
    if (!std::isfinite(d))
        impl_->w.Null();
    else
        impl_->w.Double(d);
    return *this;
}
writer& writer::raw_number(std::string_view digits) {
    impl_->w.RawValue(digits.data(), digits.size(), rapidjson::kNumberType);
    return *this;
}
writer& writer::string(std::string_view s) {
    impl_->raw_string(s);
    return *this;
}

writer& writer::write(const value& v) {
    switch (v.type()) {
        case kind::null:
            return null();
        case kind::boolean:
            return boolean(v.as_bool());
        case kind::int64:
            return int64(v.as_int64());
        case kind::uint64:
            return uint64(v.as_uint64());
        case kind::number:
            return number(v.as_double());
        case kind::string:
            return string(v.as_string());
        case kind::array:
            start_array();
            for (const auto& e : v.as_array()) write(e);
            return end_array();
        case kind::object:
            start_object();
            for (const auto& m : v.as_object()) {
                key(m.name);
                write(m.val);
            }
            return end_object();
    }
    return *this;
}

std::string_view writer::view() const { return {impl_->buffer.GetString(), impl_->buffer.GetSize()}; }

std::string writer::take() {
    std::string out(view());
    impl_->buffer.Clear();
    impl_->w.Reset(impl_->buffer);
    return out;
}

std::string dump(const value& v) {
    writer w;
    w.write(v);
    return w.take();
}

}  // namespace copycat::json
