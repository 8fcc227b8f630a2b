// assign_eager: Kafka's EagerAssignor as a table: one circular iterator over the sorted member
// ids deals the connectors (sorted), then every task.
#include <catch2/catch.hpp>

#include "coordination/eager_assignor.hpp"

using namespace copycat::coordination;

namespace {

assignor_input input_with(std::vector<std::string> members, std::map<std::string, std::int32_t> tasks) {
    assignor_input in;
    in.leader_id = members.front();
    in.leader_url = "http://" + members.front() + ":8083/";
    for (const auto& m : members) in.members[m] = member_state{"http://" + m + ":8083/", {}};
    in.config.offset = 17;
    in.config.task_counts = std::move(tasks);
    in.version = 0;
    return in;
}

}  // namespace

TEST_CASE("eager: connectors then tasks from one circular iterator over sorted members") {
    // Members given out of order; Java sorts them: a, b, c.
    auto out = assign_eager(input_with({"c", "a", "b"}, {{"c2", 2}, {"c1", 3}}));
    REQUIRE(out.size() == 3);
    // c1 -> a, c2 -> b; tasks continue at c: c1-0 -> c, c1-1 -> a, c1-2 -> b, c2-0 -> c, c2-1 -> a.
    CHECK(out["a"].assigned == work_set{{"c1"}, {{"c1", 1}, {"c2", 1}}});
    CHECK(out["b"].assigned == work_set{{"c2"}, {{"c1", 2}}});
    CHECK(out["c"].assigned == work_set{{}, {{"c1", 0}, {"c2", 0}}});
    for (const auto& [id, a] : out) {
        CHECK(a.version == 0);
        CHECK(a.error == 0);
        CHECK(a.leader == "c");
        CHECK(a.leader_url == "http://c:8083/");
        CHECK(a.config_offset == 17);
        CHECK(a.revoked.empty());
        CHECK(a.delay_ms == 0);
    }
}

TEST_CASE("eager: one connector per worker pair does not leave tasks only on odd members") {
    auto out = assign_eager(input_with({"w1", "w2"}, {{"a", 1}, {"b", 1}}));
    // a -> w1, b -> w2, a-0 -> w1, b-0 -> w2: each worker runs one connector and one task.
    CHECK(out["w1"].assigned == work_set{{"a"}, {{"a", 0}}});
    CHECK(out["w2"].assigned == work_set{{"b"}, {{"b", 0}}});
}

TEST_CASE("eager: byte order of names, an inconsistent connector gets no tasks, no members no output") {
    auto out = assign_eager(input_with({"m"}, {{"Zeta", 1}, {"alpha", 0}}));
    CHECK(out["m"].assigned == work_set{{"Zeta", "alpha"}, {{"Zeta", 0}}});
    assignor_input empty;
    CHECK(assign_eager(empty).empty());
}
