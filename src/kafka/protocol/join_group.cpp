#include "kafka/protocol/join_group.hpp"

#include "kafka/protocol/reader.hpp"
#include "kafka/protocol/writer.hpp"

namespace copycat::kafka_protocol {
namespace {

constexpr std::string_view kRequest = "JoinGroupRequest";
constexpr std::string_view kResponse = "JoinGroupResponse";

}  // namespace

result<bytes> join_group_request::encode(std::int16_t version) const {
    COPYCAT_TRY_VOID(check_version(api, version, kRequest));
    const bool flex = is_flexible(api, version);
    writer w;
    w.write_string("GroupId", group_id, flex);
    w.write_int32(session_timeout_ms);
    if (version >= 1) w.write_int32(rebalance_timeout_ms);
    w.write_string("MemberId", member_id, flex);
    if (version >= 5) {
        w.write_nullable_string("GroupInstanceId", group_instance_id, flex);
    } else if (group_instance_id) {
        w.fail("GroupInstanceId", "is only in v5+");
    }
    w.write_string("ProtocolType", protocol_type, flex);
    w.write_array_count("Protocols", protocols.size(), flex);
    for (const auto& p : protocols) {
        w.write_string("Protocols.Name", p.name, flex);
        w.write_bytes("Protocols.Metadata", p.metadata, flex);
        if (flex) w.write_empty_tagged_fields();
    }
    if (version >= 8) w.write_nullable_string("Reason", reason, flex);
    if (flex) w.write_empty_tagged_fields();
    return std::move(w).finish(kRequest, version);
}

result<join_group_request> join_group_request::decode(bytes_view data, std::int16_t version) {
    COPYCAT_TRY_VOID(check_version(api, version, kRequest));
    const bool flex = is_flexible(api, version);
    reader r(data);
    join_group_request m;
    m.group_id = r.read_string("GroupId", flex);
    m.session_timeout_ms = r.read_int32("SessionTimeoutMs");
    if (version >= 1) m.rebalance_timeout_ms = r.read_int32("RebalanceTimeoutMs");
    m.member_id = r.read_string("MemberId", flex);
    if (version >= 5) m.group_instance_id = r.read_nullable_string("GroupInstanceId", flex);
    m.protocol_type = r.read_string("ProtocolType", flex);
    const std::size_t n = r.read_array_count("Protocols", flex);
    for (std::size_t i = 0; i < n && r.ok(); ++i) {
        join_group_protocol p;
        p.name = r.read_string("Protocols.Name", flex);
        p.metadata = r.read_bytes("Protocols.Metadata", flex);
        if (flex) r.skip_tagged_fields("Protocols tagged fields");
        m.protocols.push_back(std::move(p));
    }
    if (version >= 8) m.reason = r.read_nullable_string("Reason", flex);
    if (flex) r.skip_tagged_fields("JoinGroupRequest tagged fields");
    COPYCAT_TRY_VOID(r.finish(kRequest, version));
    return m;
}

result<bytes> join_group_response::encode(std::int16_t version) const {
    COPYCAT_TRY_VOID(check_version(api, version, kResponse));
    const bool flex = is_flexible(api, version);
    writer w;
    if (version >= 2) w.write_int32(throttle_time_ms);
    w.write_int16(static_cast<std::int16_t>(error));
    w.write_int32(generation_id);
    if (version >= 7) {
        w.write_nullable_string("ProtocolType", protocol_type, flex);
        w.write_nullable_string("ProtocolName", protocol_name, flex);
    } else if (!protocol_name) {
        w.fail("ProtocolName", "is nullable only in v7+");
    } else {
        w.write_string("ProtocolName", *protocol_name, flex);
    }
    w.write_string("Leader", leader, flex);
    if (version >= 9) {
        w.write_bool(skip_assignment);
    } else if (skip_assignment) {
        w.fail("SkipAssignment", "is only in v9+");
    }
    w.write_string("MemberId", member_id, flex);
    w.write_array_count("Members", members.size(), flex);
    for (const auto& member : members) {
        w.write_string("Members.MemberId", member.member_id, flex);
        if (version >= 5) {
            w.write_nullable_string("Members.GroupInstanceId", member.group_instance_id, flex);
        }
        w.write_bytes("Members.Metadata", member.metadata, flex);
        if (flex) w.write_empty_tagged_fields();
    }
    if (flex) w.write_empty_tagged_fields();
    return std::move(w).finish(kResponse, version);
}

result<join_group_response> join_group_response::decode(bytes_view data, std::int16_t version) {
    COPYCAT_TRY_VOID(check_version(api, version, kResponse));
    const bool flex = is_flexible(api, version);
    reader r(data);
    join_group_response m;
    if (version >= 2) m.throttle_time_ms = r.read_int32("ThrottleTimeMs");
    m.error = static_cast<error_code>(r.read_int16("ErrorCode"));
    m.generation_id = r.read_int32("GenerationId");
    if (version >= 7) {
        m.protocol_type = r.read_nullable_string("ProtocolType", flex);
        m.protocol_name = r.read_nullable_string("ProtocolName", flex);
    } else {
        m.protocol_name = r.read_string("ProtocolName", flex);
    }
    m.leader = r.read_string("Leader", flex);
    if (version >= 9) m.skip_assignment = r.read_bool("SkipAssignment");
    m.member_id = r.read_string("MemberId", flex);
    const std::size_t n = r.read_array_count("Members", flex);
    for (std::size_t i = 0; i < n && r.ok(); ++i) {
        join_group_member member;
        member.member_id = r.read_string("Members.MemberId", flex);
        if (version >= 5) {
            member.group_instance_id = r.read_nullable_string("Members.GroupInstanceId", flex);
        }
        member.metadata = r.read_bytes("Members.Metadata", flex);
        if (flex) r.skip_tagged_fields("Members tagged fields");
        m.members.push_back(std::move(member));
    }
    if (flex) r.skip_tagged_fields("JoinGroupResponse tagged fields");
    COPYCAT_TRY_VOID(r.finish(kResponse, version));
    return m;
}

}  // namespace copycat::kafka_protocol
