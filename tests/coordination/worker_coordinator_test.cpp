// worker_coordinator without a broker: the group_listener calls a group_member would make
// (protocols, assign with a hand-made leader_context, on_assigned, on_rejoin_started, ...) and
// what the coordinator_listener is told.
#include <catch2/catch.hpp>

#include <atomic>
#include <memory>
#include <vector>

#include <boost/asio/io_context.hpp>

#include "coordination/worker_coordinator.hpp"

using namespace copycat;
using namespace copycat::coordination;
using namespace std::chrono_literals;
namespace kc = copycat::kafka_client;

namespace {

struct recording_listener : coordinator_listener {
    struct assignment_call {
        connect_assignment assignment;
        work_set full;
        std::int32_t generation;
        std::string member_id;
        connect_protocol chosen;
    };
    std::vector<assignment_call> assignments;
    std::vector<work_set> revoke_all;
    std::vector<std::string> rejoins;
    std::vector<std::string> lost;
    std::vector<error> fatal;

    void on_assignment(const connect_assignment& a, const work_set& full, std::int32_t generation,
                       const std::string& member_id, connect_protocol chosen) override {
        assignments.push_back({a, full, generation, member_id, chosen});
    }
    void on_revoke_all(const work_set& previous) override { revoke_all.push_back(previous); }
    void on_rejoin_started(const std::string& reason) override { rejoins.push_back(reason); }
    void on_membership_lost(const std::string& reason) override { lost.push_back(reason); }
    void on_fatal_error(const error& e) override { fatal.push_back(e); }
};

std::string url_of(const std::string& member) { return "http://" + member + ":8083/"; }

struct member_spec {
    std::string id;
    std::int64_t offset;
    std::optional<work_set> allocation;
};

struct fixture {
    boost::asio::io_context io;
    recording_listener listener;
    config_view config{5, {{"c1", 6}}};
    std::atomic<int> snapshots{0};
    std::function<config_view()> snapshot_fn = [this] {
        ++snapshots;
        return config;
    };
    std::shared_ptr<worker_coordinator> coordinator;

    explicit fixture(connect_protocol protocol = connect_protocol::sessioned,
                     std::chrono::milliseconds max_delay = 300s) {
        worker_coordinator_options options;
        options.member.group_id = "connect-test";
        options.member.bootstrap_servers = {{"localhost", 9092}};
        options.protocol = protocol;
        options.url = url_of("m1");
        options.scheduled_rebalance_max_delay = max_delay;
        auto created =
            worker_coordinator::create(io.get_executor(), options, [this] { return snapshot_fn(); }, listener);
        REQUIRE(created.ok());
        coordinator = *created;
    }

    // The JoinGroup answer a leader "m1" would see for `members` under `protocol`.
    kc::leader_context context(std::int32_t generation, const std::string& protocol,
                               const std::vector<member_spec>& members) {
        kc::leader_context ctx;
        ctx.generation = generation;
        ctx.leader_id = "m1";
        ctx.protocol_name = protocol;
        const std::int16_t version = protocol_version(*protocol_from_name(protocol));
        for (const auto& m : members) {
            ctx.members.push_back(
                {m.id, std::nullopt, encode(worker_metadata{version, url_of(m.id), m.offset, m.allocation})});
        }
        return ctx;
    }

    // A leader round: protocols(), assign(), and each member's decoded assignment.
    std::map<std::string, connect_assignment> lead(std::int32_t generation, const std::string& protocol,
                                                   const std::vector<member_spec>& members) {
        coordinator->protocols();
        auto ctx = context(generation, protocol, members);
        auto encoded = coordinator->assign(ctx);
        REQUIRE(encoded.ok());
        std::map<std::string, connect_assignment> out;
        for (const auto& entry : *encoded) {
            auto decoded = decode_connect_assignment(entry.assignment);
            REQUIRE(decoded.ok());
            out[entry.member_id] = *decoded;
        }
        REQUIRE(out.size() == members.size());
        return out;
    }

    void deliver(std::int32_t generation, const std::string& protocol, const connect_assignment& a,
                 const std::string& member_id = "m1") {
        coordinator->on_assigned(kc::group_assignment{generation, member_id, a.leader, protocol, encode(a)});
    }
};

}  // namespace

TEST_CASE("coordinator: metadata offers every protocol with the snapshot offset and the allocation") {
    fixture f;
    auto offered = f.coordinator->protocols();
    CHECK(f.snapshots == 1);
    REQUIRE(offered.size() == 3);
    CHECK(offered[0].name == "sessioned");
    auto meta = decode_worker_metadata(offered[0].metadata);
    REQUIRE(meta.ok());
    CHECK(meta->version == 2);
    CHECK(meta->url == url_of("m1"));
    CHECK(meta->config_offset == 5);
    CHECK_FALSE(meta->allocation);  // nothing assigned yet

    f.coordinator->set_current_allocation(work_set{{"c1"}, {{"c1", 0}}});
    meta = decode_worker_metadata(f.coordinator->protocols()[1].metadata);
    REQUIRE(meta.ok());
    CHECK(meta->version == 1);
    REQUIRE(meta->allocation);
    CHECK(*meta->allocation == work_set{{"c1"}, {{"c1", 0}}});

    fixture eager(connect_protocol::eager);
    auto only = eager.coordinator->protocols();
    REQUIRE(only.size() == 1);
    CHECK(only[0].name == "default");
}

