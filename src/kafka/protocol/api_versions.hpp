#pragma once
// ApiVersions (key 18; versions 0-4, flexible from 3): the first request on every connection,
// answered with the version range the broker supports for each API.
//
// A broker that does not support the request's version answers with a v0 body (ErrorCode
// UNSUPPORTED_VERSION, ApiKeys holding only ApiVersions' range) and a v0 response header;
// api_versions_response::decode falls back to v0 for that body as Kafka's client does.

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

struct api_versions_request {
    static constexpr api_key api = api_key::api_versions;

    // v3+; dropped by older versions. Brokers answer INVALID_REQUEST unless both match
    // is_valid_client_software_token().
    std::string client_software_name;
    std::string client_software_version;

    result<bytes> encode(std::int16_t version) const;
    static result<api_versions_request> decode(bytes_view data, std::int16_t version);
    bool operator==(const api_versions_request&) const = default;
};

// True if `s` matches [a-zA-Z0-9](?:[a-zA-Z0-9\-.]*[a-zA-Z0-9])?, the broker's rule for
// ClientSoftwareName and ClientSoftwareVersion.
bool is_valid_client_software_token(std::string_view s) noexcept;

// One ApiKeys entry: the broker's inclusive version range for an API.
struct api_version_entry {
    api_key key{};
    std::int16_t min_version = 0;
    std::int16_t max_version = 0;

    version_range range() const noexcept { return {min_version, max_version}; }
    bool operator==(const api_version_entry&) const = default;
};

// A SupportedFeatures entry (tagged field 0, v3+).
struct supported_feature {
    std::string name;
    std::int16_t min_version = 0;
    std::int16_t max_version = 0;
    bool operator==(const supported_feature&) const = default;
};

// A FinalizedFeatures entry (tagged field 2, v3+).
struct finalized_feature {
    std::string name;
    std::int16_t max_version_level = 0;
    std::int16_t min_version_level = 0;
    bool operator==(const finalized_feature&) const = default;
};

struct api_versions_response {
    static constexpr api_key api = api_key::api_versions;

    error_code error = error_code::none;
    std::vector<api_version_entry> api_keys;
    std::int32_t throttle_time_ms = 0;  // v1+
    // Tagged fields, v3+; written only when they differ from these defaults.
    std::vector<supported_feature> supported_features;  // tag 0
    std::int64_t finalized_features_epoch = -1;         // tag 1
    std::vector<finalized_feature> finalized_features;  // tag 2
    bool zk_migration_ready = false;                    // tag 3

    // The broker's range for `key`, or nullopt if it does not list the API.
    std::optional<version_range> find(api_key key) const noexcept;

    result<bytes> encode(std::int16_t version) const;
    // Decodes a body at `version`; if that fails and the bytes are a v0 UNSUPPORTED_VERSION body,
    // returns that instead (the broker's answer to a version it does not know).
    static result<api_versions_response> decode(bytes_view data, std::int16_t version);
    bool operator==(const api_versions_response&) const = default;
};

}  // namespace copycat::kafka_protocol
