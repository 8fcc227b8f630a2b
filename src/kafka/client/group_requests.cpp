#include "kafka/client/group_requests.hpp"

#include <algorithm>
#include <utility>

#include "kafka/client/kafka_error.hpp"

namespace copycat::kafka_client {

namespace kp = kafka_protocol;

std::optional<std::string> wire_reason(const std::string& reason) {
    if (reason.empty()) return std::nullopt;
    return reason.substr(0, max_reason_length);
}

std::chrono::milliseconds join_group_timeout(const group_member_config& config) {
    return std::max(config.connection.request_timeout, config.rebalance_timeout + std::chrono::milliseconds(5'000));
}

kp::join_group_request make_join_group_request(const group_member_config& config, const std::string& member_id,
                                               std::vector<group_protocol> protocols, const std::string& reason) {
    kp::join_group_request request;
    request.group_id = config.group_id;
    request.session_timeout_ms = static_cast<std::int32_t>(config.session_timeout.count());
    request.rebalance_timeout_ms = static_cast<std::int32_t>(config.rebalance_timeout.count());
    request.member_id = member_id;
    request.group_instance_id = config.group_instance_id;
    request.protocol_type = config.protocol_type;
    for (auto& protocol : protocols) {
        request.protocols.push_back({std::move(protocol.name), std::move(protocol.metadata)});
    }
    request.reason = wire_reason(reason);
    return request;
}

kp::sync_group_request make_sync_group_request(const group_member_config& config, const group_generation& generation,
                                               std::vector<member_assignment> assignments) {
    kp::sync_group_request request;
    request.group_id = config.group_id;
    request.generation_id = generation.id;
    request.member_id = generation.member_id;
    request.group_instance_id = config.group_instance_id;
    request.protocol_type = config.protocol_type;
    request.protocol_name = generation.protocol_name;
    for (auto& a : assignments) {
        request.assignments.push_back({std::move(a.member_id), std::move(a.assignment)});
    }
    return request;
}

kp::heartbeat_request make_heartbeat_request(const group_member_config& config, const group_generation& generation) {
    return {config.group_id, generation.id, generation.member_id, config.group_instance_id};
}

kp::leave_group_request make_leave_group_request(const group_member_config& config, const std::string& member_id,
                                                 const std::string& reason, std::int16_t version) {
    return kp::leave_group_request::for_member(config.group_id, member_id, wire_reason(reason), version);
}

result<void> check_join_response(const group_member_config& config, const kp::join_group_response& response) {
    const auto inconsistent = [](const std::string& what) {
        return kafka_error(kp::error_code::inconsistent_group_protocol, what);
    };
    if (response.protocol_type && *response.protocol_type != config.protocol_type) {
        return inconsistent("JoinGroup answered protocol type '" + *response.protocol_type + "', expected '" +
                            config.protocol_type + "'");
    }
    if (!response.protocol_name) return inconsistent("JoinGroup chose no protocol");
    if (response.skip_assignment) return inconsistent("JoinGroup asked the leader to skip assigning");
    return {};
}

result<void> check_sync_response(const group_member_config& config, const group_generation& generation,
                                 const kp::sync_group_response& response) {
    if ((response.protocol_type && *response.protocol_type != config.protocol_type) ||
        (response.protocol_name && *response.protocol_name != generation.protocol_name)) {
        return kafka_error(kp::error_code::inconsistent_group_protocol,
                           "SyncGroup answered protocol '" + response.protocol_type.value_or("") + "/" +
                               response.protocol_name.value_or("") + "', expected '" + config.protocol_type + "/" +
                               generation.protocol_name + "'");
    }
    return {};
}

leader_context make_leader_context(const kp::join_group_response& response) {
    leader_context context{response.generation_id, response.leader, response.protocol_name.value_or(""), {}};
    for (const auto& member : response.members) {
        context.members.push_back({member.member_id, member.group_instance_id, member.metadata});
    }
    return context;
}

}  // namespace copycat::kafka_client
