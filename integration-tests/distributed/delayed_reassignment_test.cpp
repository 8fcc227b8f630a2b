// Delayed reassignment (KIP-415, scheduled.rebalance.max.delay.ms): when a worker of three
// disappears (SIGKILL), its tasks are not handed to the others at once. The group notices the
// loss after the session timeout (6 s), and the leader keeps the lost tasks unassigned for up to
// 8 s more in case the worker comes back; only then do they run on the live workers. The other
// tasks keep running untouched all the while. The time from the kill to the reassignment is
// printed.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "distributed/distributed_workers.hpp"

using namespace copycat;
using namespace copycat::itest;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

using clock_type = std::chrono::steady_clock;

constexpr int workers = 3;
constexpr int task_count = 6;
constexpr auto session_timeout = 6s;  // the harness's session.timeout.ms
constexpr auto max_delay = 8s;

std::string probe_config(const fs::path& probe_dir) {
    return R"({"connector.class":"org.copycat.test.TaskProbeSourceConnector","tasks.max":")" +
           std::to_string(task_count) + R"(","probe.dir":")" + probe_dir.string() + R"(","topic":"unused"})";
}

// How often task n started (lines of <dir>/task-<n>.starts).
int starts_of(const fs::path& dir, int task) {
    std::ifstream in(dir / ("task-" + std::to_string(task) + ".starts"));
    int lines = 0;
    std::string line;
    while (std::getline(in, line)) ++lines;
    return lines;
}

double seconds_since(clock_type::time_point start) {
    return std::chrono::duration<double>(clock_type::now() - start).count();
}

// Task id -> worker index for the tasks RUNNING on a running worker.
std::map<int, int> running_on_live(distributed_workers& cluster, int via) {
    std::map<int, int> out;
    for (const auto& t : cluster.tasks(via, "probe")) {
        if (t.state != "RUNNING") continue;
        if (auto index = cluster.index_of(t.worker_id)) out[t.id] = *index;
    }
    return out;
}

std::string describe(const std::map<int, int>& placement) {
    std::string out;
    for (const auto& [task, worker] : placement)
        out += "task " + std::to_string(task) + " on worker " + std::to_string(worker) + "; ";
    return out;
}

}  // namespace

TEST_CASE("the tasks of a killed worker wait for scheduled.rebalance.max.delay.ms, then move", "[cluster]") {
    distributed_workers cluster({.workers = workers,
                                 .extra_properties = "scheduled.rebalance.max.delay.ms=" +
                                                     std::to_string(std::chrono::milliseconds(max_delay).count()) +
                                                     "\n"});
    logs_on_failure print_logs(cluster);
    const fs::path probe_dir = cluster.dir().path() / "probe";
    fs::create_directories(probe_dir);
    REQUIRE(poll_until(60s, [&] { return cluster.leader().has_value(); }));
    const int leader = *cluster.leader();
    REQUIRE(cluster.call(leader, "PUT", "/connectors/probe/config", probe_config(probe_dir)).status == 201);

    std::map<int, int> placement;
    REQUIRE(poll_until(60s, [&] {
        placement = running_on_live(cluster, leader);
        return placement.size() == static_cast<std::size_t>(task_count);
    }));
    INFO("placement before the kill: " << describe(placement));

    // A worker with tasks that is not the leader (the leader remembers the lost assignment).
    int victim = -1;
    for (const auto& [task, worker] : placement)
        if (worker != leader) victim = worker;
    REQUIRE(victim >= 0);
    std::set<int> lost;
    for (const auto& [task, worker] : placement)
        if (worker == victim) lost.insert(task);
    REQUIRE(!lost.empty());

    const auto killed_at = clock_type::now();
    cluster.kill(victim);

    // For the session timeout and a few seconds more none of the lost tasks runs on a live worker,
    // while the others stay where they were.
    const auto quiet_until = session_timeout + 4s;
    std::string moved_early;
    poll_until(std::chrono::duration_cast<std::chrono::milliseconds>(quiet_until), [&] {
        const auto now = running_on_live(cluster, leader);
        for (int task : lost)
            if (now.contains(task))
                moved_early = "task " + std::to_string(task) + " RUNNING on worker " + std::to_string(now.at(task)) +
                              " after " + std::to_string(seconds_since(killed_at)) + " s";
        return !moved_early.empty();
    });
    const double quiet_seconds = seconds_since(killed_at);
    INFO("a lost task moved before the delay: " << moved_early);
    CHECK(moved_early.empty());
    const auto kept = running_on_live(cluster, leader);
    for (const auto& [task, worker] : placement) {
        if (lost.contains(task)) continue;
        INFO("task " << task << " ran on worker " << worker << "; now: " << describe(kept));
        CHECK(kept.contains(task));
        CHECK((kept.contains(task) && kept.at(task) == worker));
    }

    // Then the delay expires and the lost tasks run on the live workers.
    std::map<int, int> after;
    const bool reassigned = poll_until(60s, [&] {
        after = running_on_live(cluster, leader);
        return after.size() == static_cast<std::size_t>(task_count);
    });
    const double reassigned_seconds = seconds_since(killed_at);
    INFO("placement after the delay: " << describe(after));
    REQUIRE(reassigned);
    for (int task : lost) CHECK(after.at(task) != victim);
    // The tasks that stayed were never restarted; each lost one started once more.
    for (int task = 0; task < task_count; ++task) {
        INFO("task " << task);
        CHECK(starts_of(probe_dir, task) == (lost.contains(task) ? 2 : 1));
    }
    std::cout << "delayed reassignment: " << lost.size() << " tasks of the killed worker stayed unassigned for "
              << quiet_seconds << " s (checked), and ran on the live workers " << reassigned_seconds
              << " s after SIGKILL (session.timeout.ms=" << session_timeout.count() * 1000
              << ", scheduled.rebalance.max.delay.ms=" << max_delay.count() * 1000 << ")\n";
    // The delay runs from the moment the leader saw the tasks lost, a session timeout after the
    // last heartbeat (up to heartbeat.interval.ms=1000 before the kill) at the earliest.
    CHECK(reassigned_seconds >= std::chrono::duration<double>(session_timeout + max_delay - 2s).count());
}
