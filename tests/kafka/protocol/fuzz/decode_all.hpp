#pragma once
// Every decoder of kafka/protocol behind one table, shared by the fuzz loop in the unit tests and
// the libFuzzer target: each entry decodes untrusted bytes at one message version and, when they
// parse, checks that the value survives encode + decode unchanged.

#include <cstdint>
#include <string>
#include <vector>

#include "kafka/protocol/types.hpp"
#include "kafka/protocol/versions.hpp"

namespace copycat::kafka_protocol::testing {

enum class decode_outcome {
    accepted,    // parsed, and re-encoding gives the same value
    rejected,    // refused with errc::protocol_error
    unexpected,  // refused with another error code, or the value did not survive a round trip
};

struct decoder_entry {
    std::string name;  // "JoinGroupRequest v6"
    api_key api{};
    bool request = false;
    std::int16_t version = 0;
    decode_outcome (*decode)(bytes_view input, std::int16_t version) = nullptr;
    bytes (*seed)(std::int16_t version) = nullptr;  // a valid encoding of the sample message
};

// One entry per message struct and supported version.
const std::vector<decoder_entry>& all_decoders();

// Cuts `input` into frames (limit 64 KiB) and parses each as a request (then decodes its body
// with the matching entry) and as a response to every API at its highest version. Returns
// unexpected if any step misbehaves, else accepted.
decode_outcome decode_frames(bytes_view input);

}  // namespace copycat::kafka_protocol::testing
