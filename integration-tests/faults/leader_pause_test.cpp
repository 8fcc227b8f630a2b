// SIGSTOP of the leader for longer than the group's session timeout (6 s), then SIGCONT: the
// others elect a new leader meanwhile, and there is no split brain. The old leader, once it runs
// again, writes no status record before it has rejoined: every status record it produced after
// the SIGCONT carries a generation newer than the one it held when it stopped. Nobody writes a
// config record while it is away or catching up (the configs did not change).
#include <catch2/catch.hpp>

#include <csignal>
#include <string>
#include <thread>

#include "distributed/topic_reader.hpp"
#include "faults/cluster_views.hpp"
#include "faults/fault_report.hpp"
#include "faults/fault_settings.hpp"

using namespace copycat;
using namespace copycat::itest;
using namespace copycat::itest::faults;
using namespace std::chrono_literals;

namespace {

using clock_type = std::chrono::steady_clock;

}  // namespace

TEST_CASE("faults: a leader stopped beyond its session timeout writes nothing until it has rejoined",
          "[cluster][faults]") {
    const auto& s = settings();
    loaded_cluster run("leader-pause");
    auto& cluster = run.cluster;
    auto& pipeline = run.pipeline;
    std::optional<std::string> before;
    REQUIRE(poll_until(60s, [&] { return (before = agreed_running_view(cluster, pipeline.connectors())).has_value(); }));

    std::optional<int> leader;
    REQUIRE(poll_until(30s, [&] { return (leader = cluster.leader()).has_value(); }));
    const int old = *leader;
    const std::string old_id = cluster.worker_id(old);
    const long old_generation = last_joined_generation(cluster.log(old));
    std::string old_units;
    for (const auto& unit : units_on(*before, old_id)) old_units += (old_units.empty() ? "" : ", ") + unit;
    REQUIRE(old_generation >= 0);

    const std::int64_t stopped_ms = wall_clock_ms();
    const auto stopped = clock_type::now();
    cluster.signal(old, SIGSTOP);
    // Someone else leads a newer generation while the old leader sleeps.
    std::optional<int> new_leader;
    const bool elected = poll_until(60s, [&] {
        for (int i = 0; i < cluster.size(); ++i)
            if (i != old && last_joined_generation(cluster.log(i)) > old_generation) {
                new_leader = cluster.leader();
                return new_leader.has_value() && *new_leader != old;
            }
        return false;
    });
    // The rest of the pause (it must outlast the session timeout whatever the election took).
    std::this_thread::sleep_until(stopped + s.pause);
    const std::int64_t resumed_ms = wall_clock_ms();
    const auto resumed = clock_type::now();
    cluster.signal(old, SIGCONT);

    long rejoined_generation = -1;
    const bool rejoined = poll_until(120s, [&] {
        rejoined_generation = last_joined_generation(cluster.log(old));
        return rejoined_generation > old_generation;
    });
    const std::size_t at_resume = pipeline.produced();
    std::optional<std::string> view;
    const bool recovered = caught_up(cluster, pipeline, at_resume, 120s, &view);
    const double recovery = seconds_since(resumed);
    const auto counts = pipeline.finish(120s);
    record({"leader SIGSTOP " + std::to_string(s.pause.count()) + " s", counts.produced, counts.delivered,
            counts.missing, counts.duplicated, recovery,
            "SIGCONT to sink caught up + same RUNNING statuses on every worker (the leader ran " +
                (old_units.empty() ? std::string("nothing") : old_units) + ")"});
    INFO("the first missing line: " << counts.first_missing);
    CHECK(counts.missing == 0);
    INFO("old leader: worker " << old << " (" << old_id << ") at generation " << old_generation);
    REQUIRE(elected);
    REQUIRE(rejoined);
    INFO("statuses when the wait ended:\n" << views_of_all(cluster, pipeline.connectors()));
    REQUIRE(recovered);

    // Status records from the old leader produced after it resumed: only of the generation it
    // got by rejoining (or newer).
    for (const auto& r : read_topic(cluster.status_topic())) {
        if (!r.value || r.timestamp_ms < resumed_ms) continue;
        auto value = json::parse(*r.value);
        REQUIRE(value.ok());
        const json::value* worker = value->find("worker_id");
        const json::value* generation = value->find("generation");
        if (worker == nullptr || !worker->is_string() || worker->as_string() != old_id) continue;
        INFO("status record " << r.key << " = " << *r.value << " at " << r.timestamp_ms - resumed_ms
                              << " ms after the SIGCONT");
        REQUIRE(generation != nullptr);
        CHECK(generation->as_int64() > old_generation);
    }
    // Config records produced after the SIGSTOP: none (no config changed; a rewrite by either
    // leader would be one).
    for (const auto& r : read_topic(cluster.config_topic())) {
        INFO("config record " << r.key << " at " << r.timestamp_ms - stopped_ms << " ms after the SIGSTOP");
        CHECK(r.timestamp_ms < stopped_ms);
    }
}