TEST_CASE("coordinator: the leader balances 6 tasks over 3 workers and everyone gets the same header") {
    fixture f;
    auto out = f.lead(1, "sessioned", {{"m1", 5, std::nullopt}, {"m2", 5, std::nullopt}, {"m3", 3, std::nullopt}});
    std::size_t connectors = 0;
    for (const auto& [id, a] : out) {
        CHECK(a.version == 2);
        CHECK(a.error == 0);
        CHECK(a.leader == "m1");
        CHECK(a.leader_url == url_of("m1"));
        CHECK(a.config_offset == 5);
        CHECK(a.assigned.tasks.size() == 2);
        CHECK(a.revoked.empty());
        connectors += a.assigned.connectors.size();
    }
    CHECK(connectors == 1);

    // m1 receives its assignment: the listener is told, the allocation and the owners follow.
    f.deliver(1, "sessioned", out["m1"]);
    REQUIRE(f.listener.assignments.size() == 1);
    const auto& call = f.listener.assignments[0];
    CHECK(call.full == out["m1"].assigned);
    CHECK(call.generation == 1);
    CHECK(call.member_id == "m1");
    CHECK(call.chosen == connect_protocol::sessioned);
    CHECK(f.coordinator->current_allocation() == out["m1"].assigned);
    const task_ref t = out["m2"].assigned.tasks.front();
    CHECK(f.coordinator->owner_url(t) == url_of("m2"));
    CHECK(f.coordinator->owner_url("c1").has_value());
    f.coordinator->request_rejoin("test");
    CHECK_FALSE(f.coordinator->owner_url(t));  // not while a rebalance is pending
}

TEST_CASE("coordinator: a leader behind the group answers CONFIG_MISMATCH unless a fresh snapshot catches up") {
    fixture f;
    SECTION("still behind") {
        auto out = f.lead(1, "sessioned", {{"m1", 5, std::nullopt}, {"m2", 9, std::nullopt}});
        CHECK(f.snapshots == 2);  // metadata, then one fresh snapshot
        for (const auto& [id, a] : out) {
            CHECK(a.error == assignment_config_mismatch);
            CHECK(a.config_offset == 9);
            CHECK(a.assigned.empty());
            CHECK(a.revoked.empty());
            CHECK(a.delay_ms == 0);
            CHECK(a.leader_url == url_of("m1"));
        }
        f.deliver(1, "sessioned", out["m1"]);
        REQUIRE(f.listener.assignments.size() == 1);
        CHECK(f.listener.assignments[0].assignment.failed());
        CHECK(f.listener.assignments[0].full.empty());
    }
    SECTION("the fresh snapshot is new enough") {
        f.snapshot_fn = [&f] {
            auto view = f.config;
            view.offset = ++f.snapshots == 1 ? 5 : 11;
            return view;
        };
        auto out = f.lead(1, "sessioned", {{"m1", 5, std::nullopt}, {"m2", 9, std::nullopt}});
        for (const auto& [id, a] : out) {
            CHECK(a.error == 0);
            CHECK(a.config_offset == 11);
            CHECK(a.assigned.tasks.size() == 3);
        }
    }
}

TEST_CASE("coordinator: incremental assignments merge into the full set the worker advertises") {
    fixture f;
    connect_assignment first;
    first.version = 2;
    first.leader = "m9";
    first.leader_url = url_of("m9");
    first.config_offset = 5;
    first.assigned = {{"c1"}, {{"c1", 0}, {"c1", 1}}};
    f.deliver(3, "sessioned", first);
    connect_assignment second = first;
    second.assigned = {{}, {{"c1", 2}}};
    second.revoked = {{"c1"}, {{"c1", 0}}};
    second.delay_ms = 500;
    f.deliver(4, "sessioned", second);
    REQUIRE(f.listener.assignments.size() == 2);
    CHECK(f.listener.assignments[1].full == work_set{{}, {{"c1", 1}, {"c1", 2}}});
    CHECK(f.listener.assignments[1].assignment.delay_ms == 500);
    CHECK_FALSE(f.coordinator->owner_url("c1"));  // not the leader
    auto meta = decode_worker_metadata(f.coordinator->protocols()[0].metadata);
    REQUIRE(meta.ok());
    CHECK(meta->allocation == work_set{{}, {{"c1", 1}, {"c1", 2}}});
    // A cooperative rebalance revokes nothing when it starts.
    f.coordinator->on_rejoin_started(kc::rejoin_info{4, "m1", "config changed"});
    CHECK(f.listener.revoke_all.empty());
    CHECK(f.listener.rejoins == std::vector<std::string>{"config changed"});
}

