#include "kafka/protocol/heartbeat.hpp"

#include "kafka/protocol/reader.hpp"
#include "kafka/protocol/writer.hpp"

namespace copycat::kafka_protocol {
namespace {

constexpr std::string_view kRequest = "HeartbeatRequest";
constexpr std::string_view kResponse = "HeartbeatResponse";

}  // namespace

result<bytes> heartbeat_request::encode(std::int16_t version) const {
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
    if (flex) w.write_empty_tagged_fields();
    return std::move(w).finish(kRequest, version);
}

result<heartbeat_request> heartbeat_request::decode(bytes_view data, std::int16_t version) {
    COPYCAT_TRY_VOID(check_version(api, version, kRequest));
    const bool flex = is_flexible(api, version);
    reader r(data);
    heartbeat_request m;
    m.group_id = r.read_string("GroupId", flex);
    m.generation_id = r.read_int32("GenerationId");
    m.member_id = r.read_string("MemberId", flex);
    if (version >= 3) m.group_instance_id = r.read_nullable_string("GroupInstanceId", flex);
    if (flex) r.skip_tagged_fields("HeartbeatRequest tagged fields");
    COPYCAT_TRY_VOID(r.finish(kRequest, version));
    return m;
}

result<bytes> heartbeat_response::encode(std::int16_t version) const {
    COPYCAT_TRY_VOID(check_version(api, version, kResponse));
    writer w;
    if (version >= 1) w.write_int32(throttle_time_ms);
    w.write_int16(static_cast<std::int16_t>(error));
    if (is_flexible(api, version)) w.write_empty_tagged_fields();
    return std::move(w).finish(kResponse, version);
}

result<heartbeat_response> heartbeat_response::decode(bytes_view data, std::int16_t version) {
    COPYCAT_TRY_VOID(check_version(api, version, kResponse));
    reader r(data);
    heartbeat_response m;
    if (version >= 1) m.throttle_time_ms = r.read_int32("ThrottleTimeMs");
    m.error = static_cast<error_code>(r.read_int16("ErrorCode"));
    if (is_flexible(api, version)) r.skip_tagged_fields("HeartbeatResponse tagged fields");
    COPYCAT_TRY_VOID(r.finish(kResponse, version));
    return m;
}

}  // namespace copycat::kafka_protocol
