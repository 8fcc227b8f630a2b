#include "common/properties.hpp"

#include <fmt/format.h>

#include <fstream>
#include <sstream>
#include <vector>

#include "common/strings.hpp"

namespace copycat {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\f'; }

// Splits text into logical lines: joins lines that end in an odd number of backslashes,
// dropping the leading blanks of each continuation line.
std::vector<std::string> logical_lines(std::string_view text) {
    std::vector<std::string> out;
    std::string current;
    bool continuing = false;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        std::size_t end = text.find_first_of("\r\n", pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        if (end < text.size() && text[end] == '\r' && pos < text.size() && text[pos] == '\n') ++pos;

        std::size_t start = 0;
        while (start < line.size() && is_blank(line[start])) ++start;
        line.remove_prefix(start);
        if (!continuing && (line.empty() || line[0] == '#' || line[0] == '!')) {
            if (end >= text.size()) break;
            continue;
        }
        std::size_t backslashes = 0;
        while (backslashes < line.size() && line[line.size() - 1 - backslashes] == '\\') ++backslashes;
        const bool continues = backslashes % 2 == 1;
        if (continues) line.remove_suffix(1);
        current.append(line);
        continuing = continues;
        if (!continuing) {
            out.push_back(std::move(current));
            current.clear();
        }
        if (end >= text.size()) break;
    }
    if (continuing && !current.empty()) out.push_back(std::move(current));
    return out;
}

void append_utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
        out.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
        out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
        out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
}

result<std::string> unescape(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '\\' || i + 1 == s.size()) {
            out.push_back(s[i]);
            continue;
        }
        const char c = s[++i];
        switch (c) {
            case 't':
                out.push_back('\t');
                break;
            case 'n':
                out.push_back('\n');
                break;
            case 'r':
                out.push_back('\r');
                break;
            case 'f':
                out.push_back('\f');
                break;
            case 'u': {
                if (i + 4 >= s.size()) return make_error(errc::invalid_argument, "malformed \\uXXXX escape");
                unsigned cp = 0;
                for (int k = 1; k <= 4; ++k) {
                    const char h = s[i + k];
                    cp <<= 4;
                    if (h >= '0' && h <= '9')
                        cp |= static_cast<unsigned>(h - '0');
                    else if (h >= 'a' && h <= 'f')
                        cp |= static_cast<unsigned>(h - 'a' + 10);
                    else if (h >= 'A' && h <= 'F')
                        cp |= static_cast<unsigned>(h - 'A' + 10);
                    else
                        return make_error(errc::invalid_argument, "malformed \\uXXXX escape");
                }
                append_utf8(out, cp);
                i += 4;
                break;
            }
            default:
                out.push_back(c);  // \\ \= \: \# \! \space and any other char stand for themselves
        }
    }
    return out;
}

}  // namespace

result<string_map> parse_properties(std::string_view text) {
    string_map props;
    int number = 0;
    for (const std::string& line : logical_lines(text)) {
        ++number;
        std::size_t i = 0;
        // The key ends at the first unescaped '=', ':' or blank.
        while (i < line.size()) {
            if (line[i] == '\\') {
                i += 2;
                continue;
            }
            if (line[i] == '=' || line[i] == ':' || is_blank(line[i])) break;
            ++i;
        }
        const std::size_t key_end = std::min(i, line.size());
        while (i < line.size() && is_blank(line[i])) ++i;
        if (i < line.size() && (line[i] == '=' || line[i] == ':')) ++i;
        while (i < line.size() && is_blank(line[i])) ++i;
        auto key = unescape(std::string_view(line).substr(0, key_end));
        auto value = unescape(std::string_view(line).substr(std::min(i, line.size())));
        if (!key) return make_error(errc::invalid_argument, fmt::format("line {}: {}", number, key.err().message));
        if (!value) return make_error(errc::invalid_argument, fmt::format("line {}: {}", number, value.err().message));
        props[std::move(*key)] = std::move(*value);
    }
    return props;
}

result<string_map> read_properties_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return make_error(errc::not_found, fmt::format("cannot open properties file '{}'", path));
    std::ostringstream text;
    text << in.rdbuf();
    auto parsed = parse_properties(text.str());
    if (!parsed) return make_error(errc::invalid_argument, fmt::format("{}: {}", path, parsed.err().message));
    return parsed;
}

std::string trimmed_value(const string_map& config, std::string_view key) {
    auto it = config.find(key);
    return it == config.end() ? std::string() : std::string(trim(it->second));
}

}  // namespace copycat
