#include "samples.hpp"

#include "test_bytes.hpp"

namespace copycat::kafka_protocol::testing {

void fill_sample(api_versions_request& m, std::int16_t version) {
    if (version >= 3) {
        m.client_software_name = "copycat";
        m.client_software_version = "0.1.0";
    }
}

void fill_sample(api_versions_response& m, std::int16_t version) {
    m.error = error_code::none;
    m.api_keys = {{api_key::find_coordinator, 0, 6},
                  {api_key::join_group, 0, 9},
                  {api_key::api_versions, 0, 4},
                  {static_cast<api_key>(999), 1, 2}};
    if (version >= 1) m.throttle_time_ms = 17;
    if (version >= 3) {
        m.supported_features = {{"metadata.version", 1, 21}, {"group.version", 0, 1}};
        m.finalized_features_epoch = 42;
        m.finalized_features = {{"metadata.version", 21, 21}};
        m.zk_migration_ready = true;
    }
}

void fill_sample(find_coordinator_request& m, std::int16_t version) {
    m = find_coordinator_request::for_group("connect-cluster", version);
    if (version >= 1) m.key_type = coordinator_key_type::transaction;
    if (version >= 4) m.coordinator_keys.push_back("second-group");
}

void fill_sample(find_coordinator_response& m, std::int16_t version) {
    if (version >= 1) m.throttle_time_ms = 5;
    if (version <= 3) {
        m.error = error_code::coordinator_not_available;
        if (version >= 1) m.error_message = "The coordinator is not available.";
        m.node_id = 3;
        m.host = "broker-3.example";
        m.port = 9092;
    } else {
        m.coordinators = {{"connect-cluster", 1, "broker-1.example", 9093, error_code::none, std::nullopt},
                          {"other", -1, "", -1, error_code::not_coordinator, "moved"}};
    }
}

void fill_sample(join_group_request& m, std::int16_t version) {
    m.group_id = "connect-cluster";
    m.session_timeout_ms = 10000;
    if (version >= 1) m.rebalance_timeout_ms = 60000;
    m.member_id = "connect-1-5e1f";
    if (version >= 5) m.group_instance_id = "worker-a";
    m.protocol_type = "connect";
    m.protocols = {{"sessioned", hex("00 02 00 05 01 02")}, {"compatible", hex("00 01")}, {"default", {}}};
    if (version >= 8) m.reason = "rebalance needed";
}

void fill_sample(join_group_response& m, std::int16_t version) {
    if (version >= 2) m.throttle_time_ms = 9;
    m.error = error_code::none;
    m.generation_id = 7;
    if (version >= 7) m.protocol_type = "connect";
    m.protocol_name = "sessioned";
    m.leader = "connect-1-5e1f";
    if (version >= 9) m.skip_assignment = true;
    m.member_id = "connect-2-9a0b";
    m.members = {{"connect-1-5e1f", std::nullopt, hex("00 02 aa")},
                 {"connect-2-9a0b", std::nullopt, hex("00 02 bb cc")}};
    if (version >= 5) m.members[1].group_instance_id = "worker-b";
}

void fill_sample(sync_group_request& m, std::int16_t version) {
    m.group_id = "connect-cluster";
    m.generation_id = 7;
    m.member_id = "connect-1-5e1f";
    if (version >= 3) m.group_instance_id = "worker-a";
    if (version >= 5) {
        m.protocol_type = "connect";
        m.protocol_name = "sessioned";
    }
    m.assignments = {{"connect-1-5e1f", hex("00 01 02")}, {"connect-2-9a0b", {}}};
}

void fill_sample(sync_group_response& m, std::int16_t version) {
    if (version >= 1) m.throttle_time_ms = 3;
    m.error = error_code::rebalance_in_progress;
    if (version >= 5) {
        m.protocol_type = "connect";
        m.protocol_name = "sessioned";
    }
    m.assignment = hex("00 01 00 00 00 00 ff ff");
}

void fill_sample(heartbeat_request& m, std::int16_t version) {
    m.group_id = "connect-cluster";
    m.generation_id = 7;
    m.member_id = "connect-1-5e1f";
    if (version >= 3) m.group_instance_id = "worker-a";
}

void fill_sample(heartbeat_response& m, std::int16_t version) {
    if (version >= 1) m.throttle_time_ms = 1;
    m.error = error_code::illegal_generation;
}

void fill_sample(leave_group_request& m, std::int16_t version) {
    m = leave_group_request::for_member("connect-cluster", "connect-1-5e1f",
                                        version >= 5 ? std::optional<std::string>("shutting down") : std::nullopt,
                                        version);
    if (version >= 3) m.members.push_back({"connect-3-77aa", "worker-c", std::nullopt});
}

void fill_sample(leave_group_response& m, std::int16_t version) {
    if (version >= 1) m.throttle_time_ms = 2;
    m.error = error_code::none;
    if (version >= 3) {
        m.members = {{"connect-1-5e1f", std::nullopt, error_code::none},
                     {"connect-3-77aa", "worker-c", error_code::unknown_member_id}};
    }
}

void fill_sample(sasl_handshake_request& m, std::int16_t) { m.mechanism = "SCRAM-SHA-256"; }

void fill_sample(sasl_handshake_response& m, std::int16_t) {
    m.error = error_code::unsupported_sasl_mechanism;
    m.mechanisms = {"PLAIN", "SCRAM-SHA-512"};
}

void fill_sample(sasl_authenticate_request& m, std::int16_t) {
    m.auth_bytes = ascii(std::string_view("\0alice\0secret", 13));
}

void fill_sample(sasl_authenticate_response& m, std::int16_t version) {
    m.error = error_code::sasl_authentication_failed;
    m.error_message = "Authentication failed: Invalid username or password";
    m.auth_bytes = ascii("r=abc,s=c2FsdA==,i=4096");
    if (version >= 1) m.session_lifetime_ms = 3600000;
}

}  // namespace copycat::kafka_protocol::testing
