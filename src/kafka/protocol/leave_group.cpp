#include "kafka/protocol/leave_group.hpp"

#include "kafka/protocol/reader.hpp"
#include "kafka/protocol/writer.hpp"

namespace copycat::kafka_protocol {
namespace {

constexpr std::string_view kRequest = "LeaveGroupRequest";
constexpr std::string_view kResponse = "LeaveGroupResponse";

}  // namespace

leave_group_request leave_group_request::for_member(std::string group_id, std::string member_id,
                                                    std::optional<std::string> reason, std::int16_t version) {
    leave_group_request m;
    m.group_id = std::move(group_id);
    if (version >= 3) {
        m.members.push_back({std::move(member_id), std::nullopt, std::move(reason)});
    } else {
        m.member_id = std::move(member_id);
    }
    return m;
}

result<bytes> leave_group_request::encode(std::int16_t version) const {
    COPYCAT_TRY_VOID(check_version(api, version, kRequest));
    const bool flex = is_flexible(api, version);
    writer w;
    w.write_string("GroupId", group_id, flex);
    if (version <= 2) {
        w.write_string("MemberId", member_id, flex);
        if (!members.empty()) w.fail("Members", "is only in v3+ (use MemberId)");
    } else {
        if (!member_id.empty()) w.fail("MemberId", "is only in v0-2 (use Members)");
        w.write_array_count("Members", members.size(), flex);
        for (const auto& member : members) {
            w.write_string("Members.MemberId", member.member_id, flex);
            w.write_nullable_string("Members.GroupInstanceId", member.group_instance_id, flex);
            if (version >= 5) w.write_nullable_string("Members.Reason", member.reason, flex);
            if (flex) w.write_empty_tagged_fields();
        }
    }
    if (flex) w.write_empty_tagged_fields();
    return std::move(w).finish(kRequest, version);
}

result<leave_group_request> leave_group_request::decode(bytes_view data, std::int16_t version) {
    COPYCAT_TRY_VOID(check_version(api, version, kRequest));
    const bool flex = is_flexible(api, version);
    reader r(data);
    leave_group_request m;
    m.group_id = r.read_string("GroupId", flex);
    if (version <= 2) {
        m.member_id = r.read_string("MemberId", flex);
    } else {
        const std::size_t n = r.read_array_count("Members", flex);
        for (std::size_t i = 0; i < n && r.ok(); ++i) {
            leave_group_member member;
            member.member_id = r.read_string("Members.MemberId", flex);
            member.group_instance_id = r.read_nullable_string("Members.GroupInstanceId", flex);
            if (version >= 5) member.reason = r.read_nullable_string("Members.Reason", flex);
            if (flex) r.skip_tagged_fields("Members tagged fields");
            m.members.push_back(std::move(member));
        }
    }
    if (flex) r.skip_tagged_fields("LeaveGroupRequest tagged fields");
    COPYCAT_TRY_VOID(r.finish(kRequest, version));
    return m;
}

error_code leave_group_response::effective_error() const noexcept {
    if (error != error_code::none) return error;
    for (const auto& member : members) {
        if (member.error != error_code::none) return member.error;
    }
    return error_code::none;
}

result<bytes> leave_group_response::encode(std::int16_t version) const {
    COPYCAT_TRY_VOID(check_version(api, version, kResponse));
    const bool flex = is_flexible(api, version);
    writer w;
    if (version >= 1) w.write_int32(throttle_time_ms);
    w.write_int16(static_cast<std::int16_t>(error));
    if (version >= 3) {
        w.write_array_count("Members", members.size(), flex);
        for (const auto& member : members) {
            w.write_string("Members.MemberId", member.member_id, flex);
            w.write_nullable_string("Members.GroupInstanceId", member.group_instance_id, flex);
            w.write_int16(static_cast<std::int16_t>(member.error));
            if (flex) w.write_empty_tagged_fields();
        }
    } else if (!members.empty()) {
        w.fail("Members", "is only in v3+");
    }
    if (flex) w.write_empty_tagged_fields();
    return std::move(w).finish(kResponse, version);
}

result<leave_group_response> leave_group_response::decode(bytes_view data, std::int16_t version) {
    COPYCAT_TRY_VOID(check_version(api, version, kResponse));
    const bool flex = is_flexible(api, version);
    reader r(data);
    leave_group_response m;
    if (version >= 1) m.throttle_time_ms = r.read_int32("ThrottleTimeMs");
    m.error = static_cast<error_code>(r.read_int16("ErrorCode"));
    if (version >= 3) {
        const std::size_t n = r.read_array_count("Members", flex);
        for (std::size_t i = 0; i < n && r.ok(); ++i) {
            leave_group_member_response member;
            member.member_id = r.read_string("Members.MemberId", flex);
            member.group_instance_id = r.read_nullable_string("Members.GroupInstanceId", flex);
            member.error = static_cast<error_code>(r.read_int16("Members.ErrorCode"));
            if (flex) r.skip_tagged_fields("Members tagged fields");
            m.members.push_back(std::move(member));
        }
    }
    if (flex) r.skip_tagged_fields("LeaveGroupResponse tagged fields");
    COPYCAT_TRY_VOID(r.finish(kResponse, version));
    return m;
}

}  // namespace copycat::kafka_protocol
