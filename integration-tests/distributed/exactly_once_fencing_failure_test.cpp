// A round of zombie fencing that fails (docs/exactly-once-source.md#fencing-and-the-task-count-record):
// two workers with exactly.once.source.support=enabled run a task-probe source connector with two
// tasks; its new config asks for three tasks with a producer transaction timeout the broker refuses
// (above its transaction.max.timeout.ms of 15 min), so the leader's InitProducerId for the previous
// generation's transactional ids fails. As in Kafka Connect, the waiting tasks fail with the
// round's error as their trace, and a restart asks for a round again. A config the broker accepts
// (a new generation of task configs) gets them running.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <string>

#include "distributed/distributed_workers.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::itest;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

std::string probe_config(const fs::path& dir, int tasks, const std::string& extra = {}) {
    return R"({"connector.class":"org.copycat.test.TaskProbeSourceConnector","probe.dir":")" + dir.string() +
           R"(","tasks.max":")" + std::to_string(tasks) + "\"" + extra + "}";
}

// Whether worker i shows `tasks` tasks of the connector, each in `state` (and, when `trace_part`
// is given, with a trace that contains it).
bool all_tasks(distributed_workers& cluster, int i, const std::string& connector, std::size_t tasks,
               const std::string& state, const std::string& trace_part = {}) {
    const auto reply = cluster.call(i, "GET", "/connectors/" + connector + "/status");
    if (reply.status != 200) return false;
    const json::value body = reply.json();
    const json::value* list = body.find("tasks");
    if (list == nullptr || !list->is_array() || list->as_array().size() != tasks) return false;
    for (const json::value& t : list->as_array()) {
        if (t.find("state")->as_string() != state) return false;
        if (trace_part.empty()) continue;
        const json::value* trace = t.find("trace");
        if (trace == nullptr || !trace->is_string() || trace->as_string().find(trace_part) == std::string::npos)
            return false;
    }
    return true;
}

std::size_t occurrences(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++n;
    return n;
}

}  // namespace

TEST_CASE("exactly-once source: a failed round of zombie fencing fails the waiting tasks, which a restart retries",
          "[cluster]") {
    distributed_workers cluster({.workers = 2,
                                 .extra_properties = "exactly.once.source.support=enabled\n"
                                                     "scheduled.rebalance.max.delay.ms=0\n"});
    logs_on_failure print_logs(cluster);
    const fs::path probes = cluster.dir().path() / "probes";
    fs::create_directories(probes);
    const std::string source = "eos-probe";
    const std::string path = "/connectors/" + source + "/config";

    REQUIRE(cluster.call(0, "PUT", path, probe_config(probes, 2)).status == 201);
    REQUIRE(poll_until(60s, [&] { return all_tasks(cluster, 0, source, 2, "RUNNING"); }));

    // Three tasks now, whose producers the broker refuses: the round that fences the two of the
    // previous generation fails.
    const std::string refused = R"(,"producer.override.transaction.timeout.ms":"1000000")";
    REQUIRE(cluster.call(0, "PUT", path, probe_config(probes, 3, refused)).status == 200);
    const std::string why = "Failed to perform round of zombie fencing for connector " + source;
    const bool failed = poll_until(60s, [&] { return all_tasks(cluster, 0, source, 3, "FAILED", why); });
    INFO("status: " << cluster.call(0, "GET", "/connectors/" + source + "/status").body);
    REQUIRE(failed);
    REQUIRE(poll_until(30s, [&] { return all_tasks(cluster, 1, source, 3, "FAILED", why); }));

    // A restart asks for a round again (which fails again: the config did not change).
    std::optional<int> leader;
    REQUIRE(poll_until(30s, [&] { return (leader = cluster.leader()).has_value(); }));
    const std::string round = "Fencing the producers of the 2 task(s) of connector " + source;
    const std::size_t rounds = occurrences(cluster.log(*leader), round);
    REQUIRE(rounds >= 1);
    const auto restarted =
        cluster.call(0, "POST", "/connectors/" + source + "/restart?includeTasks=true&onlyFailed=true");
    INFO(restarted.body);
    REQUIRE(restarted.status / 100 == 2);
    CHECK(poll_until(60s, [&] { return occurrences(cluster.log(*leader), round) > rounds; }));
    CHECK(poll_until(60s, [&] { return all_tasks(cluster, 0, source, 3, "FAILED", why); }));

    // A config the broker takes: a new generation of task configs, fenced, and running.
    REQUIRE(cluster.call(0, "PUT", path, probe_config(probes, 2)).status == 200);
    const bool running = poll_until(60s, [&] { return all_tasks(cluster, 0, source, 2, "RUNNING"); });
    INFO("status at the end: " << cluster.call(0, "GET", "/connectors/" + source + "/status").body);
    REQUIRE(running);
}
