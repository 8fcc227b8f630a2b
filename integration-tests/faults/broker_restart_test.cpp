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

// The status topic read as the status store applies it (src/storage/kafka_status_store.hpp): per
// key the newest record, except that a record from another worker of an older generation than the
// one held does not replace it; such late records are kept apart, for the run's output (how often
// the outage makes them, and which).
struct status_topic_reading {
    std::map<std::string, copycat::storage::connector_status_record> newest;  // key -> record
    std::vector<std::string> late;
};

status_topic_reading read_statuses(const std::string& status_topic) {
    status_topic_reading reading;
    for (const auto& r : read_topic(status_topic)) {
        if (!r.value) {
            reading.newest.erase(r.key);
            continue;
        }
        auto s = copycat::storage::decode_status(*r.value);
        if (!s) continue;
        auto [it, fresh] = reading.newest.try_emplace(r.key, *s);
        if (fresh) continue;
        if (s->worker_id != it->second.worker_id && s->generation < it->second.generation) {
            reading.late.push_back(r.key + " " + s->state + " " + s->worker_id + " generation " +
                                   std::to_string(s->generation) + " after " + it->second.worker_id + " generation " +
                                   std::to_string(it->second.generation));
            continue;
        }
        it->second = *s;
    }
    return reading;
}

// The agreed REST view (cluster_views.hpp's lines "<c> connector|task-<n> <state> <worker id>")
// rewritten with the state and worker id of each unit's newest status record: equal to the view
// when what the workers answer is what the topic holds last, not an older state they all kept.
std::string topic_view(const std::string& view, const status_topic_reading& reading) {
    std::string out;
    std::size_t start = 0;
    for (std::size_t end; (end = view.find('\n', start)) != std::string::npos; start = end + 1) {
        const std::string line = view.substr(start, end - start);
        const auto first = line.find(' ');
        const auto second = line.find(' ', first + 1);
        const std::string connector = line.substr(0, first);
        const std::string unit = line.substr(first + 1, second - first - 1);
        const std::string key = unit == "connector"
                                    ? copycat::storage::status_keys::connector(connector)
                                    : copycat::storage::status_keys::task(connector, std::stoi(unit.substr(5)));
        const auto it = reading.newest.find(key);
        out += connector + " " + unit + " " +
               (it == reading.newest.end() ? "(no record)" : it->second.state + " " + it->second.worker_id) + "\n";
    }
    return out;
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
    const auto statuses = read_statuses(cluster.status_topic());
    std::cout << "broker restart: " << statuses.late.size()
              << " status record(s) arrived after another worker's record of a newer generation (ignored):\n";
    for (const auto& line : statuses.late) std::cout << "  " << line << "\n";
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
    // Recovered means the workers answer the statuses the new owners wrote last, not an older
    // view they all still hold (records of the new owners stuck in a producer, say).
    CHECK(topic_view(*view, statuses) == *view);
}
