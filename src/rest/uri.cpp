#include "rest/uri.hpp"

namespace copycat::rest {
namespace {

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

}  // namespace

std::optional<std::string_view> refused_target(std::string_view target) {
    if (target.empty() || target.front() != '/') return "the request target must be an absolute path";
    for (const char c : target) {
        const auto u = static_cast<unsigned char>(c);
        if (u <= 0x20 || u >= 0x7f) return "the request target has a byte that is not visible ASCII";
        if (c == '#') return "the request target has a fragment";
        if (c == '\\') return "the request target has a backslash";
    }
    const std::string_view path = target.substr(0, target.find('?'));
    if (path.find(';') != std::string_view::npos) return "the request path has a path parameter (';')";
    for (std::size_t i = 0; i < path.size(); ++i) {
        if (path[i] != '%') continue;
        const int hi = i + 2 < path.size() ? hex_value(path[i + 1]) : -1;
        const int lo = hi >= 0 ? hex_value(path[i + 2]) : -1;
        if (lo < 0) return "the request path has a malformed percent-encoding";
        const int byte = hi * 16 + lo;
        if (byte == '/' || byte == '\\') return "the request path has an encoded '/' or '\\'";
        if (byte < 0x20 || byte == 0x7f) return "the request path has an encoded control character";
    }
    std::string_view rest = path.substr(1);
    while (!rest.empty()) {
        const auto slash = rest.find('/');
        const std::string_view raw = rest.substr(0, slash);
        if (raw.empty()) return "the request path has an empty segment";
        const auto decoded = percent_decode(raw, false);
        if (decoded && (*decoded == "." || *decoded == "..")) return "the request path has a dot segment";
        if (slash == std::string_view::npos) break;
        rest = rest.substr(slash + 1);  // "/a/" ends with an empty remainder: one trailing slash
    }
    return std::nullopt;
}

split_target split_request_target(std::string_view target) {
    split_target out;
    const auto q = target.find('?');
    out.path = target.substr(0, q);
    if (q != std::string_view::npos) out.query = target.substr(q + 1);
    if (out.path.empty()) out.path = "/";
    return out;
}

std::optional<std::string> percent_decode(std::string_view text, bool plus_as_space) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '%') {
            if (i + 2 >= text.size()) return std::nullopt;
            const int hi = hex_value(text[i + 1]);
            const int lo = hex_value(text[i + 2]);
            if (hi < 0 || lo < 0) return std::nullopt;
            out.push_back(static_cast<char>(hi * 16 + lo));
            i += 2;
        } else if (c == '+' && plus_as_space) {
            out.push_back(' ');
        } else {
            out.push_back(c);
        }
    }
    return out;
}

std::optional<std::vector<std::string>> decode_path_segments(std::string_view path) {
    if (!path.empty() && path.front() == '/') path.remove_prefix(1);
    if (!path.empty() && path.back() == '/') path.remove_suffix(1);
    std::vector<std::string> segments;
    if (path.empty()) return segments;
    std::size_t start = 0;
    while (true) {
        const auto slash = path.find('/', start);
        auto decoded = percent_decode(path.substr(start, slash - start), false);
        if (!decoded) return std::nullopt;
        segments.push_back(std::move(*decoded));
        if (slash == std::string_view::npos) break;
        start = slash + 1;
    }
    return segments;
}

std::optional<query_params> parse_query(std::string_view query) {
    query_params out;
    std::size_t start = 0;
    while (start <= query.size()) {
        const auto amp = query.find('&', start);
        const std::string_view part = query.substr(start, amp - start);
        if (!part.empty()) {
            const auto eq = part.find('=');
            auto name = percent_decode(part.substr(0, eq), true);
            auto value = percent_decode(eq == std::string_view::npos ? std::string_view{} : part.substr(eq + 1), true);
            if (!name || !value) return std::nullopt;
            out.emplace_back(std::move(*name), std::move(*value));
        }
        if (amp == std::string_view::npos) break;
        start = amp + 1;
    }
    return out;
}

}  // namespace copycat::rest
