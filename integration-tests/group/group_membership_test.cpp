// group_member against the real broker: members of a classic group with protocol type
// "connect" join, elect one leader that assigns, rebalance when a member joins, leaves or goes
// silent, and get fatal errors reported. Rebalance times are printed, not judged (beyond what the
// protocol guarantees: a LeaveGroup beats the session timeout, an eviction cannot).
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "group/cluster_member.hpp"
#include "kafka/client/broker_address.hpp"
#include "kafka/client/kafka_error.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::itest;
using namespace std::chrono_literals;
namespace kc = copycat::kafka_client;
using kafka_protocol::error_code;

namespace {

using clock_type = std::chrono::steady_clock;

kc::group_member_config member_config(const std::string& group, std::chrono::milliseconds session,
                                      std::chrono::milliseconds heartbeat) {
    auto servers = kc::parse_bootstrap_servers(bootstrap_servers());
    REQUIRE(servers.ok());
    kc::group_member_config config;
    config.group_id = group;
    config.bootstrap_servers = *servers;
    config.session_timeout = session;
    config.heartbeat_interval = heartbeat;
    config.rebalance_timeout = 20s;
    config.retry_backoff = 100ms;
    config.connection.request_timeout = 30s;
    return config;
}

// The generation `members` agree on once the group consists of exactly them: each holds the
// assignment the one leader made for it in that generation, for a group of members.size(), and
// the leader saw every member's metadata. nullopt until then, or while the generation is not
// above `after`.
std::optional<std::int32_t> settled(const std::vector<cluster_member*>& members, std::int32_t after) {
    std::vector<seen_assignment> seen;
    for (auto* m : members) {
        auto last = m->listener().last_assignment();
        if (!last) return std::nullopt;
        seen.push_back(*last);
    }
    const auto generation = seen[0].generation;
    const auto leader = seen[0].leader_id;
    std::set<std::string> ids;
    std::size_t leaders = 0;
    for (const auto& s : seen) {
        if (s.generation != generation || s.generation <= after || s.leader_id != leader) {
            return std::nullopt;
        }
        if (s.text != expected_assignment(generation, s.member_id, members.size(), leader)) {
            return std::nullopt;
        }
        ids.insert(s.member_id);
        leaders += s.is_leader() ? 1 : 0;
    }
    if (ids.size() != members.size() || leaders != 1) return std::nullopt;
    return generation;
}

std::int32_t wait_settled(const std::vector<cluster_member*>& members, std::int32_t after,
                          std::chrono::seconds limit = 60s) {
    const auto deadline = clock_type::now() + limit;
    while (clock_type::now() < deadline) {
        if (auto generation = settled(members, after)) return *generation;
        std::this_thread::sleep_for(20ms);
    }
    for (auto* m : members) {
        const auto last = m->listener().last_assignment();
        UNSCOPED_INFO(m->name() << ": " << (last ? last->text + " as " + last->member_id : "no assignment"));
    }
    FAIL("the group did not settle with " << members.size() << " members above generation " << after);
    return -1;
}

// Checks what the leader of `generation` saw: every member's metadata for "sessioned".
void check_leader_saw_everyone(const std::vector<cluster_member*>& members, std::int32_t generation) {
    std::optional<seen_leader_call> call;
    std::set<std::string> expected;
    for (auto* m : members) {
        expected.insert("meta-" + m->name());
        const auto last = m->listener().last_assignment();
        REQUIRE(last);
        CHECK(last->protocol_name == "sessioned");
        if (last->is_leader()) call = m->listener().leader_call(generation);
    }
    REQUIRE(call);
    CHECK(call->protocol_name == "sessioned");
    CHECK(call->member_ids.size() == members.size());
    CHECK(std::set<std::string>(call->metadata.begin(), call->metadata.end()) == expected);
}

long long millis_since(clock_type::time_point start) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(clock_type::now() - start).count();
}

}  // namespace

TEST_CASE("three members form one connect group and a fourth joining rebalances everyone") {
    const auto group = unique_name("copycat-group-join");
    const auto config = member_config(group, 6s, 500ms);
    cluster_member a("a", config), b("b", config), c("c", config);
    std::vector<cluster_member*> three{&a, &b, &c};

    const auto started = clock_type::now();
    const auto first = wait_settled(three, 0);
    std::cout << "[group] 3 members settled at generation " << first << " in " << millis_since(started) << " ms"
              << std::endl;
    check_leader_saw_everyone(three, first);

    const auto joined_at = clock_type::now();
    cluster_member d("d", config);
    std::vector<cluster_member*> four{&a, &b, &c, &d};
    const auto second = wait_settled(four, first);
    std::cout << "[group] a 4th member joined: generation " << first << " -> " << second << " in "
              << millis_since(joined_at) << " ms (heartbeat.interval.ms=500)" << std::endl;
    check_leader_saw_everyone(four, second);
    for (auto* m : four) CHECK_FALSE(m->listener().fatal());
}

