#pragma once
// Kafka Connect's `listeners` syntax: protocol://host:port.
//
//   http://127.0.0.1:8083   one interface        http://:8083        all interfaces
//   http://[::1]:8083       IPv6 literal         http://localhost:0  an ephemeral port
//
// The protocol is case-insensitive and must be http or https (https listeners take their TLS
// settings from http_server_options::tls).

#include <cstdint>
#include <string>
#include <string_view>

#include "common/result.hpp"

namespace copycat::rest {

struct listener_address {
    std::string protocol;  // "http" or "https", lower case
    std::string host;      // empty: all interfaces
    std::uint16_t port = 0;

    friend bool operator==(const listener_address&, const listener_address&) = default;
};

// invalid_argument with Kafka Connect's wording when the text does not fit the syntax.
result<listener_address> parse_listener(std::string_view text);

}  // namespace copycat::rest
