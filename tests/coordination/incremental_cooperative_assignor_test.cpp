// incremental_cooperative_assignor as tables
// (docs/group-protocol.md#incremental-cooperative-assignor): balanced first assignments,
// two-round moves that revoke only what must move, deleted and duplicated work, lost work with
// and without the scheduled delay, leadership changes and graceful departures.
#include <catch2/catch.hpp>

#include "assignor_simulation.hpp"

using namespace copycat::coordination;
using namespace copycat::coordination::test;

namespace {

simulation three_workers(std::chrono::milliseconds max_delay, std::int32_t tasks = 6) {
    simulation sim(max_delay);
    sim.add("w1");
    sim.add("w2");
    sim.add("w3");
    sim.set_tasks({{"c1", tasks}});
    sim.round();
    return sim;
}

bool quiet(const std::map<std::string, connect_assignment>& out) {
    return all_assigned(out).empty() && all_revoked(out).empty();
}

}  // namespace

TEST_CASE("first assignment: 6 tasks on 3 workers are 2/2/2 and one worker runs the connector") {
    simulation sim(300s);
    sim.add("w1");
    sim.add("w2");
    sim.add("w3");
    sim.set_tasks({{"c1", 6}});
    auto out = sim.round();
    CHECK(all_revoked(out).empty());
    for (const auto& [id, a] : out) CHECK(a.delay_ms == 0);
    CHECK(sim.tasks_of("w1") == 2);
    CHECK(sim.tasks_of("w2") == 2);
    CHECK(sim.tasks_of("w3") == 2);
    CHECK(sim.connectors_of("w1") + sim.connectors_of("w2") + sim.connectors_of("w3") == 1);
    CHECK(sim.running() == configured_work(sim.config));
    // A rebalance with nothing new changes nothing.
    CHECK(quiet(sim.round()));
}

TEST_CASE("a new worker: round 1 revokes only what must move, round 2 assigns it") {
    auto sim = three_workers(300s);
    const auto before = sim.members;
    sim.add("w4");

    auto first = sim.round();
    const work_set revoked = all_revoked(first);
    CHECK(all_assigned(first).empty());  // nothing moves within one generation
    CHECK(revoked.connectors.empty());   // 1 connector over 4 workers is already balanced
    CHECK(revoked.tasks.size() == 1);    // 2/2/2/0 -> 2/2/1/1 needs one task moved

    auto second = sim.round();
    CHECK(all_revoked(second).empty());
    CHECK(all_assigned(second) == revoked);  // the revoked task, and only it, is assigned again
    CHECK(second["w4"].assigned == revoked);
    std::vector<std::size_t> counts{sim.tasks_of("w1"), sim.tasks_of("w2"), sim.tasks_of("w3"), sim.tasks_of("w4")};
    std::sort(counts.begin(), counts.end());
    CHECK(counts == std::vector<std::size_t>{1, 1, 2, 2});
    // Every task that did not move stayed where it was throughout.
    for (const auto& [id, m] : before) {
        CHECK(difference(m.allocation, sim.members.at(id).allocation) == intersection(m.allocation, revoked));
    }
    CHECK(quiet(sim.round()));
}

TEST_CASE("tasks.max lowered from 6 to 3: the deleted tasks are revoked, survivors untouched, 1/1/1") {
    auto sim = three_workers(300s);
    const work_set survivors{{"c1"}, {{"c1", 0}, {"c1", 1}, {"c1", 2}}};
    std::map<std::string, work_set> kept;
    for (const auto& [id, m] : sim.members) kept[id] = intersection(m.allocation, survivors);
    sim.set_tasks({{"c1", 3}});

    auto out = sim.round();
    CHECK(all_revoked(out) == work_set{{}, {{"c1", 3}, {"c1", 4}, {"c1", 5}}});
    CHECK(all_assigned(out).empty());
    for (const auto& [id, m] : sim.members) {
        CHECK(m.allocation == kept[id]);
        CHECK(m.allocation.tasks.size() == 1);
    }
    CHECK(quiet(sim.round()));
}

