#include "kafka/protocol/sync_group.hpp"

#include "kafka/protocol/reader.hpp"
#include "kafka/protocol/writer.hpp"

namespace copycat::kafka_protocol {
namespace {

constexpr std::string_view kRequest = "SyncGroupRequest";
constexpr std::string_view kResponse = "SyncGroupResponse";

}  // namespace

result<bytes> sync_group_request::encode(std::int16_t version) const {
    COPYCAT_TRY_VOID(check_version(api, version, kRequest));
    const bool flex = is_flexible(api, version);
    writer w;
    w.write_string("GroupId", group_id, flex);
    w.write_int32(generation_id);
    w.write_string("MemberId", member_id, flex);
    if (version >= 3) {
        w.write_nullable_string("GroupInstanceId", group_instance_id, flex);
    } else if (group_instance_id) {
        w.fail("GroupInstanceId", "is only in v3+");
    }
    if (version >= 5) {
        w.write_nullable_string("ProtocolType", protocol_type, flex);
        w.write_nullable_string("ProtocolName", protocol_name, flex);
    }
    w.write_array_count("Assignments", assignments.size(), flex);
    for (const auto& a : assignments) {
        w.write_string("Assignments.MemberId", a.member_id, flex);
        w.write_bytes("Assignments.Assignment", a.assignment, flex);
        if (flex) w.write_empty_tagged_fields();
    }
    if (flex) w.write_empty_tagged_fields();
    return std::move(w).finish(kRequest, version);
}

result<sync_group_request> sync_group_request::decode(bytes_view data, std::int16_t version) {
    COPYCAT_TRY_VOID(check_version(api, version, kRequest));
    const bool flex = is_flexible(api, version);
    reader r(data);
    sync_group_request m;
    m.group_id = r.read_string("GroupId", flex);
    m.generation_id = r.read_int32("GenerationId");
    m.member_id = r.read_string("MemberId", flex);
    if (version >= 3) m.group_instance_id = r.read_nullable_string("GroupInstanceId", flex);
    if (version >= 5) {
        m.protocol_type = r.read_nullable_string("ProtocolType", flex);
        m.protocol_name = r.read_nullable_string("ProtocolName", flex);
    }
    const std::size_t n = r.read_array_count("Assignments", flex);
    for (std::size_t i = 0; i < n && r.ok(); ++i) {
        sync_group_assignment a;
        a.member_id = r.read_string("Assignments.MemberId", flex);
        a.assignment = r.read_bytes("Assignments.Assignment", flex);
        if (flex) r.skip_tagged_fields("Assignments tagged fields");
        m.assignments.push_back(std::move(a));
    }
    if (flex) r.skip_tagged_fields("SyncGroupRequest tagged fields");
    COPYCAT_TRY_VOID(r.finish(kRequest, version));
    return m;
}

result<bytes> sync_group_response::encode(std::int16_t version) const {
    COPYCAT_TRY_VOID(check_version(api, version, kResponse));
    const bool flex = is_flexible(api, version);
    writer w;
    if (version >= 1) w.write_int32(throttle_time_ms);
    w.write_int16(static_cast<std::int16_t>(error));
    if (version >= 5) {
        w.write_nullable_string("ProtocolType", protocol_type, flex);
        w.write_nullable_string("ProtocolName", protocol_name, flex);
    }
    w.write_bytes("Assignment", assignment, flex);
    if (flex) w.write_empty_tagged_fields();
    return std::move(w).finish(kResponse, version);
}

result<sync_group_response> sync_group_response::decode(bytes_view data, std::int16_t version) {
    COPYCAT_TRY_VOID(check_version(api, version, kResponse));
    const bool flex = is_flexible(api, version);
    reader r(data);
    sync_group_response m;
    if (version >= 1) m.throttle_time_ms = r.read_int32("ThrottleTimeMs");
    m.error = static_cast<error_code>(r.read_int16("ErrorCode"));
    if (version >= 5) {
        m.protocol_type = r.read_nullable_string("ProtocolType", flex);
        m.protocol_name = r.read_nullable_string("ProtocolName", flex);
    }
    m.assignment = r.read_bytes("Assignment", flex);
    if (flex) r.skip_tagged_fields("SyncGroupResponse tagged fields");
    COPYCAT_TRY_VOID(r.finish(kResponse, version));
    return m;
}

}  // namespace copycat::kafka_protocol
