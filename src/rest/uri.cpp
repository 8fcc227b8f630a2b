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

split_target split_request_target(std::string_view target) {
    if (const auto hash = target.find('#'); hash != std::string_view::npos) target = target.substr(0, hash);
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