TEST_CASE("a lost worker with scheduled.rebalance.max.delay.ms=0: its work is reassigned at once") {
    auto sim = three_workers(0ms);
    const work_set lost = sim.members.at("w3").allocation;
    sim.remove("w3");
    auto out = sim.round();
    CHECK(all_revoked(out).empty());
    CHECK(all_assigned(out) == lost);
    for (const auto& [id, a] : out) CHECK(a.delay_ms == 0);
    CHECK(sim.running() == configured_work(sim.config));
    CHECK(sim.tasks_of("w1") == 3);
    CHECK(sim.tasks_of("w2") == 3);
}

TEST_CASE("a vanished worker's work is held for the delay, then reassigned") {
    auto sim = three_workers(10s);
    // w1 runs the connector (first in order at the first assignment), so w3 holds two tasks.
    REQUIRE(sim.connectors_of("w1") == 1);
    const work_set lost = sim.members.at("w3").allocation;
    sim.remove("w3");

    auto held = sim.round();
    CHECK(quiet(held));
    for (const auto& [id, a] : held) CHECK(a.delay_ms == 10'000);
    CHECK(intersection(sim.running(), lost).empty());

    SECTION("the worker comes back (a new member id, same URL) and gets its work at once") {
        // Better than Kafka, which keeps the work waiting until the delay expires: the worker
        // is back, so there is nothing left to wait for.
        sim.now += 4s;
        sim.add("w3-restarted", url_of("w3"));
        auto back = sim.round();
        CHECK(all_revoked(back).empty());
        CHECK(back["w3-restarted"].assigned == lost);
        CHECK(back["w1"].assigned.empty());
        for (const auto& [id, a] : back) CHECK(a.delay_ms == 0);
        CHECK(quiet(sim.round()));
    }
    SECTION("the worker never returns: its work is balanced over the others when the delay expires") {
        sim.now += 3s;
        auto waiting = sim.round();
        CHECK(quiet(waiting));
        for (const auto& [id, a] : waiting) CHECK(a.delay_ms == 7'000);
        sim.now += 7s;
        auto expired = sim.round();
        CHECK(all_assigned(expired) == lost);
        CHECK(sim.tasks_of("w1") == 3);
        CHECK(sim.tasks_of("w2") == 3);
        for (const auto& [id, a] : expired) CHECK(a.delay_ms == 0);
    }
}

TEST_CASE("a worker that left gracefully has its work reassigned at once despite the delay") {
    auto sim = three_workers(300s);
    const work_set lost = sim.members.at("w3").allocation;
    sim.remove("w3");
    sim.departed = {url_of("w3")};
    auto out = sim.round();
    CHECK(all_assigned(out) == lost);
    CHECK(all_revoked(out).empty());
    for (const auto& [id, a] : out) CHECK(a.delay_ms == 0);
    CHECK(sim.running() == configured_work(sim.config));
    CHECK(quiet(sim.round()));
}

TEST_CASE("a graceful departure learnt while its work is held releases the work at the next rebalance") {
    auto sim = three_workers(300s);
    const work_set lost = sim.members.at("w3").allocation;
    sim.remove("w3");
    auto held = sim.round();
    CHECK(held["w1"].delay_ms == 300'000);

    sim.now += 1s;
    sim.departed = {url_of("w3")};
    auto out = sim.round();
    CHECK(all_assigned(out) == lost);
    for (const auto& [id, a] : out) CHECK(a.delay_ms == 0);
    CHECK(sim.running() == configured_work(sim.config));
}

TEST_CASE("one vanished and one graceful worker: only the vanished worker's work is held") {
    simulation sim(60s);
    for (auto id : {"w1", "w2", "w3", "w4"}) sim.add(id);
    sim.set_tasks({{"c1", 8}});
    sim.round();
    const work_set graceful = sim.members.at("w3").allocation;
    const work_set vanished = sim.members.at("w4").allocation;
    sim.remove("w3");
    sim.remove("w4");
    sim.departed = {url_of("w3")};
    auto out = sim.round();
    CHECK(all_assigned(out) == graceful);
    CHECK(intersection(sim.running(), vanished).empty());
    for (const auto& [id, a] : out) CHECK(a.delay_ms == 60'000);
}

TEST_CASE("work held by two members is revoked from both, then assigned to one") {
    auto sim = three_workers(300s);
    const task_ref shared{"c1", 0};
    const std::string holder = sim.owner(shared);
    const std::string other = holder == "w1" ? "w2" : "w1";
    auto& copy = sim.members.at(other).allocation;  // e.g. a worker that ignored a revocation
    copy.tasks.push_back(shared);
    copy.normalize();

    auto out = sim.round();
    CHECK(out[holder].revoked.contains(shared));
    CHECK(out[other].revoked.contains(shared));
    CHECK(sim.owner(shared).empty());
    auto next = sim.round();
    CHECK(all_assigned(next) == work_set{{}, {shared}});
    CHECK_FALSE(sim.owner(shared).empty());
}

TEST_CASE("a deleted connector is revoked with its tasks; other work is untouched") {
    simulation sim(300s);
    sim.add("w1");
    sim.add("w2");
    sim.set_tasks({{"c1", 2}, {"c2", 2}});
    sim.round();
    const auto before = sim.members;
    sim.set_tasks({{"c1", 2}});
    auto out = sim.round();
    CHECK(all_revoked(out) == work_set{{"c2"}, {{"c2", 0}, {"c2", 1}}});
    CHECK(all_assigned(out).empty());
    for (const auto& [id, m] : sim.members) {
        CHECK(m.allocation == difference(before.at(id).allocation, work_set{{"c2"}, {{"c2", 0}, {"c2", 1}}}));
    }
}

TEST_CASE("a new leader has no memory: missing work counts as new and is assigned at once") {
    auto sim = three_workers(300s);
    const work_set lost = sim.members.at("w3").allocation;
    sim.remove("w3");
    incremental_cooperative_assignor new_leader(300s);
    auto out = sim.round(new_leader);
    CHECK(all_assigned(out) == lost);
    for (const auto& [id, a] : out) CHECK(a.delay_ms == 0);
    CHECK(sim.running() == configured_work(sim.config));
}

TEST_CASE("a round that never completed voids the memory") {
    auto sim = three_workers(300s);
    const work_set lost = sim.members.at("w3").allocation;
    sim.remove("w3");
    sim.last_completed = sim.generation - 1;  // the leader's last round did not complete
    auto out = sim.round();
    CHECK(all_assigned(out) == lost);
    for (const auto& [id, a] : out) CHECK(a.delay_ms == 0);
}

TEST_CASE("successive revoking rebalances back off: 40 ms, then the revocation happens") {
    auto sim = three_workers(300s);
    sim.add("w4");
    auto first = sim.round();
    REQUIRE(all_revoked(first).tasks.size() == 1);
    sim.add("w5");  // joins before the second cooperative round
    auto second = sim.round();
    CHECK(all_revoked(second).empty());
    for (const auto& [id, a] : second) CHECK(a.delay_ms == 40);
    sim.now += 40ms;
    auto third = sim.round();
    CHECK(all_revoked(third).tasks.size() == 1);
    sim.round();
    std::size_t total = 0;
    for (const auto& [id, m] : sim.members) {
        CHECK(m.allocation.tasks.size() <= 2);
        total += m.allocation.tasks.size();
    }
    CHECK(total == 6);
}

TEST_CASE("the delay is reported only while work is held, and no members means no output") {
    incremental_cooperative_assignor assignor(300s);
    assignor_input empty;
    CHECK(assignor.assign(empty).empty());
    CHECK(assignor.delay_ms() == 0);
    CHECK_FALSE(assignor.scheduled_rebalance());
}
