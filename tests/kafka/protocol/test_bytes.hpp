#pragma once
// Helpers for writing expected wire bytes in tests.

#include <cctype>
#include <cstddef>
#include <string>
#include <string_view>

#include "kafka/protocol/types.hpp"

namespace copycat::kafka_protocol::testing {

// Bytes from hex digit pairs; spaces and '|' separators are ignored: hex("00 0b | ff").
inline bytes hex(std::string_view text) {
    bytes out;
    int high = -1;
    for (char c : text) {
        if (c == ' ' || c == '|' || c == '\n') continue;
        const int digit = std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : std::tolower(c) - 'a' + 10;
        if (high < 0) {
            high = digit;
        } else {
            out.push_back(static_cast<std::byte>(high * 16 + digit));
            high = -1;
        }
    }
    return out;
}

// The bytes of an ASCII string.
inline bytes ascii(std::string_view text) {
    bytes out;
    for (char c : text) out.push_back(static_cast<std::byte>(c));
    return out;
}

// Concatenation, for building frames out of parts.
inline bytes join(std::initializer_list<bytes> parts) {
    bytes out;
    for (const auto& p : parts) out.insert(out.end(), p.begin(), p.end());
    return out;
}

}  // namespace copycat::kafka_protocol::testing
