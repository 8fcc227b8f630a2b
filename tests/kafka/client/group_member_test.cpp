// group_member against a fake coordinator: the join (MEMBER_ID_REQUIRED two-step, leader
// assignment, SyncGroup), heartbeats, and the error handling of docs/group-protocol.md#error-handling.
#include <catch2/catch.hpp>

#include <chrono>
#include <string>

#include "group_test_support.hpp"
#include "kafka/client/kafka_error.hpp"

using namespace copycat;
using namespace copycat::kafka_client;
using namespace copycat::kafka_client::testing;
using namespace std::chrono_literals;
using kp::api_key;
using kp::error_code;

TEST_CASE("a member joins with the MEMBER_ID_REQUIRED two-step, leads, syncs and heartbeats") {
    group_fixture f;
    f.start_stable();

    const auto joins = f.coordinator.joins();
    REQUIRE(joins.size() == 2);
    CHECK(joins[0].member_id.empty());
    CHECK(joins[1].member_id == "member-1");
    CHECK(joins[1].protocol_type == "connect");
    CHECK(joins[1].session_timeout_ms == 1000);
    CHECK(joins[1].rebalance_timeout_ms == 1000);
    REQUIRE(joins[1].protocols.size() == 1);
    CHECK(joins[1].protocols[0].name == "default");
    CHECK(text_of(joins[1].protocols[0].metadata) == "meta-1");
    CHECK(f.coordinator.join_versions() == std::vector<std::int16_t>{9, 9});

    REQUIRE(f.listener.rejoins.size() == 1);
    CHECK(f.listener.rejoins[0].generation == -1);
    REQUIRE(f.listener.leader_calls.size() == 1);
    REQUIRE(f.listener.leader_calls[0].members.size() == 1);
    CHECK(text_of(f.listener.leader_calls[0].members[0].metadata) == "meta-1");

    const auto& a = f.listener.assigned[0];
    CHECK(a.generation == 1);
    CHECK(a.member_id == "member-1");
    CHECK(a.leader_id == "member-1");
    CHECK(a.is_leader());
    CHECK(a.protocol_name == "default");
    CHECK(text_of(a.assignment) == "work-for-member-1-gen-1");

    REQUIRE(f.loop.run_until([&] { return f.heartbeats_for(1) >= 3; }));
    CHECK(f.coordinator.heartbeats().back().member_id == "member-1");
    CHECK(f.listener.lost.empty());
    CHECK(f.listener.fatal.empty());
}

TEST_CASE("a broker without MEMBER_ID_REQUIRED (JoinGroup v3) is joined in one step") {
    group_fixture f;
    auto versions = fake_broker::all_api_versions();
    for (auto& entry : versions) {
        if (entry.key == api_key::join_group) entry = {api_key::join_group, 0, 3};
    }
    f.broker.set_api_versions(versions);
    f.start_stable();
    CHECK(f.coordinator.join_versions() == std::vector<std::int16_t>{3});
    CHECK(f.listener.assigned[0].member_id == "member-1");
}

TEST_CASE("REBALANCE_IN_PROGRESS on a heartbeat makes a stable member rejoin, keeping its id") {
    group_fixture f;
    f.start_stable();
    f.coordinator.inject(api_key::heartbeat, error_code::rebalance_in_progress);
    REQUIRE(f.wait_assigned(2));
    CHECK(f.listener.assigned[1].generation == 2);
    CHECK(f.listener.assigned[1].member_id == "member-1");
    const auto joins = f.coordinator.joins();
    REQUIRE(joins.size() == 3);
    CHECK(joins[2].member_id == "member-1");
    CHECK(joins[2].reason == std::optional<std::string>("the group is rebalancing"));
    REQUIRE(f.listener.rejoins.size() == 2);
    CHECK(f.listener.rejoins[1].generation == 1);
    CHECK(f.listener.rejoins[1].member_id == "member-1");
    CHECK(f.listener.lost.empty());
}

TEST_CASE("UNKNOWN_MEMBER_ID on a heartbeat voids the assignment and resets the member id") {
    group_fixture f;
    f.start_stable();
    f.coordinator.inject(api_key::heartbeat, error_code::unknown_member_id);
    REQUIRE(f.wait_assigned(2));
    REQUIRE(f.listener.lost.size() == 1);
    CHECK(f.listener.lost[0].find("UNKNOWN_MEMBER_ID") != std::string::npos);
    const auto joins = f.coordinator.joins();
    REQUIRE(joins.size() == 4);
    CHECK(joins[2].member_id.empty());
    CHECK(joins[3].member_id == "member-2");
    CHECK(f.listener.assigned[1].member_id == "member-2");
    CHECK(f.listener.assigned[1].generation == 2);
}

