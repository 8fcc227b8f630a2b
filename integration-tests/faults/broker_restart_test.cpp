// Broker restart under load: the shared test broker (deploy/kafka/with-kafka.sh's run dir) is
// stopped while lines flow, stays down, and starts again on the same data and ports
// (deploy/kafka/kafka.sh restart). Afterwards every worker reports the same RUNNING statuses
// (state and worker id) and they stay so; no line is lost.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <iostream>
#include <map>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "distributed/topic_reader.hpp"
#include "faults/cluster_views.hpp"
#include "faults/fault_report.hpp"
#include "faults/fault_settings.hpp"
#include "storage/status_records.hpp"
#include "support/cluster_env.hpp"

using namespace copycat::itest;
using namespace copycat::itest::faults;
using namespace std::chrono_literals;

namespace {

using clock_type = std::chrono::steady_clock;

// deploy/kafka/kafka.sh <command> on the broker with-kafka.sh started.
void kafka_sh(const std::string& command) {
    const char* run_dir = std::getenv("COPYCAT_KAFKA_RUN_DIR");
    if (run_dir == nullptr || *run_dir == '\0')
        FAIL("COPYCAT_KAFKA_RUN_DIR is unset: run the cluster tests under deploy/kafka/with-kafka.sh");
    const std::string line = std::string("'") + COPYCAT_SOURCE_DIR + "/deploy/kafka/kafka.sh' " + command + " '" +
                             run_dir + "' >/dev/null";
    INFO(line);
    REQUIRE(std::system(line.c_str()) == 0);
}

// Status records that reached the topic after a record of a newer generation for the same key from
// another worker: what the status store must not apply (src/storage/kafka_status_store.hpp). For
// the run's output: how often the outage makes them, and which.
std::vector<std::string> late_stale_status_records(const std::string& status_topic) {
    std::map<std::string, std::pair<std::string, std::int32_t>> latest;  // key -> worker id, generation
    std::vector<std::string> late;
    for (const auto& r : read_topic(status_topic)) {
        if (!r.value) continue;
        auto s = copycat::storage::decode_status(*r.value);
        if (!s) continue;
        auto [it, fresh] = latest.try_emplace(r.key, s->worker_id, s->generation);
        if (fresh) continue;
        if (s->worker_id != it->second.first && s->generation < it->second.second) {
            late.push_back(r.key + " " + s->state + " " + s->worker_id + " generation " + std::to_string(s->generation) +
                           " after " + it->second.first + " generation " + std::to_string(it->second.second));
            continue;
        }
        it->second = {s->worker_id, s->generation};
    }
    return late;
}

}  // namespace

TEST_CASE("faults: a broker restart under load loses no line and leaves consistent statuses", "[cluster][faults]") {
    const auto& s = settings();
    loaded_cluster run("broker-restart");
    auto& cluster = run.cluster;
    auto& pipeline = run.pipeline;
    REQUIRE(poll_until(60s, [&] { return pipeline.delivered() >= 2000; }));

    kafka_sh("stop");
    const auto stopped = clock_type::now();
    // The outage itself: the broker stays down this long.
    std::this_thread::sleep_for(s.broker_down);
    kafka_sh("restart");
    const auto restarted = clock_type::now();
    const double down_seconds = std::chrono::duration<double>(restarted - stopped).count();

    const std::size_t at_restart = pipeline.produced();
    std::optional<std::string> view;
    const bool recovered = caught_up(cluster, pipeline, at_restart, 180s, &view);
    const double recovery = seconds_since(restarted);
    std::string changed;
    const bool stable = recovered && view_stays(cluster, pipeline.connectors(), *view, s.stable_window, &changed);
    const auto counts = pipeline.finish(120s);
    const auto late = late_stale_status_records(cluster.status_topic());
    std::cout << "broker restart: " << late.size()
              << " status record(s) arrived after another worker's record of a newer generation (ignored):\n";
    for (const auto& line : late) std::cout << "  " << line << "\n";
    record({"broker restart", counts.produced, counts.delivered, counts.missing, counts.duplicated, recovery,
            "restart to sink caught up + same RUNNING statuses on every worker (broker down " +
                std::to_string(static_cast<int>(down_seconds)) + " s)"});

    INFO("the first missing line: " << counts.first_missing);
    CHECK(counts.missing == 0);
    INFO("statuses when the wait ended:\n" << views_of_all(cluster, pipeline.connectors()));
    REQUIRE(recovered);
    INFO("the agreed statuses\n" << *view << "changed within " << s.stable_window.count() << " s to\n" << changed);
    if (!stable) {
        // Which records the workers read, in topic order per partition: for the diagnosis.
        std::string records;
        for (const auto& r : read_topic(cluster.status_topic()))
            records += std::to_string(r.partition) + "/" + std::to_string(r.offset) + " " + std::to_string(r.timestamp_ms) +
                       " " + r.key + " " + r.value.value_or("(tombstone)") + "\n";
        INFO("the status topic:\n" << records);
        REQUIRE(stable);
    }
}
