// The rolling change of docs/exactly-once-source.md, on a running cluster: three workers with
// exactly.once.source.support=preparing run a FileStreamSource while lines are appended; each
// worker in turn is stopped (SIGTERM) and started again with =enabled. Once the last one runs
// with the new setting, the task writes transactions (its transaction count in GET /metrics
// grows), and more lines are appended. A read_committed consumer of the topic sees every line,
// and every line written after the change exactly once (lines written before it may repeat:
// that part ran at-least-once).
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "distributed/committed_reader.hpp"
#include "distributed/distributed_workers.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::itest;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

constexpr int workers = 3;
constexpr int chunk = 1'000;
constexpr int lines_after = 5'000;

}  // namespace

TEST_CASE("exactly-once source: preparing -> enabled, one worker at a time, loses nothing and repeats nothing after",
          "[cluster]") {
    distributed_workers cluster({.workers = workers,
                                 .extra_properties = "exactly.once.source.support=preparing\n"
                                                     "scheduled.rebalance.max.delay.ms=0\n"});
    logs_on_failure print_logs(cluster);
    const fs::path input = cluster.dir().path() / "input.txt";
    const std::string topic = unique_name("eos-rollout");
    const std::string source = "rollout-source";

    int appended = 0;
    const auto append = [&](const std::string& tag, int lines) {
        append_to_file(input, numbered_lines(tag, appended + 1, lines));
        appended += lines;
    };
    append("before", chunk);
    const auto created = cluster.call(0, "PUT", "/connectors/" + source + "/config",
                                      R"({"connector.class":"FileStreamSource","tasks.max":"1","file":")" +
                                          input.string() + R"(","topic":")" + topic + R"("})");
    INFO(created.body);
    REQUIRE(created.status == 201);
    committed_reader reader(topic);
    REQUIRE(poll_until(60s, [&] {
        reader.drain(200ms);
        return reader.records() >= 1;
    }));

    // The rolling change, with lines flowing while each worker is down and after it is back.
    for (int i = 0; i < workers; ++i) {
        cluster.set_own_properties(i, "exactly.once.source.support=enabled\n");
        CHECK(cluster.stop(i) == 0);
        append("before", chunk);
        cluster.start(i);
        REQUIRE(poll_until(60s, [&] { return single_task_worker(cluster, source).has_value(); }));
        append("before", chunk);
    }
    const int before = appended;

    // Every worker is enabled now: the task commits transactions wherever it runs.
    std::optional<int> owner;
    REQUIRE(poll_until(60s, [&] {
        owner = single_task_worker(cluster, source);
        if (!owner) return false;
        const auto committed = committed_transactions(cluster, *owner, source);
        return committed.has_value() && *committed > 0;
    }));
    append("after", lines_after);

    const bool all_arrived = poll_until(60s, [&] {
        reader.drain(200ms);
        return reader.copies().size() >= static_cast<std::size_t>(appended);
    });
    CHECK(reader.read_to_end(30s));

    const auto lines = file_lines(input);
    REQUIRE(lines.size() == static_cast<std::size_t>(appended));
    const std::vector<std::string> written_before(lines.begin(), lines.begin() + before);
    const std::vector<std::string> written_after(lines.begin() + before, lines.end());
    const auto old_part = reader.count(written_before);
    const auto new_part = reader.count(written_after);
    std::cout << "exactly-once rolling change: " << before << " lines during the change (" << old_part.missing
              << " missing, " << old_part.duplicated << " duplicates), " << lines_after << " after it ("
              << new_part.missing << " missing, " << new_part.duplicated << " duplicates)\n";
    CHECK(all_arrived);
    CHECK(old_part.missing == 0);
    CHECK(new_part.missing == 0);
    CHECK(new_part.duplicated == 0);
}
