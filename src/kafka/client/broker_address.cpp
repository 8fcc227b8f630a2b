#include "kafka/client/broker_address.hpp"

#include <charconv>

#include "common/strings.hpp"

namespace copycat::kafka_client {
namespace {

error bad_address(std::string_view text, std::string_view why) {
    return make_error(errc::invalid_argument,
                      "invalid broker address '" + std::string(text) + "': " + std::string(why));
}

}  // namespace

std::string broker_address::to_string() const {
    const bool v6 = host.find(':') != std::string::npos;
    return (v6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

result<broker_address> parse_broker_address(std::string_view text) {
    const std::string_view s = trim_whitespace(text);
    std::string_view host;
    std::string_view port;
    if (!s.empty() && s.front() == '[') {
        const auto close = s.find(']');
        if (close == std::string_view::npos || close + 1 >= s.size() || s[close + 1] != ':') {
            return bad_address(text, "expected [host]:port");
        }
        host = s.substr(1, close - 1);
        port = s.substr(close + 2);
    } else {
        const auto colon = s.rfind(':');
        if (colon == std::string_view::npos) return bad_address(text, "expected host:port");
        host = s.substr(0, colon);
        port = s.substr(colon + 1);
    }
    if (host.empty()) return bad_address(text, "empty host");
    unsigned value = 0;
    const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
    if (ec != std::errc() || end != port.data() + port.size() || value == 0 || value > 65535) {
        return bad_address(text, "port must be 1-65535");
    }
    return broker_address{std::string(host), static_cast<std::uint16_t>(value)};
}

result<std::vector<broker_address>> parse_bootstrap_servers(std::string_view list) {
    std::vector<broker_address> out;
    for (const auto& entry : split_list(list)) {
        COPYCAT_TRY(auto address, parse_broker_address(entry));
        out.push_back(std::move(address));
    }
    if (out.empty()) return make_error(errc::invalid_argument, "bootstrap.servers is empty");
    return out;
}

}  // namespace copycat::kafka_client