TEST_CASE("ILLEGAL_GENERATION on a heartbeat voids the assignment but keeps the member id") {
    group_fixture f;
    f.start_stable();
    f.coordinator.inject(api_key::heartbeat, error_code::illegal_generation);
    REQUIRE(f.wait_assigned(2));
    REQUIRE(f.listener.lost.size() == 1);
    const auto joins = f.coordinator.joins();
    REQUIRE(joins.size() == 3);
    CHECK(joins[2].member_id == "member-1");
    CHECK(f.listener.assigned[1].member_id == "member-1");
    CHECK(f.listener.rejoins.back().generation == -1);  // the generation was reset first
}

TEST_CASE("NOT_COORDINATOR on a heartbeat sends the member to its new coordinator, no rebalance") {
    group_fixture f;
    fake_broker second;
    f.coordinator.serve(second);
    f.start_stable();
    const auto finds_before = f.coordinator.finds();
    f.coordinator.set_coordinator(second.address(), 2);
    f.coordinator.inject(api_key::heartbeat, error_code::not_coordinator);
    REQUIRE(f.loop.run_until([&] { return second.count(api_key::heartbeat) >= 2; }));
    CHECK(f.coordinator.finds() > finds_before);
    CHECK(f.coordinator.joins().size() == 2);
    CHECK(f.listener.assigned.size() == 1);
    CHECK(f.listener.lost.empty());
    CHECK(f.coordinator.heartbeats().back().generation_id == 1);
    // Stop here: the leave must go to the second broker while `second` still exists.
    bool stopped = false;
    f.member->stop("moving on", [&] { stopped = true; });
    REQUIRE(f.loop.run_until([&] { return stopped; }));
    CHECK(second.count(api_key::leave_group) == 1);
}

TEST_CASE("JoinGroup NOT_COORDINATOR and COORDINATOR_LOAD_IN_PROGRESS are retried") {
    group_fixture f;
    const auto code = GENERATE(error_code::not_coordinator, error_code::coordinator_not_available,
                               error_code::coordinator_load_in_progress, error_code::rebalance_in_progress);
    f.coordinator.inject(api_key::join_group, code);
    f.start_stable();
    CHECK(f.listener.fatal.empty());
    const bool rediscovers =
        code != error_code::coordinator_load_in_progress && code != error_code::rebalance_in_progress;
    CHECK((f.coordinator.finds() >= 2) == rediscovers);
    CHECK(f.listener.rejoins.size() == 1);  // one rebalance, several attempts
}

TEST_CASE("SyncGroup REBALANCE_IN_PROGRESS and ILLEGAL_GENERATION rejoin at once") {
    group_fixture f;
    const auto code =
        GENERATE(error_code::rebalance_in_progress, error_code::illegal_generation, error_code::unknown_member_id);
    f.coordinator.inject(api_key::sync_group, code);
    f.start_stable();
    CHECK(f.listener.assigned[0].generation == 2);
    const auto joins = f.coordinator.joins();
    CHECK(joins.back().member_id == (code == error_code::unknown_member_id ? "member-2" : "member-1"));
    CHECK(f.listener.lost.empty());  // nothing was assigned yet
}

TEST_CASE("fatal JoinGroup errors reach the user and stop the member") {
    group_fixture f;
    const auto code = GENERATE(error_code::invalid_session_timeout, error_code::inconsistent_group_protocol,
                               error_code::group_authorization_failed, error_code::group_max_size_reached,
                               error_code::illegal_generation);
    f.coordinator.inject(api_key::join_group, code);
    f.start(f.config());
    REQUIRE(f.loop.run_until([&] { return !f.listener.fatal.empty(); }));
    CHECK(kafka_code_of(f.listener.fatal[0].code) == code);
    f.loop.run_for(100ms);
    CHECK(f.listener.assigned.empty());
    CHECK(f.coordinator.joins().size() == 2);
}

TEST_CASE("coordinator lookups are retried and GROUP_AUTHORIZATION_FAILED is fatal") {
    SECTION("retriable") {
        group_fixture f;
        f.coordinator.inject(api_key::find_coordinator, error_code::coordinator_not_available, 3);
        f.start_stable();
        CHECK(f.coordinator.finds() == 4);
        CHECK(f.listener.fatal.empty());
    }
    SECTION("fatal") {
        group_fixture f;
        f.coordinator.inject(api_key::find_coordinator, error_code::group_authorization_failed);
        f.start(f.config());
        REQUIRE(f.loop.run_until([&] { return !f.listener.fatal.empty(); }));
        CHECK(kafka_code_of(f.listener.fatal[0].code) == error_code::group_authorization_failed);
    }
}

