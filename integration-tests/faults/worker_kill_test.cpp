// SIGKILL of a random worker every few seconds, for a while (seeded: fault_settings.hpp), each
// killed worker started again at once (on a new REST port, so as a new worker id). The pipeline
// loses no line; the duplicates are the lines read again after the last committed offsets.
#include <catch2/catch.hpp>

#include <iostream>
#include <random>
#include <sstream>
#include <thread>

#include "faults/cluster_views.hpp"
#include "faults/fault_report.hpp"
#include "faults/fault_settings.hpp"

using namespace copycat::itest;
using namespace copycat::itest::faults;
using namespace std::chrono_literals;

namespace {
using clock_type = std::chrono::steady_clock;
}

TEST_CASE("faults: SIGKILL of random workers loses no line", "[cluster][faults]") {
    const auto& s = settings();
    loaded_cluster run("worker-kill");
    auto& cluster = run.cluster;
    auto& pipeline = run.pipeline;

    std::mt19937 random(s.seed);
    std::uniform_int_distribution<int> pick_worker(0, cluster.size() - 1);
    std::uniform_int_distribution<int> pick_pause_ms(2000, 5000);
    std::ostringstream kills;
    int count = 0;
    const auto until = clock_type::now() + s.kill_loop;
    while (clock_type::now() < until) {
        const int victim = pick_worker(random);
        // The pacing of the faults ("every few seconds"), drawn from the seed.
        std::this_thread::sleep_for(std::chrono::milliseconds(pick_pause_ms(random)));
        cluster.kill(victim);
        cluster.start(victim);
        kills << (count++ ? " " : "") << victim;
    }
    std::cout << "worker kills (seed " << s.seed << "): " << kills.str() << "\n";
    const auto last_restart = clock_type::now();

    const std::size_t at_end = pipeline.produced();
    std::optional<std::string> view;
    const bool recovered = caught_up(cluster, pipeline, at_end, 180s, &view);
    const double recovery = seconds_since(last_restart);
    const auto counts = pipeline.finish(120s);
    record({"SIGKILL loop (" + std::to_string(count) + " kills)", counts.produced, counts.delivered, counts.missing,
            counts.duplicated, recovery, "last restart to sink caught up + same RUNNING statuses on every worker"});

    INFO("seed " << s.seed << ", killed workers in turn: " << kills.str());
    INFO("the first missing line: " << counts.first_missing);
    CHECK(counts.missing == 0);
    INFO("statuses when the wait ended:\n" << views_of_all(cluster, pipeline.connectors()));
    REQUIRE(recovered);
}
