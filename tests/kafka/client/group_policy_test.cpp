// The pure parts of the group member: the error table of docs/group-protocol.md#error-handling, the
// heartbeat timers, the request builders and the config checks.
#include <catch2/catch.hpp>

#include <chrono>
#include <string>

#include "kafka/client/group_error_policy.hpp"
#include "kafka/client/group_requests.hpp"
#include "kafka/client/heartbeat_schedule.hpp"
#include "kafka/client/kafka_error.hpp"

using namespace copycat;
using namespace copycat::kafka_client;
using namespace std::chrono_literals;
using kafka_protocol::error_code;

TEST_CASE("the group error table follows Kafka's AbstractCoordinator") {
    using a = group_action;
    struct row {
        error_code code;
        a find, join, sync, heartbeat;
    };
    const row rows[] = {
        {error_code::none, a::proceed, a::proceed, a::proceed, a::proceed},
        {error_code::coordinator_load_in_progress, a::backoff_retry, a::backoff_retry, a::fatal, a::heartbeat_failed},
        {error_code::coordinator_not_available, a::backoff_retry, a::coordinator_lost, a::coordinator_lost,
         a::coordinator_lost},
        {error_code::not_coordinator, a::backoff_retry, a::coordinator_lost, a::coordinator_lost, a::coordinator_lost},
        {error_code::illegal_generation, a::fatal, a::fatal, a::reset_generation, a::reset_generation},
        {error_code::inconsistent_group_protocol, a::fatal, a::fatal, a::fatal, a::heartbeat_failed},
        {error_code::invalid_group_id, a::fatal, a::fatal, a::fatal, a::heartbeat_failed},
        {error_code::unknown_member_id, a::fatal, a::reset_member, a::reset_member, a::reset_member},
        {error_code::invalid_session_timeout, a::fatal, a::fatal, a::fatal, a::heartbeat_failed},
        {error_code::rebalance_in_progress, a::fatal, a::rejoin_now, a::rejoin_now, a::rebalance_started},
        {error_code::group_authorization_failed, a::fatal, a::fatal, a::fatal, a::fatal},
        {error_code::unsupported_version, a::fatal, a::fatal, a::fatal, a::heartbeat_failed},
        {error_code::member_id_required, a::fatal, a::adopt_member_id, a::fatal, a::heartbeat_failed},
        {error_code::group_max_size_reached, a::fatal, a::fatal, a::fatal, a::heartbeat_failed},
        {error_code::fenced_instance_id, a::fatal, a::fatal, a::fatal, a::fatal},
        {error_code::unknown_server_error, a::fatal, a::fatal, a::fatal, a::heartbeat_failed},
    };
    for (const auto& r : rows) {
        INFO(kafka_protocol::describe(r.code));
        CHECK(action_name(find_coordinator_action(r.code)) == action_name(r.find));
        CHECK(action_name(join_group_action(r.code)) == action_name(r.join));
        CHECK(action_name(sync_group_action(r.code)) == action_name(r.sync));
        CHECK(action_name(heartbeat_action(r.code)) == action_name(r.heartbeat));
    }
}

TEST_CASE("heartbeat_schedule keeps Kafka's heartbeat and session timers") {
    heartbeat_schedule s(100ms, 1000ms, 20ms);
    const auto t0 = heartbeat_schedule::clock::time_point{} + 1h;
    s.reset(t0);
    CHECK_FALSE(s.should_heartbeat(t0 + 99ms));
    CHECK(s.should_heartbeat(t0 + 100ms));
    CHECK(s.next_check(false) == t0 + 100ms);
    s.sent(t0 + 100ms);
    CHECK(s.next_check(true) == t0 + 1000ms);  // only the session deadline while in flight
    CHECK(s.next_check(false) == t0 + 200ms);
    s.received(t0 + 150ms);
    CHECK_FALSE(s.session_expired(t0 + 1100ms));
    CHECK(s.session_expired(t0 + 1150ms));
    s.failed(t0 + 160ms);  // retried after the backoff, not the interval
    CHECK(s.should_heartbeat(t0 + 180ms));
    s.reset_session(t0 + 2000ms);
    CHECK_FALSE(s.session_expired(t0 + 2999ms));
}

TEST_CASE("group requests carry the config, the generation and a reason cut to 255 characters") {
    group_member_config config;
    config.group_id = "g";
    config.group_instance_id = "static-1";
    config.session_timeout = 6s;
    config.rebalance_timeout = 50s;
    config.connection.request_timeout = 40s;
    const std::string long_reason(300, 'r');
    const auto join = make_join_group_request(config, "m", {{"sessioned", {}}, {"default", {}}}, long_reason);
    CHECK(join.session_timeout_ms == 6000);
    CHECK(join.rebalance_timeout_ms == 50000);
    CHECK(join.group_instance_id == std::optional<std::string>("static-1"));
    CHECK(join.protocols.size() == 2);
    CHECK(join.reason->size() == 255);
    CHECK_FALSE(make_join_group_request(config, "", {{"default", {}}}, "").reason.has_value());
    CHECK(join_group_timeout(config) == 55s);
    config.connection.request_timeout = 90s;
    CHECK(join_group_timeout(config) == 90s);

    const group_generation gen{7, "m", "default"};
    const auto sync = make_sync_group_request(config, gen, {{"m", {std::byte{1}}}});
    CHECK(sync.generation_id == 7);
    CHECK(sync.protocol_name == std::optional<std::string>("default"));
    CHECK(sync.assignments.size() == 1);
    const auto leave = make_leave_group_request(config, "m", "bye", 5);
    REQUIRE(leave.members.size() == 1);
    CHECK(leave.members[0].reason == std::optional<std::string>("bye"));
    CHECK(make_leave_group_request(config, "m", "bye", 2).member_id == "m");
}

TEST_CASE("a JoinGroup or SyncGroup answer with another protocol is inconsistent") {
    group_member_config config;
    kafka_protocol::join_group_response join;
    join.protocol_type = "consumer";
    const auto bad = check_join_response(config, join);
    REQUIRE_FALSE(bad.ok());
    CHECK(is_kafka_error(bad.err(), error_code::inconsistent_group_protocol));
    join.protocol_type = "connect";
    CHECK(check_join_response(config, join).ok());
    join.skip_assignment = true;
    CHECK_FALSE(check_join_response(config, join).ok());

    kafka_protocol::sync_group_response sync;
    sync.protocol_name = "compatible";
    CHECK_FALSE(check_sync_response(config, {1, "m", "sessioned"}, sync).ok());
    CHECK(check_sync_response(config, {1, "m", "compatible"}, sync).ok());
}
