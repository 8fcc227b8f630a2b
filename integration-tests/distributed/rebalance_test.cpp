// A three-worker cluster of `copycat distributed` processes against the real broker: a connector
// created through a follower runs, its tasks spread evenly, shrinking tasks.max leaves unmoved
// tasks alone, and the work of a stopped or killed worker moves to the others. Times are printed.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <string>

#include "distributed/distributed_workers.hpp"

using namespace copycat;
using namespace copycat::itest;
using namespace std::chrono_literals;

namespace {

using clock_type = std::chrono::steady_clock;

std::string probe_config(const std::string& probe_dir, int tasks) {
    return R"({"connector.class":"org.copycat.test.TaskProbeSourceConnector","tasks.max":")" + std::to_string(tasks) +
           R"(","probe.dir":")" + probe_dir + R"(","topic":"unused"})";
}

// Number of lines in <dir>/task-<n>.starts: how often task n started.
int starts_of(const std::filesystem::path& dir, int task) {
    std::ifstream in(dir / ("task-" + std::to_string(task) + ".starts"));
    int lines = 0;
    std::string line;
    while (std::getline(in, line)) ++lines;
    return lines;
}

// Tasks per worker id when exactly `count` tasks are RUNNING on live workers; empty otherwise.
std::map<std::string, int> running_spread(distributed_workers& cluster, int via, const std::string& connector,
                                          int count, const std::set<std::string>& live) {
    const auto tasks = cluster.tasks(via, connector);
    if (static_cast<int>(tasks.size()) != count) return {};
    std::map<std::string, int> spread;
    for (const auto& t : tasks) {
        if (t.state != "RUNNING" || !live.contains(t.worker_id)) return {};
        ++spread[t.worker_id];
    }
    return spread;
}

std::set<std::string> live_ids(const distributed_workers& cluster, int workers) {
    std::set<std::string> out;
    for (int i = 0; i < workers; ++i)
        if (cluster.running(i)) out.insert(cluster.worker_id(i));
    return out;
}

double seconds_since(clock_type::time_point start) {
    return std::chrono::duration<double>(clock_type::now() - start).count();
}

}  // namespace

TEST_CASE("tasks spread over three workers, move on shrink and on a graceful stop", "[cluster]") {
    distributed_workers cluster({.workers = 3, .extra_properties = "scheduled.rebalance.max.delay.ms=60000\n"});
    const auto probe_dir = cluster.dir().path() / "probe";
    std::filesystem::create_directories(probe_dir);

    REQUIRE(poll_until(60s, [&] { return cluster.leader().has_value(); }));
    const int leader = *cluster.leader();
    const int follower = (leader + 1) % 3;

    const auto created_at = clock_type::now();
    auto created = cluster.call(follower, "POST", "/connectors",
                                R"({"name":"probe","config":)" + probe_config(probe_dir.string(), 6) + "}");
    REQUIRE(created.status == 201);
    CHECK(created.json().find("name")->as_string() == "probe");

    std::set<std::string> live = live_ids(cluster, 3);
    std::map<std::string, int> spread;
    REQUIRE(poll_until(60s, [&] {
        spread = running_spread(cluster, follower, "probe", 6, live);
        return !spread.empty();
    }));
    std::cout << "probe: 6 tasks RUNNING " << seconds_since(created_at) << " s after POST /connectors on a follower\n";
    CHECK(spread.size() == 3);
    for (const auto& [worker, n] : spread) CHECK(n == 2);
    CHECK(cluster.connector_state(leader, "probe") == "RUNNING");

    SECTION("tasks.max 6 -> 3 rebalances to 1/1/1 and restarts no task that stayed") {
        auto updated = cluster.call(leader, "PUT", "/connectors/probe/config", probe_config(probe_dir.string(), 3));
        REQUIRE(updated.status == 200);
        REQUIRE(poll_until(60s, [&] {
            spread = running_spread(cluster, follower, "probe", 3, live);
            return !spread.empty();
        }));
        CHECK(spread.size() == 3);
        for (const auto& [worker, n] : spread) CHECK(n == 1);
        for (int t = 0; t < 3; ++t) CHECK(starts_of(probe_dir, t) == 1);
    }

    SECTION("SIGTERM of a worker moves its tasks at once") {
        const int victim = follower;
        const auto stopped_at = clock_type::now();
        CHECK(cluster.stop(victim) == 0);
        live = live_ids(cluster, 3);
        REQUIRE(poll_until(60s, [&] {
            spread = running_spread(cluster, leader, "probe", 6, live);
            return !spread.empty();
        }));
        std::cout << "probe: every task RUNNING on the other workers " << seconds_since(stopped_at)
                  << " s after SIGTERM of one of three workers\n";
        CHECK(spread.size() == 2);
        for (const auto& [worker, n] : spread) CHECK(n == 3);
    }
}

TEST_CASE("the work of a killed worker moves after the session timeout", "[cluster]") {
    distributed_workers cluster({.workers = 3, .extra_properties = "scheduled.rebalance.max.delay.ms=0\n"});
    const auto probe_dir = cluster.dir().path() / "probe";
    std::filesystem::create_directories(probe_dir);
    REQUIRE(poll_until(60s, [&] { return cluster.leader().has_value(); }));
    const int leader = *cluster.leader();
    REQUIRE(cluster.call(leader, "PUT", "/connectors/probe/config", probe_config(probe_dir.string(), 6)).status == 201);
    std::set<std::string> live = live_ids(cluster, 3);
    REQUIRE(poll_until(60s, [&] { return !running_spread(cluster, leader, "probe", 6, live).empty(); }));

    const int victim = (leader + 2) % 3;
    const auto killed_at = clock_type::now();
    cluster.kill(victim);
    live = live_ids(cluster, 3);
    REQUIRE(poll_until(60s, [&] { return !running_spread(cluster, leader, "probe", 6, live).empty(); }));
    std::cout << "probe: every task RUNNING on the other workers " << seconds_since(killed_at)
              << " s after SIGKILL of one of three workers (session.timeout.ms=6000, "
                 "scheduled.rebalance.max.delay.ms=0)\n";
}