TEST_CASE("a member that leaves gracefully makes the rest rebalance at once") {
    const auto group = unique_name("copycat-group-leave");
    const auto session = 6s;
    const auto config = member_config(group, session, 500ms);
    cluster_member a("a", config), b("b", config), c("c", config);
    const auto before = wait_settled({&a, &b, &c}, 0);

    const auto stopping = clock_type::now();
    REQUIRE(c.stop("integration test: graceful leave"));
    const auto after = wait_settled({&a, &b}, before);
    const auto elapsed = millis_since(stopping);
    std::cout << "[group] graceful leave: the other 2 rebalanced (generation " << before << " -> " << after << ") in "
              << elapsed << " ms (heartbeat.interval.ms=500, session.timeout.ms=6000)" << std::endl;
    // LeaveGroup worked: the broker did not wait for the session to expire.
    CHECK(elapsed < std::chrono::duration_cast<std::chrono::milliseconds>(session).count());
    check_leader_saw_everyone({&a, &b}, after);
    CHECK(a.listener().lost_count() == 0);
    CHECK(b.listener().lost_count() == 0);
}

TEST_CASE("a member that stops heartbeating is evicted after the session timeout, then rejoins") {
    const auto group = unique_name("copycat-group-silent");
    const auto session = 3s;
    const auto heartbeat = 300ms;
    const auto config = member_config(group, session, heartbeat);
    cluster_member a("a", config), b("b", config), c("c", config);
    const auto before = wait_settled({&a, &b, &c}, 0);

    const auto frozen_at = clock_type::now();
    c.freeze();
    const auto after = wait_settled({&a, &b}, before);
    const auto elapsed = millis_since(frozen_at);
    std::cout << "[group] silent member: the other 2 rebalanced (generation " << before << " -> " << after << ") "
              << elapsed << " ms after it froze (session.timeout.ms=3000, heartbeat.interval.ms=300)" << std::endl;
    // The broker cannot evict before a session has passed since the last heartbeat it saw.
    CHECK(elapsed >= (session - heartbeat).count());

    // Thawed, it finds its membership gone (UNKNOWN_MEMBER_ID), says so, and joins again.
    const auto thawed_at = clock_type::now();
    c.thaw();
    const auto rejoined = wait_settled({&a, &b, &c}, after);
    std::cout << "[group] the thawed member rejoined at generation " << rejoined << " in " << millis_since(thawed_at)
              << " ms" << std::endl;
    CHECK(c.listener().lost_count() == 1);
    check_leader_saw_everyone({&a, &b, &c}, rejoined);
}

TEST_CASE("a static member that restarts within its session keeps the group's generation") {
    const auto group = unique_name("copycat-group-static");
    const auto config = member_config(group, 6s, 500ms);
    auto static_config = config;
    static_config.group_instance_id = "worker-static";
    cluster_member a("a", config);  // first, so the leader is dynamic (a static leader's rejoin
    wait_settled({&a}, 0);          // gets SkipAssignment, which Connect refuses)
    std::int32_t stable = -1;
    {
        cluster_member s("s", static_config);
        stable = wait_settled({&a, &s}, 0);
        REQUIRE(s.stop("restart"));  // no LeaveGroup: the broker keeps the static member
    }
    const auto restarted_at = clock_type::now();
    cluster_member s2("s", static_config);
    const auto deadline = clock_type::now() + 30s;
    while (!s2.listener().last_assignment() && clock_type::now() < deadline) {
        std::this_thread::sleep_for(20ms);
    }
    REQUIRE(s2.listener().last_assignment());
    std::cout << "[group] static member restarted: assignment back in " << millis_since(restarted_at)
              << " ms at generation " << s2.listener().last_assignment()->generation << " (before: " << stable << ")"
              << std::endl;
    CHECK(s2.listener().last_assignment()->generation == stable);
    CHECK(a.listener().last_assignment()->generation == stable);
}

TEST_CASE("the broker's fatal group errors reach the user") {
    SECTION("a session timeout below group.min.session.timeout.ms") {
        auto config = member_config(unique_name("copycat-group-fatal"), 500ms, 100ms);
        cluster_member a("a", config);
        const auto deadline = clock_type::now() + 30s;
        while (!a.listener().fatal() && clock_type::now() < deadline) std::this_thread::sleep_for(20ms);
        REQUIRE(a.listener().fatal());
        CHECK(kc::kafka_code_of(a.listener().fatal()->code) == error_code::invalid_session_timeout);
    }
    SECTION("a member whose protocols share nothing with the group's") {
        const auto group = unique_name("copycat-group-protocols");
        const auto config = member_config(group, 6s, 500ms);
        cluster_member a("a", config);
        wait_settled({&a}, 0);
        cluster_member odd("odd", config, {"something-else"});
        const auto deadline = clock_type::now() + 30s;
        while (!odd.listener().fatal() && clock_type::now() < deadline) {
            std::this_thread::sleep_for(20ms);
        }
        REQUIRE(odd.listener().fatal());
        CHECK(kc::kafka_code_of(odd.listener().fatal()->code) == error_code::inconsistent_group_protocol);
        CHECK_FALSE(a.listener().fatal());
    }
}
