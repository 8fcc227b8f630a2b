#include "kafka/protocol/find_coordinator.hpp"

#include "kafka/protocol/reader.hpp"
#include "kafka/protocol/writer.hpp"

namespace copycat::kafka_protocol {
namespace {

constexpr std::string_view kRequest = "FindCoordinatorRequest";
constexpr std::string_view kResponse = "FindCoordinatorResponse";

void write_coordinator(writer& w, const coordinator& c) {
    w.write_compact_string("Coordinators.Key", c.key);
    w.write_int32(c.node_id);
    w.write_compact_string("Coordinators.Host", c.host);
    w.write_int32(c.port);
    w.write_int16(static_cast<std::int16_t>(c.error));
    w.write_compact_nullable_string("Coordinators.ErrorMessage", c.error_message);
    w.write_empty_tagged_fields();
}

coordinator read_coordinator(reader& r) {
    coordinator c;
    c.key = r.read_compact_string("Coordinators.Key");
    c.node_id = r.read_int32("Coordinators.NodeId");
    c.host = r.read_compact_string("Coordinators.Host");
    c.port = r.read_int32("Coordinators.Port");
    c.error = static_cast<error_code>(r.read_int16("Coordinators.ErrorCode"));
    c.error_message = r.read_compact_nullable_string("Coordinators.ErrorMessage");
    r.skip_tagged_fields("Coordinators tagged fields");
    return c;
}

}  // namespace

find_coordinator_request find_coordinator_request::for_group(std::string group_id, std::int16_t version) {
    find_coordinator_request m;
    if (version >= 4) {
        m.coordinator_keys.push_back(std::move(group_id));
    } else {
        m.key = std::move(group_id);
    }
    return m;
}

result<bytes> find_coordinator_request::encode(std::int16_t version) const {
    COPYCAT_TRY_VOID(check_version(api, version, kRequest));
    const bool flex = is_flexible(api, version);
    writer w;
    if (version <= 3) {
        w.write_string("Key", key, flex);
    } else if (!key.empty()) {
        w.fail("Key", "is only in v0-3 (use CoordinatorKeys)");
    }
    if (version >= 1) {
        w.write_int8(static_cast<std::int8_t>(key_type));
    } else if (key_type != coordinator_key_type::group) {
        w.fail("KeyType", "is only in v1+");
    }
    if (version >= 4) {
        w.write_array_count("CoordinatorKeys", coordinator_keys.size(), flex);
        for (const auto& k : coordinator_keys) w.write_compact_string("CoordinatorKeys", k);
    } else if (!coordinator_keys.empty()) {
        w.fail("CoordinatorKeys", "is only in v4+ (use Key)");
    }
    if (flex) w.write_empty_tagged_fields();
    return std::move(w).finish(kRequest, version);
}

result<find_coordinator_request> find_coordinator_request::decode(bytes_view data, std::int16_t version) {
    COPYCAT_TRY_VOID(check_version(api, version, kRequest));
    const bool flex = is_flexible(api, version);
    reader r(data);
    find_coordinator_request m;
    if (version <= 3) m.key = r.read_string("Key", flex);
    if (version >= 1) m.key_type = static_cast<coordinator_key_type>(r.read_int8("KeyType"));
    if (version >= 4) {
        const std::size_t n = r.read_array_count("CoordinatorKeys", flex);
        for (std::size_t i = 0; i < n && r.ok(); ++i) {
            m.coordinator_keys.push_back(r.read_compact_string("CoordinatorKeys"));
        }
    }
    if (flex) r.skip_tagged_fields("FindCoordinatorRequest tagged fields");
    COPYCAT_TRY_VOID(r.finish(kRequest, version));
    return m;
}

result<coordinator> find_coordinator_response::coordinator_for(std::string_view key, std::int16_t version) const {
    if (version <= 3) return coordinator{{}, node_id, host, port, error, error_message};
    for (const auto& c : coordinators) {
        if (c.key == key) return c;
    }
    return make_error(errc::not_found, "FindCoordinator response has no entry for '" + std::string(key) + "'");
}

result<bytes> find_coordinator_response::encode(std::int16_t version) const {
    COPYCAT_TRY_VOID(check_version(api, version, kResponse));
    const bool flex = is_flexible(api, version);
    writer w;
    if (version >= 1) w.write_int32(throttle_time_ms);
    if (version <= 3) {
        w.write_int16(static_cast<std::int16_t>(error));
        if (version >= 1) w.write_nullable_string("ErrorMessage", error_message, flex);
        w.write_int32(node_id);
        w.write_string("Host", host, flex);
        w.write_int32(port);
    } else if (error != error_code::none || node_id != 0 || !host.empty() || port != 0) {
        w.fail("ErrorCode/NodeId/Host/Port", "are only in v0-3 (use Coordinators)");
    }
    if (version >= 4) {
        w.write_array_count("Coordinators", coordinators.size(), flex);
        for (const auto& c : coordinators) write_coordinator(w, c);
    } else if (!coordinators.empty()) {
        w.fail("Coordinators", "is only in v4+");
    }
    if (flex) w.write_empty_tagged_fields();
    return std::move(w).finish(kResponse, version);
}

result<find_coordinator_response> find_coordinator_response::decode(bytes_view data, std::int16_t version) {
    COPYCAT_TRY_VOID(check_version(api, version, kResponse));
    const bool flex = is_flexible(api, version);
    reader r(data);
    find_coordinator_response m;
    if (version >= 1) m.throttle_time_ms = r.read_int32("ThrottleTimeMs");
    if (version <= 3) {
        m.error = static_cast<error_code>(r.read_int16("ErrorCode"));
        if (version >= 1) m.error_message = r.read_nullable_string("ErrorMessage", flex);
        m.node_id = r.read_int32("NodeId");
        m.host = r.read_string("Host", flex);
        m.port = r.read_int32("Port");
    } else {
        const std::size_t n = r.read_array_count("Coordinators", flex);
        for (std::size_t i = 0; i < n && r.ok(); ++i) m.coordinators.push_back(read_coordinator(r));
    }
    if (flex) r.skip_tagged_fields("FindCoordinatorResponse tagged fields");
    COPYCAT_TRY_VOID(r.finish(kResponse, version));
    return m;
}

}  // namespace copycat::kafka_protocol
