#pragma once
// broker_address: a broker's "host:port", and the parsing of a bootstrap.servers list.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"

namespace copycat::kafka_client {

struct broker_address {
    std::string host;  // a name or an address; IPv6 without brackets
    std::uint16_t port = 0;

    // "host:port", with brackets around an IPv6 address ("[::1]:9092").
    std::string to_string() const;
    bool operator==(const broker_address&) const = default;
};

// Parses "host:port", "[v6]:port". invalid_argument naming the text when it does not parse.
result<broker_address> parse_broker_address(std::string_view text);

// Parses a bootstrap.servers value: comma-separated addresses, blanks around entries ignored.
// invalid_argument for an empty list or a bad entry.
result<std::vector<broker_address>> parse_bootstrap_servers(std::string_view list);

}  // namespace copycat::kafka_client
