#include "kafka/protocol/api_versions.hpp"

#include <algorithm>

#include "kafka/protocol/reader.hpp"
#include "kafka/protocol/writer.hpp"

namespace copycat::kafka_protocol {
namespace {

constexpr std::string_view kRequest = "ApiVersionsRequest";
constexpr std::string_view kResponse = "ApiVersionsResponse";

bool is_alnum(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

// The bytes of a tagged field written into `sub`; a failure in `sub` becomes `out`'s failure.
bytes tag_value(const writer& sub, writer& out, std::string_view field) {
    if (!sub.ok()) out.fail(field, sub.error_message());
    return bytes(sub.data().begin(), sub.data().end());
}

// The response's v3+ tagged fields that differ from their defaults, in tag order.
std::vector<tagged_field> response_tags(const api_versions_response& m, writer& out) {
    std::vector<tagged_field> tags;
    if (!m.supported_features.empty()) {
        writer w;
        w.write_array_count("SupportedFeatures", m.supported_features.size(), true);
        for (const auto& f : m.supported_features) {
            w.write_compact_string("SupportedFeatures.Name", f.name);
            w.write_int16(f.min_version);
            w.write_int16(f.max_version);
            w.write_empty_tagged_fields();
        }
        tags.push_back({0, tag_value(w, out, "SupportedFeatures")});
    }
    if (m.finalized_features_epoch != -1) {
        writer w;
        w.write_int64(m.finalized_features_epoch);
        tags.push_back({1, tag_value(w, out, "FinalizedFeaturesEpoch")});
    }
    if (!m.finalized_features.empty()) {
        writer w;
        w.write_array_count("FinalizedFeatures", m.finalized_features.size(), true);
        for (const auto& f : m.finalized_features) {
            w.write_compact_string("FinalizedFeatures.Name", f.name);
            w.write_int16(f.max_version_level);
            w.write_int16(f.min_version_level);
            w.write_empty_tagged_fields();
        }
        tags.push_back({2, tag_value(w, out, "FinalizedFeatures")});
    }
    if (m.zk_migration_ready) tags.push_back({3, bytes{std::byte{1}}});
    return tags;
}

// Reads one of the response's known tagged fields; false for tags it does not know.
bool read_response_tag(api_versions_response& m, std::uint32_t tag, reader& r) {
    switch (tag) {
        case 0: {
            const std::size_t n = r.read_array_count("SupportedFeatures", true);
            for (std::size_t i = 0; i < n && r.ok(); ++i) {
                supported_feature f;
                f.name = r.read_compact_string("SupportedFeatures.Name");
                f.min_version = r.read_int16("SupportedFeatures.MinVersion");
                f.max_version = r.read_int16("SupportedFeatures.MaxVersion");
                r.skip_tagged_fields("SupportedFeatures tagged fields");
                m.supported_features.push_back(std::move(f));
            }
            return true;
        }
        case 1:
            m.finalized_features_epoch = r.read_int64("FinalizedFeaturesEpoch");
            return true;
        case 2: {
            const std::size_t n = r.read_array_count("FinalizedFeatures", true);
            for (std::size_t i = 0; i < n && r.ok(); ++i) {
                finalized_feature f;
                f.name = r.read_compact_string("FinalizedFeatures.Name");
                f.max_version_level = r.read_int16("FinalizedFeatures.MaxVersionLevel");
                f.min_version_level = r.read_int16("FinalizedFeatures.MinVersionLevel");
                r.skip_tagged_fields("FinalizedFeatures tagged fields");
                m.finalized_features.push_back(std::move(f));
            }
            return true;
        }
        case 3:
            m.zk_migration_ready = r.read_bool("ZkMigrationReady");
            return true;
        default:
            return false;
    }
}

result<api_versions_response> decode_response(bytes_view data, std::int16_t version) {
    const bool flex = is_flexible(api_key::api_versions, version);
    reader r(data);
    api_versions_response m;
    m.error = static_cast<error_code>(r.read_int16("ErrorCode"));
    const std::size_t n = r.read_array_count("ApiKeys", flex);
    for (std::size_t i = 0; i < n && r.ok(); ++i) {
        api_version_entry e;
        e.key = static_cast<api_key>(r.read_int16("ApiKeys.ApiKey"));
        e.min_version = r.read_int16("ApiKeys.MinVersion");
        e.max_version = r.read_int16("ApiKeys.MaxVersion");
        if (flex) r.skip_tagged_fields("ApiKeys tagged fields");
        m.api_keys.push_back(e);
    }
    if (version >= 1) m.throttle_time_ms = r.read_int32("ThrottleTimeMs");
    if (flex) {
        r.read_tagged_fields("ApiVersionsResponse tagged fields",
                             [&m](std::uint32_t tag, reader& value) { return read_response_tag(m, tag, value); });
    }
    COPYCAT_TRY_VOID(r.finish(kResponse, version));
    return m;
}

}  // namespace

bool is_valid_client_software_token(std::string_view s) noexcept {
    if (s.empty() || !is_alnum(s.front()) || !is_alnum(s.back())) return false;
    return std::all_of(s.begin(), s.end(), [](char c) { return is_alnum(c) || c == '-' || c == '.'; });
}

result<bytes> api_versions_request::encode(std::int16_t version) const {
    COPYCAT_TRY_VOID(check_version(api, version, kRequest));
    writer w;
    if (is_flexible(api, version)) {
        w.write_compact_string("ClientSoftwareName", client_software_name);
        w.write_compact_string("ClientSoftwareVersion", client_software_version);
        w.write_empty_tagged_fields();
    }
    return std::move(w).finish(kRequest, version);
}

result<api_versions_request> api_versions_request::decode(bytes_view data, std::int16_t version) {
    COPYCAT_TRY_VOID(check_version(api, version, kRequest));
    reader r(data);
    api_versions_request m;
    if (is_flexible(api, version)) {
        m.client_software_name = r.read_compact_string("ClientSoftwareName");
        m.client_software_version = r.read_compact_string("ClientSoftwareVersion");
        r.skip_tagged_fields("ApiVersionsRequest tagged fields");
    }
    COPYCAT_TRY_VOID(r.finish(kRequest, version));
    return m;
}

std::optional<version_range> api_versions_response::find(api_key key) const noexcept {
    for (const auto& e : api_keys) {
        if (e.key == key) return e.range();
    }
    return std::nullopt;
}

result<bytes> api_versions_response::encode(std::int16_t version) const {
    COPYCAT_TRY_VOID(check_version(api, version, kResponse));
    const bool flex = is_flexible(api, version);
    writer w;
    w.write_int16(static_cast<std::int16_t>(error));
    w.write_array_count("ApiKeys", api_keys.size(), flex);
    for (const auto& e : api_keys) {
        w.write_int16(static_cast<std::int16_t>(e.key));
        w.write_int16(e.min_version);
        w.write_int16(e.max_version);
        if (flex) w.write_empty_tagged_fields();
    }
    if (version >= 1) w.write_int32(throttle_time_ms);
    if (flex) w.write_tagged_fields(response_tags(*this, w));
    return std::move(w).finish(kResponse, version);
}

result<api_versions_response> api_versions_response::decode(bytes_view data, std::int16_t version) {
    COPYCAT_TRY_VOID(check_version(api, version, kResponse));
    auto parsed = decode_response(data, version);
    if (parsed || version == 0) return parsed;
    auto fallback = decode_response(data, 0);
    if (fallback && fallback->error == error_code::unsupported_version) return fallback;
    return parsed;
}

}  // namespace copycat::kafka_protocol
