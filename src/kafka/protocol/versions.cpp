#include "kafka/protocol/versions.hpp"

#include <algorithm>
#include <array>
#include <string>

namespace copycat::kafka_protocol {
namespace {

// Ranges and flexible versions from Kafka's message schemas
// (clients/src/main/resources/common/message/*Request.json). All of these versions are accepted
// by Kafka 4.0.1+ brokers; 4.0.0 refuses JoinGroup v0-1.
constexpr std::array<api_info, 8> kApis = {{
    {api_key::find_coordinator, "FindCoordinator", {0, 6}, 3},
    {api_key::join_group, "JoinGroup", {0, 9}, 6},
    {api_key::heartbeat, "Heartbeat", {0, 4}, 4},
    {api_key::leave_group, "LeaveGroup", {0, 5}, 4},
    {api_key::sync_group, "SyncGroup", {0, 5}, 4},
    {api_key::sasl_handshake, "SaslHandshake", {0, 1}, std::nullopt},
    {api_key::api_versions, "ApiVersions", {0, 4}, 3},
    {api_key::sasl_authenticate, "SaslAuthenticate", {0, 2}, 2},
}};

}  // namespace

std::span<const api_info> api_table() noexcept { return kApis; }

const api_info* find_api(api_key key) noexcept {
    const auto it = std::find_if(kApis.begin(), kApis.end(), [key](const api_info& a) { return a.key == key; });
    return it == kApis.end() ? nullptr : &*it;
}

std::string api_name(api_key key) {
    if (const api_info* api = find_api(key)) return std::string(api->name);
    return "Unknown(" + std::to_string(static_cast<int>(key)) + ")";
}

bool is_flexible(api_key key, std::int16_t version) noexcept {
    const api_info* api = find_api(key);
    return api != nullptr && api->flexible && version >= *api->flexible;
}

std::int16_t request_header_version(api_key key, std::int16_t version) noexcept {
    return is_flexible(key, version) ? 2 : 1;
}

std::int16_t response_header_version(api_key key, std::int16_t version) noexcept {
    if (key == api_key::api_versions) return 0;
    return is_flexible(key, version) ? 1 : 0;
}

std::optional<std::int16_t> pick_version(version_range ours, version_range broker) noexcept {
    const std::int16_t low = std::max(ours.min, broker.min);
    const std::int16_t high = std::min(ours.max, broker.max);
    if (ours.empty() || broker.empty() || high < low) return std::nullopt;
    return high;
}

std::optional<std::int16_t> pick_version(api_key key, version_range broker) noexcept {
    const api_info* api = find_api(key);
    if (api == nullptr) return std::nullopt;
    return pick_version(api->versions, broker);
}

result<void> check_version(api_key key, std::int16_t version, std::string_view message) {
    const api_info* api = find_api(key);
    if (api != nullptr && api->versions.contains(version)) return {};
    std::string text = std::string(message) + " v" + std::to_string(version) + " is not supported";
    if (api != nullptr) {
        text += " (supported: " + std::to_string(api->versions.min) + "-" + std::to_string(api->versions.max) + ")";
    }
    return make_error(errc::unsupported, std::move(text));
}

}  // namespace copycat::kafka_protocol
