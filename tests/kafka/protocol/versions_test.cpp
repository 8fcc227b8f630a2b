// The version table, negotiation, header versions and error codes.
#include <catch2/catch.hpp>

#include "kafka/protocol/api_versions.hpp"
#include "kafka/protocol/error_code.hpp"
#include "kafka/protocol/versions.hpp"

using namespace copycat;
using namespace copycat::kafka_protocol;

TEST_CASE("the version table matches Kafka's schemas") {
    struct row {
        api_key key;
        version_range range;
        std::optional<std::int16_t> flexible;
    };
    for (const auto& [key, range, flexible] :
         {row{api_key::api_versions, {0, 4}, 3}, row{api_key::find_coordinator, {0, 6}, 3},
          row{api_key::join_group, {0, 9}, 6}, row{api_key::sync_group, {0, 5}, 4}, row{api_key::heartbeat, {0, 4}, 4},
          row{api_key::leave_group, {0, 5}, 4}, row{api_key::sasl_handshake, {0, 1}, std::nullopt},
          row{api_key::sasl_authenticate, {0, 2}, 2}}) {
        const api_info* api = find_api(key);
        REQUIRE(api != nullptr);
        CHECK(api->versions == range);
        CHECK(api->flexible == flexible);
    }
    CHECK(api_table().size() == 8);
    CHECK(find_api(static_cast<api_key>(3)) == nullptr);
    CHECK(api_name(api_key::join_group) == "JoinGroup");
    CHECK(api_name(static_cast<api_key>(3)) == "Unknown(3)");
}

TEST_CASE("flexible versions and header versions") {
    CHECK_FALSE(is_flexible(api_key::join_group, 5));
    CHECK(is_flexible(api_key::join_group, 6));
    CHECK_FALSE(is_flexible(api_key::sasl_handshake, 1));
    CHECK(request_header_version(api_key::join_group, 5) == 1);
    CHECK(request_header_version(api_key::join_group, 6) == 2);
    CHECK(request_header_version(api_key::api_versions, 3) == 2);
    CHECK(response_header_version(api_key::sync_group, 3) == 0);
    CHECK(response_header_version(api_key::sync_group, 4) == 1);
    // ApiVersions responses keep header v0 even for flexible bodies (KIP-511).
    CHECK(response_header_version(api_key::api_versions, 4) == 0);
    CHECK(request_header_version(static_cast<api_key>(3), 12) == 1);
}

TEST_CASE("pick_version takes the highest common version") {
    CHECK(pick_version(version_range{0, 9}, version_range{0, 9}) == 9);
    CHECK(pick_version(version_range{0, 9}, version_range{2, 7}) == 7);
    CHECK(pick_version(version_range{2, 9}, version_range{0, 1}) == std::nullopt);
    CHECK(pick_version(version_range{0, 4}, version_range{3, 12}) == 4);
    CHECK(pick_version(version_range{0, 4}, version_range{5, 3}) == std::nullopt);
    CHECK(pick_version(api_key::join_group, version_range{2, 12}) == 9);
    CHECK(pick_version(api_key::sync_group, version_range{0, 3}) == 3);
    CHECK(pick_version(static_cast<api_key>(3), version_range{0, 12}) == std::nullopt);

    api_versions_response broker;
    broker.api_keys = {{api_key::join_group, 2, 9}, {api_key::heartbeat, 0, 4}};
    REQUIRE(broker.find(api_key::join_group));
    CHECK(pick_version(api_key::join_group, *broker.find(api_key::join_group)) == 9);
    CHECK(broker.find(api_key::leave_group) == std::nullopt);
}

TEST_CASE("check_version names the message and the supported range") {
    CHECK(check_version(api_key::heartbeat, 4, "HeartbeatRequest").ok());
    const auto refused = check_version(api_key::heartbeat, 5, "HeartbeatRequest");
    REQUIRE_FALSE(refused);
    CHECK(refused.err().code == errc::unsupported);
    CHECK(refused.err().message == "HeartbeatRequest v5 is not supported (supported: 0-4)");
    CHECK_FALSE(check_version(api_key::join_group, -1, "JoinGroupRequest"));
}

