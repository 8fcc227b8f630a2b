#include "fake_group_coordinator.hpp"

namespace copycat::kafka_client::testing {

fake_group_coordinator::fake_group_coordinator(broker_address coordinator) : coordinator_(std::move(coordinator)) {}

void fake_group_coordinator::serve(fake_broker& broker) {
    broker.set_responder([this](const fake_request& request) { return handle(request); });
}

void fake_group_coordinator::set_coordinator(broker_address coordinator, std::int32_t node_id) {
    std::lock_guard lock(mutex_);
    coordinator_ = std::move(coordinator);
    node_id_ = node_id;
}

void fake_group_coordinator::inject(kp::api_key key, kp::error_code code, int times) {
    std::lock_guard lock(mutex_);
    for (int i = 0; i < times; ++i) injected_[key].push_back(code);
}

void fake_group_coordinator::clear_injected() {
    std::lock_guard lock(mutex_);
    injected_.clear();
}

void fake_group_coordinator::hold_joins(bool on) {
    std::lock_guard lock(mutex_);
    hold_joins_ = on;
}

void fake_group_coordinator::hold_heartbeats(bool on) {
    std::lock_guard lock(mutex_);
    hold_heartbeats_ = on;
}

std::vector<kp::join_group_request> fake_group_coordinator::joins() const {
    std::lock_guard lock(mutex_);
    return joins_;
}
std::vector<kp::heartbeat_request> fake_group_coordinator::heartbeats() const {
    std::lock_guard lock(mutex_);
    return heartbeats_;
}
std::vector<kp::leave_group_request> fake_group_coordinator::leaves() const {
    std::lock_guard lock(mutex_);
    return leaves_;
}
std::vector<std::int16_t> fake_group_coordinator::leave_versions() const {
    std::lock_guard lock(mutex_);
    return leave_versions_;
}
std::vector<std::int16_t> fake_group_coordinator::join_versions() const {
    std::lock_guard lock(mutex_);
    return join_versions_;
}
std::size_t fake_group_coordinator::finds() const {
    std::lock_guard lock(mutex_);
    return finds_;
}
std::int32_t fake_group_coordinator::generation() const {
    std::lock_guard lock(mutex_);
    return generation_;
}

fake_reply fake_group_coordinator::handle(const fake_request& request) {
    std::lock_guard lock(mutex_);
    switch (request.header.key) {
        case kp::api_key::find_coordinator:
            return find_coordinator(request);
        case kp::api_key::join_group:
            return join_group(request);
        case kp::api_key::sync_group:
            return sync_group(request);
        case kp::api_key::heartbeat:
            return heartbeat(request);
        case kp::api_key::leave_group:
            return leave_group(request);
        default:
            return {};
    }
}

std::optional<kp::error_code> fake_group_coordinator::take_injected(kp::api_key key) {
    auto& queue = injected_[key];
    if (queue.empty()) return std::nullopt;
    const auto code = queue.front();
    queue.pop_front();
    return code;
}

fake_reply fake_group_coordinator::find_coordinator(const fake_request& request) {
    ++finds_;
    const auto version = request.header.api_version;
    kp::find_coordinator_response response;
    kp::coordinator c{"", node_id_, coordinator_.host, coordinator_.port, kp::error_code::none, {}};
    if (auto code = take_injected(kp::api_key::find_coordinator)) {
        c = kp::coordinator{"", -1, "", -1, *code, {}};
    }
    if (version >= 4) {
        c.key = decode_request<kp::find_coordinator_request>(request).coordinator_keys.at(0);
        response.coordinators.push_back(c);
    } else {
        response.error = c.error;
        response.node_id = c.node_id;
        response.host = c.host;
        response.port = c.port;
    }
    return {{response_frame(response, request)}, false};
}

fake_reply fake_group_coordinator::join_group(const fake_request& request) {
    const auto join = decode_request<kp::join_group_request>(request);
    joins_.push_back(join);
    join_versions_.push_back(request.header.api_version);
    kp::join_group_response response;
    if (join.member_id.empty() && request.header.api_version >= 4) {
        response.error = kp::error_code::member_id_required;
        response.member_id = "member-" + std::to_string(++next_member_);
        return {{response_frame(response, request)}, false};
    }
    if (hold_joins_) return {};
    if (auto code = take_injected(kp::api_key::join_group)) {
        response.error = *code;
        return {{response_frame(response, request)}, false};
    }
    const std::string member_id = join.member_id.empty() ? "member-" + std::to_string(++next_member_) : join.member_id;
    response.generation_id = ++generation_;
    response.protocol_type = join.protocol_type;
    response.protocol_name = join.protocols.at(0).name;
    response.leader = member_id;
    response.member_id = member_id;
    response.members.push_back({member_id, join.group_instance_id, join.protocols.at(0).metadata});
    return {{response_frame(response, request)}, false};
}

fake_reply fake_group_coordinator::sync_group(const fake_request& request) {
    const auto sync = decode_request<kp::sync_group_request>(request);
    kp::sync_group_response response;
    response.protocol_type = sync.protocol_type;
    response.protocol_name = sync.protocol_name;
    if (auto code = take_injected(kp::api_key::sync_group)) {
        response.error = *code;
    } else if (sync.generation_id != generation_) {
        response.error = kp::error_code::illegal_generation;
    } else {
        for (const auto& a : sync.assignments) assignments_[a.member_id] = a.assignment;
        response.assignment = assignments_[sync.member_id];
    }
    return {{response_frame(response, request)}, false};
}

fake_reply fake_group_coordinator::heartbeat(const fake_request& request) {
    heartbeats_.push_back(decode_request<kp::heartbeat_request>(request));
    if (hold_heartbeats_) return {};
    kp::heartbeat_response response;
    if (auto code = take_injected(kp::api_key::heartbeat)) response.error = *code;
    return {{response_frame(response, request)}, false};
}

fake_reply fake_group_coordinator::leave_group(const fake_request& request) {
    leaves_.push_back(decode_request<kp::leave_group_request>(request));
    leave_versions_.push_back(request.header.api_version);
    kp::leave_group_response response;
    if (request.header.api_version >= 3) {
        for (const auto& m : leaves_.back().members) {
            response.members.push_back({m.member_id, m.group_instance_id, kp::error_code::none});
        }
    }
    return {{response_frame(response, request)}, false};
}

}  // namespace copycat::kafka_client::testing
