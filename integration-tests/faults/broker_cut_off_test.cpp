// A worker cut off from the broker but not from its peers: worker 2 reaches the broker only
// through a tcp_proxy (its bootstrap.servers is the broker's FAULTS listener, which advertises
// the proxy's address: deploy/kafka/kafka.sh), while its REST port stays reachable. The test
// freezes the proxy: the worker's tasks stop, the others run them, nothing is lost; after the
// thaw it rejoins the group and every worker reports the same RUNNING statuses again.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <thread>

#include "faults/cluster_views.hpp"
#include "faults/fault_report.hpp"
#include "faults/fault_settings.hpp"
#include "faults/tcp_proxy.hpp"

using namespace copycat::itest;
using namespace copycat::itest::faults;
using namespace std::chrono_literals;

namespace {

using clock_type = std::chrono::steady_clock;
constexpr int cut = 2;

// The port of a "127.0.0.1:PORT" line in a file of the broker's run dir (kafka.sh).
std::uint16_t run_dir_port(const std::string& name) {
    const char* run_dir = std::getenv("COPYCAT_KAFKA_RUN_DIR");
    if (run_dir == nullptr || *run_dir == '\0')
        FAIL("COPYCAT_KAFKA_RUN_DIR is unset: run the cluster tests under deploy/kafka/with-kafka.sh");
    std::ifstream in(std::string(run_dir) + "/" + name);
    std::string address;
    std::getline(in, address);
    INFO(run_dir << "/" << name << " holds '" << address << "' (a broker started by an older kafka.sh?)");
    REQUIRE(address.rfind("127.0.0.1:", 0) == 0);
    return static_cast<std::uint16_t>(std::stoi(address.substr(10)));
}

// The view as the workers other than `cut` agree on it, everything RUNNING on one of them.
std::optional<std::string> others_agree_without(distributed_workers& cluster, const std::vector<std::string>& connectors) {
    std::optional<std::string> agreed;
    for (int i = 0; i < cluster.size(); ++i) {
        if (i == cut) continue;
        auto view = status_view(cluster, i, connectors);
        if (!view || (agreed && *view != *agreed)) return std::nullopt;
        agreed = std::move(view);
    }
    if (!agreed || agreed->find(" RUNNING ") == std::string::npos) return std::nullopt;
    std::size_t start = 0;
    for (std::size_t end; (end = agreed->find('\n', start)) != std::string::npos; start = end + 1) {
        const std::string line = agreed->substr(start, end - start);
        const auto on = cluster.index_of(line.substr(line.rfind(' ') + 1));
        if (line.find(" RUNNING ") == std::string::npos || !on || *on == cut) return std::nullopt;
    }
    return agreed;
}

}  // namespace

TEST_CASE("faults: a worker cut off from the broker hands its tasks over and rejoins", "[cluster][faults]") {
    const auto& s = settings();
    tcp_proxy proxy(run_dir_port("faults.proxy"), run_dir_port("faults.broker"));
    loaded_cluster run("cut-off",
                       {{cut, "bootstrap.servers=127.0.0.1:" + std::to_string(run_dir_port("faults.proxy")) + "\n"}});
    auto& cluster = run.cluster;
    auto& pipeline = run.pipeline;
    REQUIRE(proxy.accepted() > 0);
    std::optional<std::string> before;
    REQUIRE(poll_until(60s, [&] { return (before = agreed_running_view(cluster, pipeline.connectors())).has_value(); }));
    // The cut worker must run something. When the assignor left it idle (the connectors and
    // their tasks on the two others), a graceful restart of the source's worker hands the source
    // to the least loaded worker, the idle one.
    for (int attempt = 0; attempt < 3 && units_on(*before, cluster.worker_id(cut)).empty(); ++attempt) {
        const auto at = before->find(pipeline.source() + " task-0 ");
        REQUIRE(at != std::string::npos);
        const std::string line = before->substr(at, before->find('\n', at) - at);
        const auto busy = cluster.index_of(line.substr(line.rfind(' ') + 1));
        REQUIRE(busy);
        cluster.stop(*busy);
        REQUIRE(poll_until(60s, [&] { return agreed_running_view(cluster, pipeline.connectors()).has_value(); }));
        cluster.start(*busy);
        REQUIRE(poll_until(60s, [&] { return (before = agreed_running_view(cluster, pipeline.connectors())).has_value(); }));
    }
    const auto moved = units_on(*before, cluster.worker_id(cut));
    INFO("statuses before the cut:\n" << *before);
    REQUIRE(!moved.empty());

    const std::size_t log_at_cut = cluster.log(cut).size();
    proxy.freeze();
    const auto frozen = clock_type::now();
    std::optional<std::string> without;
    const bool handed_over =
        poll_until(90s, [&] { return (without = others_agree_without(cluster, pipeline.connectors())).has_value(); });
    const double handover = seconds_since(frozen);
    // The rest of the cut (the worker stays cut off at least this long).
    std::this_thread::sleep_until(frozen + s.cut_off);
    const std::string cut_log = cluster.log(cut).substr(log_at_cut);
    const std::size_t at_thaw = pipeline.produced();
    proxy.thaw();
    const auto thawed = clock_type::now();

    std::optional<std::string> after;
    const bool recovered = caught_up(cluster, pipeline, at_thaw, 120s, &after);
    const double recovery = seconds_since(thawed);
    const auto counts = pipeline.finish(120s);
    record({"worker cut off from broker", counts.produced, counts.delivered, counts.missing, counts.duplicated,
            recovery,
            "thaw to sink caught up + same RUNNING statuses on all 3 workers (tasks ran elsewhere " +
                std::to_string(static_cast<int>(handover)) + " s after the cut)"});

    INFO("the first missing line: " << counts.first_missing);
    CHECK(counts.missing == 0);
    INFO("statuses on the other workers when the wait ended:\n" << without.value_or("(no agreement)"));
    REQUIRE(handed_over);
    // The cut worker stopped the tasks it ran (the log line of worker.cpp).
    for (const auto& unit : moved) {
        if (unit.find(" task-") == std::string::npos) continue;
        const std::string task = unit.substr(0, unit.find(' ')) + "-" + unit.substr(unit.find(" task-") + 6);
        INFO("the cut worker's log after the cut:\n" << cut_log);
        CHECK(cut_log.find("Stopping task " + task) != std::string::npos);
    }
    INFO("statuses after the thaw:\n" << after.value_or("(no agreement)"));
    INFO("statuses when the wait ended:\n" << views_of_all(cluster, pipeline.connectors()));
    REQUIRE(recovered);
}