TEST_CASE("unanswered heartbeats expire the session and the coordinator is looked up again") {
    group_fixture f;
    auto c = f.config();
    c.session_timeout = 300ms;
    f.start_stable(c);
    const auto finds_before = f.coordinator.finds();
    f.coordinator.hold_heartbeats(true);
    REQUIRE(f.loop.run_until([&] { return f.coordinator.finds() > finds_before; }));
    f.coordinator.hold_heartbeats(false);
    const auto heartbeats_before = f.coordinator.heartbeats().size();
    REQUIRE(f.loop.run_until([&] { return f.coordinator.heartbeats().size() > heartbeats_before + 2; }));
    CHECK(f.listener.fatal.empty());
}

TEST_CASE("a coordinator missing for heartbeat.interval.ms voids the assignment, then rejoins") {
    group_fixture f;
    f.start_stable();
    f.coordinator.inject(api_key::find_coordinator, error_code::coordinator_not_available, 100000);
    f.coordinator.inject(api_key::heartbeat, error_code::not_coordinator);
    REQUIRE(f.loop.run_until([&] { return f.listener.lost.size() == 1; }));
    CHECK(f.listener.assigned.size() == 1);
    f.coordinator.clear_injected();
    REQUIRE(f.wait_assigned(2));
    CHECK(f.listener.assigned[1].generation == 2);
    CHECK(f.listener.assigned[1].member_id == "member-1");
    CHECK(f.listener.rejoins.size() == 2);
}

TEST_CASE("request_rejoin starts a rebalance that carries the reason") {
    group_fixture f;
    f.start_stable();
    f.member->request_rejoin("connector added");
    REQUIRE(f.wait_assigned(2));
    CHECK(f.coordinator.joins().back().reason == std::optional<std::string>("connector added"));
    CHECK(f.listener.rejoins.back().reason == "connector added");
}

TEST_CASE("stop() sends LeaveGroup v5 with the reason, resets, and the member can start again") {
    group_fixture f;
    f.start_stable();
    bool stopped = false;
    f.member->stop("worker shutting down", [&] { stopped = true; });
    REQUIRE(f.loop.run_until([&] { return stopped; }));
    const auto leaves = f.coordinator.leaves();
    REQUIRE(leaves.size() == 1);
    CHECK(f.coordinator.leave_versions()[0] == 5);
    REQUIRE(leaves[0].members.size() == 1);
    CHECK(leaves[0].members[0].member_id == "member-1");
    CHECK(leaves[0].members[0].reason == std::optional<std::string>("worker shutting down"));

    f.member->start();
    REQUIRE(f.wait_assigned(2));
    const auto joins = f.coordinator.joins();
    CHECK(joins[2].member_id.empty());  // the member id was reset
    CHECK(f.listener.assigned[1].member_id == "member-2");
}

TEST_CASE("stop() during a parked JoinGroup leaves over a new connection") {
    group_fixture f;
    f.coordinator.hold_joins(true);
    f.start(f.config());
    REQUIRE(f.loop.run_until([&] { return f.coordinator.joins().size() == 2; }));
    const auto connections = f.broker.connections_accepted();
    bool stopped = false;
    f.member->stop("shutting down mid-rebalance", [&] { stopped = true; });
    REQUIRE(f.loop.run_until([&] { return stopped; }, 3s));
    REQUIRE(f.coordinator.leaves().size() == 1);
    CHECK(f.coordinator.leaves()[0].members[0].member_id == "member-1");
    CHECK(f.broker.connections_accepted() == connections + 1);
    CHECK(f.listener.assigned.empty());
}

TEST_CASE("a static member joins with its instance id and never sends LeaveGroup") {
    group_fixture f;
    auto c = f.config();
    c.group_instance_id = "worker-a";
    f.start_stable(c);
    CHECK(f.coordinator.joins().back().group_instance_id == std::optional<std::string>("worker-a"));
    REQUIRE(f.loop.run_until([&] { return f.heartbeats_for(1) >= 1; }));
    CHECK(f.coordinator.heartbeats().back().group_instance_id == std::optional<std::string>("worker-a"));
    bool stopped = false;
    f.member->stop("restart", [&] { stopped = true; });
    REQUIRE(f.loop.run_until([&] { return stopped; }));
    CHECK(f.coordinator.leaves().empty());
}

TEST_CASE("an invalid config is refused") {
    group_fixture f;
    auto c = f.config();
    c.heartbeat_interval = c.session_timeout;
    CHECK_FALSE(group_member::create(f.loop.io.get_executor(), c, f.listener).ok());
    c = f.config();
    c.group_id.clear();
    CHECK_FALSE(group_member::create(f.loop.io.get_executor(), c, f.listener).ok());
}
