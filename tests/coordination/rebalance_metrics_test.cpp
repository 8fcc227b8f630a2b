// rebalance_metrics: times rebalances between the coordinator and the herder and passes every
// call on unchanged.
#include <catch2/catch.hpp>

#include <vector>

#include "common/metrics.hpp"
#include "coordination/rebalance_metrics.hpp"

using namespace copycat;
using namespace copycat::coordination;

namespace {

struct recording : coordinator_listener {
    std::vector<std::string> calls;
    void on_assignment(const connect_assignment&, const work_set&, std::int32_t generation, const std::string&,
                       connect_protocol) override {
        calls.push_back("assignment " + std::to_string(generation));
    }
    void on_revoke_all(const work_set&) override { calls.push_back("revoke_all"); }
    void on_rejoin_started(const std::string& reason) override { calls.push_back("rejoin " + reason); }
    void on_membership_lost(const std::string& reason) override { calls.push_back("lost " + reason); }
    void on_fatal_error(const error& e) override { calls.push_back("fatal " + e.message); }
};

connect_assignment assignment(const std::string& leader, std::int16_t error = assignment_no_error) {
    connect_assignment a;
    a.leader = leader;
    a.error = error;
    return a;
}

}  // namespace

TEST_CASE("completed rebalances are counted and timed; calls reach the herder unchanged") {
    metrics::registry registry;
    recording herder;
    rebalance_metrics timed(herder, registry);
    CHECK(registry.value_of("copycat_worker_rebalancing") == 1);  // joining
    CHECK(registry.value_of("copycat_worker_rebalances_completed_total") == 0);

    timed.on_rejoin_started("joining");
    timed.on_assignment(assignment("me"), {}, 3, "me", connect_protocol::sessioned);
    CHECK(timed.completed() == 1);
    CHECK(registry.value_of("copycat_worker_rebalancing") == 0);
    CHECK(registry.value_of("copycat_worker_generation") == 3);
    CHECK(registry.value_of("copycat_worker_leader") == 1);
    CHECK(registry.value_of("copycat_worker_rebalance_last_duration_seconds") >= 0);
    CHECK(registry.value_of("copycat_worker_last_rebalance_timestamp_seconds") > 0);

    timed.on_rejoin_started("config changed");
    CHECK(registry.value_of("copycat_worker_rebalancing") == 1);
    timed.on_assignment(assignment("other", 1), {}, 4, "me", connect_protocol::sessioned);  // config mismatch
    CHECK(timed.completed() == 1);
    CHECK(registry.value_of("copycat_worker_rebalancing") == 1);
    timed.on_assignment(assignment("other"), {}, 5, "me", connect_protocol::sessioned);
    CHECK(timed.completed() == 2);
    CHECK(registry.value_of("copycat_worker_leader") == 0);
    CHECK(registry.value_of("copycat_worker_rebalances_completed_total") == 2);
    CHECK(registry.value_of("copycat_worker_rebalance_duration_seconds_total") >=
          registry.value_of("copycat_worker_rebalance_last_duration_seconds"));
    CHECK(registry.value_of("copycat_worker_rebalance_max_duration_seconds") >=
          registry.value_of("copycat_worker_rebalance_last_duration_seconds"));

    timed.on_revoke_all({});
    timed.on_membership_lost("coordinator gone");
    timed.on_fatal_error(error(errc::unavailable, "broker away"));
    CHECK(herder.calls == std::vector<std::string>{"rejoin joining", "assignment 3", "rejoin config changed",
                                                   "assignment 4", "assignment 5", "revoke_all",
                                                   "lost coordinator gone", "fatal broker away"});
}
