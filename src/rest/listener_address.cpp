#include "rest/listener_address.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "common/strings.hpp"

namespace copycat::rest {
namespace {

error bad_format() {
    return make_error(errc::invalid_argument, "Listener doesn't have the right format (protocol://hostname:port).");
}

bool valid_host_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '%' || c == '.' || c == '_' || c == ':';
}

}  // namespace

result<listener_address> parse_listener(std::string_view text) {
    const auto sep = text.find("://");
    if (sep == std::string_view::npos) return bad_format();
    listener_address out;
    out.protocol = to_lower(text.substr(0, sep));
    std::string_view rest = text.substr(sep + 3);

    std::string_view host;
    std::string_view port;
    if (!rest.empty() && rest.front() == '[') {
        const auto close = rest.find(']');
        if (close == std::string_view::npos || close + 1 >= rest.size() || rest[close + 1] != ':') return bad_format();
        host = rest.substr(1, close - 1);
        port = rest.substr(close + 2);
    } else {
        const auto colon = rest.rfind(':');
        if (colon == std::string_view::npos) return bad_format();
        host = rest.substr(0, colon);
        port = rest.substr(colon + 1);
    }
    if (!std::all_of(host.begin(), host.end(), valid_host_char)) return bad_format();
    unsigned value = 0;
    const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
    if (port.empty() || ec != std::errc{} || end != port.data() + port.size()) return bad_format();
    if (value > 65535) return make_error(errc::invalid_argument, "Listener port must be between 0 and 65535");
    if (out.protocol != "http" && out.protocol != "https")
        return make_error(errc::invalid_argument, "Listener protocol must be either \"http\" or \"https\".");
    out.host = std::string(host);
    out.port = static_cast<std::uint16_t>(value);
    return out;
}

}  // namespace copycat::rest