TEST_CASE("coordinator: the eager protocol assigns complete sets and revokes everything when a rebalance starts") {
    fixture f(connect_protocol::sessioned);
    // The group chose "default" (an eager worker is in it): V0 blobs from the eager assignor.
    auto out = f.lead(1, "default", {{"m1", 5, std::nullopt}, {"m2", 5, std::nullopt}});
    CHECK(out["m1"].version == 0);
    CHECK(out["m1"].assigned == work_set{{"c1"}, {{"c1", 1}, {"c1", 3}, {"c1", 5}}});
    CHECK(out["m2"].assigned == work_set{{}, {{"c1", 0}, {"c1", 2}, {"c1", 4}}});
    f.deliver(1, "default", out["m1"]);
    REQUIRE(f.listener.assignments.size() == 1);
    CHECK(f.listener.assignments[0].chosen == connect_protocol::eager);
    CHECK(f.listener.assignments[0].full == out["m1"].assigned);

    f.coordinator->on_rejoin_started(kc::rejoin_info{1, "m1", "member joined"});
    REQUIRE(f.listener.revoke_all.size() == 1);
    CHECK(f.listener.revoke_all[0] == out["m1"].assigned);
    CHECK(f.coordinator->current_allocation() == work_set{});
    f.coordinator->on_rejoin_started(kc::rejoin_info{1, "m1", "again"});
    CHECK(f.listener.revoke_all.size() == 1);  // nothing left to revoke
}

TEST_CASE("coordinator: a graceful departure noted by the herder is reassigned at once; a vanished one waits") {
    for (bool graceful : {true, false}) {
        DYNAMIC_SECTION((graceful ? "graceful" : "vanished")) {
            fixture f(connect_protocol::sessioned, 300s);
            auto first =
                f.lead(1, "sessioned", {{"m1", 5, std::nullopt}, {"m2", 5, std::nullopt}, {"m3", 5, std::nullopt}});
            f.deliver(1, "sessioned", first["m1"]);
            if (graceful) f.coordinator->note_graceful_departure(url_of("m3"));
            auto second = f.lead(2, "sessioned", {{"m1", 5, first["m1"].assigned}, {"m2", 5, first["m2"].assigned}});
            const work_set given = union_of(second["m1"].assigned, second["m2"].assigned);
            if (graceful) {
                CHECK(given == first["m3"].assigned);
                CHECK(second["m1"].delay_ms == 0);
            } else {
                CHECK(given.empty());
                CHECK(second["m1"].delay_ms == 300'000);
            }
        }
    }
}

TEST_CASE("coordinator: bad metadata, unknown protocols, undecodable assignments, lost membership") {
    fixture f;
    f.coordinator->protocols();
    auto ctx = f.context(1, "sessioned", {{"m1", 5, std::nullopt}, {"m2", 5, std::nullopt}});
    ctx.members.push_back({"m3", std::nullopt, kafka_protocol::bytes{std::byte{0x00}}});
    auto encoded = f.coordinator->assign(ctx);
    REQUIRE(encoded.ok());
    REQUIRE(encoded->size() == 3);
    for (const auto& entry : *encoded) {
        auto a = decode_connect_assignment(entry.assignment);
        REQUIRE(a.ok());
        CHECK(a->assigned.tasks.size() == (entry.member_id == "m3" ? 0u : 3u));
    }

    auto unknown = f.context(1, "sessioned", {{"m1", 5, std::nullopt}});
    unknown.protocol_name = "range";
    CHECK_FALSE(f.coordinator->assign(unknown).ok());

    f.coordinator->on_assigned(kc::group_assignment{2, "m1", "m1", "sessioned", kafka_protocol::bytes{}});
    CHECK(f.listener.assignments.empty());  // ignored; a rejoin is requested instead

    f.coordinator->set_current_allocation(work_set{{"c1"}, {}});
    f.coordinator->on_membership_lost("session expired");
    CHECK(f.listener.lost == std::vector<std::string>{"session expired"});
    CHECK_FALSE(f.coordinator->current_allocation());
    f.coordinator->on_fatal_error(make_error(errc::protocol_error, "boom"));
    CHECK(f.listener.fatal.size() == 1);
}

TEST_CASE("coordinator: options are checked") {
    boost::asio::io_context io;
    recording_listener listener;
    worker_coordinator_options options;
    options.member.group_id = "g";
    options.member.bootstrap_servers = {{"localhost", 9092}};
    auto snapshot = [] { return config_view{}; };
    CHECK_FALSE(worker_coordinator::create(io.get_executor(), options, snapshot, listener).ok());  // no URL
    options.url = url_of("m1");
    CHECK_FALSE(worker_coordinator::create(io.get_executor(), options, nullptr, listener).ok());
    options.member.group_id.clear();
    CHECK_FALSE(worker_coordinator::create(io.get_executor(), options, snapshot, listener).ok());
    options.member.group_id = "g";
    CHECK(worker_coordinator::create(io.get_executor(), options, snapshot, listener).ok());
}