TEST_CASE("error codes carry Kafka's numbers and names") {
    struct row {
        error_code code;
        int number;
        const char* name;
    };
    for (const auto& [code, number, name] : {
             row{error_code::unknown_server_error, -1, "UNKNOWN_SERVER_ERROR"},
             row{error_code::none, 0, "NONE"},
             row{error_code::request_timed_out, 7, "REQUEST_TIMED_OUT"},
             row{error_code::network_exception, 13, "NETWORK_EXCEPTION"},
             row{error_code::coordinator_load_in_progress, 14, "COORDINATOR_LOAD_IN_PROGRESS"},
             row{error_code::coordinator_not_available, 15, "COORDINATOR_NOT_AVAILABLE"},
             row{error_code::not_coordinator, 16, "NOT_COORDINATOR"},
             row{error_code::illegal_generation, 22, "ILLEGAL_GENERATION"},
             row{error_code::inconsistent_group_protocol, 23, "INCONSISTENT_GROUP_PROTOCOL"},
             row{error_code::invalid_group_id, 24, "INVALID_GROUP_ID"},
             row{error_code::unknown_member_id, 25, "UNKNOWN_MEMBER_ID"},
             row{error_code::invalid_session_timeout, 26, "INVALID_SESSION_TIMEOUT"},
             row{error_code::rebalance_in_progress, 27, "REBALANCE_IN_PROGRESS"},
             row{error_code::group_authorization_failed, 30, "GROUP_AUTHORIZATION_FAILED"},
             row{error_code::unsupported_sasl_mechanism, 33, "UNSUPPORTED_SASL_MECHANISM"},
             row{error_code::unsupported_version, 35, "UNSUPPORTED_VERSION"},
             row{error_code::invalid_request, 42, "INVALID_REQUEST"},
             row{error_code::sasl_authentication_failed, 58, "SASL_AUTHENTICATION_FAILED"},
             row{error_code::member_id_required, 79, "MEMBER_ID_REQUIRED"},
             row{error_code::group_max_size_reached, 81, "GROUP_MAX_SIZE_REACHED"},
             row{error_code::fenced_instance_id, 82, "FENCED_INSTANCE_ID"},
             row{error_code::invalid_regular_expression, 128, "INVALID_REGULAR_EXPRESSION"},
         }) {
        CHECK(static_cast<int>(code) == number);
        CHECK(error_name(code) == name);
    }
    CHECK(describe(error_code::not_coordinator) == "NOT_COORDINATOR (16)");
}

TEST_CASE("unknown error codes stay numbers") {
    const auto code = static_cast<error_code>(4242);
    CHECK(static_cast<int>(code) == 4242);
    CHECK(error_name(code) == "UNKNOWN_ERROR_CODE");
    CHECK(describe(code) == "UNKNOWN_ERROR_CODE (4242)");
    CHECK(error_name(static_cast<error_code>(99)) == "UNKNOWN_ERROR_CODE");
    CHECK_FALSE(is_retriable(code));
}

TEST_CASE("retriable codes follow Kafka's RetriableException") {
    CHECK(is_retriable(error_code::not_coordinator));
    CHECK(is_retriable(error_code::coordinator_not_available));
    CHECK(is_retriable(error_code::coordinator_load_in_progress));
    CHECK(is_retriable(error_code::request_timed_out));
    CHECK(is_retriable(error_code::network_exception));
    CHECK_FALSE(is_retriable(error_code::none));
    CHECK_FALSE(is_retriable(error_code::rebalance_in_progress));
    CHECK_FALSE(is_retriable(error_code::unknown_member_id));
    CHECK_FALSE(is_retriable(error_code::group_authorization_failed));
}
