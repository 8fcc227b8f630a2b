#pragma once
// FindCoordinator (key 10; versions 0-6, flexible from 3): which broker coordinates a group.
//
// v0-3 ask for one Key and answer with top-level fields; v4+ batch: CoordinatorKeys in the
// request, one Coordinators entry per key in the response (KIP-699). Fields a version lacks
// must keep their defaults when encoding, except the ignorable ErrorMessage.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"
#include "kafka/protocol/error_code.hpp"
#include "kafka/protocol/types.hpp"
#include "kafka/protocol/versions.hpp"

namespace copycat::kafka_protocol {

// KeyType (INT8, v1+). Values from the wire that are not listed are kept as numbers.
enum class coordinator_key_type : std::int8_t { group = 0, transaction = 1, share = 2 };

struct find_coordinator_request {
    static constexpr api_key api = api_key::find_coordinator;

    std::string key;                                              // v0-3
    coordinator_key_type key_type = coordinator_key_type::group;  // v1+; v0 means group
    std::vector<std::string> coordinator_keys;                    // v4+

    // A request for `group_id`'s coordinator in the form `version` uses (Key or CoordinatorKeys).
    static find_coordinator_request for_group(std::string group_id, std::int16_t version);

    result<bytes> encode(std::int16_t version) const;
    static result<find_coordinator_request> decode(bytes_view data, std::int16_t version);
    bool operator==(const find_coordinator_request&) const = default;
};

// One coordinator: a v4+ Coordinators entry, or the v0-3 top-level fields.
struct coordinator {
    std::string key;  // empty for the v0-3 form
    std::int32_t node_id = 0;
    std::string host;
    std::int32_t port = 0;
    error_code error = error_code::none;
    std::optional<std::string> error_message;

    bool operator==(const coordinator&) const = default;
};

struct find_coordinator_response {
    static constexpr api_key api = api_key::find_coordinator;

    std::int32_t throttle_time_ms = 0;  // v1+
    // v0-3 (ErrorMessage v1-3).
    error_code error = error_code::none;
    std::optional<std::string> error_message;
    std::int32_t node_id = 0;
    std::string host;
    std::int32_t port = 0;
    // v4+.
    std::vector<coordinator> coordinators;

    // The answer for `key` from a response decoded at `version`: the top-level fields for v0-3,
    // the Coordinators entry with that key for v4+ (not_found if the broker left it out).
    result<coordinator> coordinator_for(std::string_view key, std::int16_t version) const;

    result<bytes> encode(std::int16_t version) const;
    static result<find_coordinator_response> decode(bytes_view data, std::int16_t version);
    bool operator==(const find_coordinator_response&) const = default;
};

}  // namespace copycat::kafka_protocol
