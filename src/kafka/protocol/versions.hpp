#pragma once
// The Kafka APIs this library speaks, the versions it encodes and decodes, which of them are
// flexible (compact types and tagged fields), and version negotiation with a broker.

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "common/result.hpp"

namespace copycat::kafka_protocol {

// Kafka's API keys. Values from the wire that are not listed are kept as numbers.
enum class api_key : std::int16_t {
    find_coordinator = 10,
    join_group = 11,
    heartbeat = 12,
    leave_group = 13,
    sync_group = 14,
    sasl_handshake = 17,
    api_versions = 18,
    sasl_authenticate = 36,
};

// An inclusive range of API versions, as in an ApiVersions response entry.
struct version_range {
    std::int16_t min = 0;
    std::int16_t max = -1;

    bool empty() const noexcept { return max < min; }
    bool contains(std::int16_t v) const noexcept { return min <= v && v <= max; }
    bool operator==(const version_range&) const = default;
};

// One row of the version table.
struct api_info {
    api_key key;
    std::string_view name;                 // Kafka's name, e.g. "JoinGroup"
    version_range versions;                // what this library encodes and decodes
    std::optional<std::int16_t> flexible;  // first flexible version; nullopt: none is
};

// Every API this library implements, by key.
std::span<const api_info> api_table() noexcept;
// The row for `key`, or nullptr for an API this library does not implement.
const api_info* find_api(api_key key) noexcept;
// Kafka's name for the API ("JoinGroup"), or "Unknown(<n>)" for other keys.
std::string api_name(api_key key);

// True if `version` of the API uses compact types and tagged fields.
bool is_flexible(api_key key, std::int16_t version) noexcept;
// Request header version: 2 for flexible API versions, 1 otherwise (v0 is never used here).
std::int16_t request_header_version(api_key key, std::int16_t version) noexcept;
// Response header version: 1 for flexible API versions, 0 otherwise, and always 0 for
// ApiVersions so that any client can read the correlation id (KIP-511).
std::int16_t response_header_version(api_key key, std::int16_t version) noexcept;

// The highest version in both ranges, or nullopt when they do not overlap.
std::optional<std::int16_t> pick_version(version_range ours, version_range broker) noexcept;
// The same with this library's range for `key` as ours.
std::optional<std::int16_t> pick_version(api_key key, version_range broker) noexcept;

// Ok if this library implements `version` of the API; an errc::unsupported naming `message`
// (e.g. "JoinGroupRequest") otherwise.
result<void> check_version(api_key key, std::int16_t version, std::string_view message);

}  // namespace copycat::kafka_protocol
