// Failover of a running pipeline: three workers (scheduled.rebalance.max.delay.ms=0) copy 100,000
// numbered lines FileStreamSource -> topic -> FileStreamSink, and the worker running the source
// task is killed with SIGKILL while the lines flow. Once the group has noticed (session timeout),
// the source task runs on another worker from the last committed offset: every line reaches the
// sink file (at-least-once); lines read again after that offset arrive twice. The number of
// duplicates and the time from the kill to the source task RUNNING elsewhere are printed.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "distributed/distributed_workers.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::itest;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

using clock_type = std::chrono::steady_clock;

constexpr int workers = 3;
constexpr int total_lines = 100'000;
constexpr int chunk = 5'000;

double seconds_since(clock_type::time_point start) {
    return std::chrono::duration<double>(clock_type::now() - start).count();
}

}  // namespace

TEST_CASE("a SIGKILLed worker's source task resumes elsewhere and no line is lost", "[cluster]") {
    distributed_workers cluster({.workers = workers,
                                 .extra_properties = "scheduled.rebalance.max.delay.ms=0\n"
                                                     "consumer.session.timeout.ms=6000\n"
                                                     "consumer.heartbeat.interval.ms=2000\n"});
    logs_on_failure print_logs(cluster);
    const fs::path input = cluster.dir().path() / "input.txt";
    const fs::path output = cluster.dir().path() / "output.txt";
    const std::string topic = unique_name("failover-lines");
    const std::string source = "failover-source";
    const std::string sink = "failover-sink";

    // The first line goes alone, so that both tasks run before the bulk of the lines comes.
    append_to_file(input, numbered_lines("failover", 1, 1));
    REQUIRE(cluster
                .call(0, "PUT", "/connectors/" + source + "/config",
                      R"({"connector.class":"FileStreamSource","tasks.max":"1","file":")" + input.string() +
                          R"(","topic":")" + topic + R"("})")
                .status == 201);
    REQUIRE(cluster
                .call(0, "PUT", "/connectors/" + sink + "/config",
                      R"({"connector.class":"FileStreamSink","tasks.max":"1","file":")" + output.string() +
                          R"(","topics":")" + topic + R"("})")
                .status == 201);
    std::optional<int> source_worker;
    REQUIRE(poll_until(60s, [&] { return (source_worker = single_task_worker(cluster, source)).has_value(); }));
    REQUIRE(poll_until(60s, [&] { return single_task_worker(cluster, sink).has_value(); }));
    REQUIRE(poll_until(60s, [&] { return count_lines(output) >= 1; }));
    const auto sink_worker = single_task_worker(cluster, sink);

    // Half of the lines in chunks, each appended once the sink holds all but about two chunks, so
    // that lines flow steadily; the kill follows the last of these chunks at once.
    int appended = 1;
    const auto flowing = clock_type::now();
    while (appended < total_lines / 2) {
        const std::size_t want = appended > 2 * chunk ? static_cast<std::size_t>(appended - 2 * chunk) : 0;
        REQUIRE(poll_until(60s, [&] { return count_lines(output) >= want; }));
        append_to_file(input, numbered_lines("failover", appended + 1, chunk));
        appended += chunk;
    }
    REQUIRE(single_task_worker(cluster, source) == source_worker);  // it did not move meanwhile
    const std::string victim_id = cluster.worker_id(*source_worker);
    const auto killed_at = clock_type::now();
    cluster.kill(*source_worker);
    const std::size_t at_kill = count_lines(output);
    const double flow_seconds = std::chrono::duration<double>(killed_at - flowing).count();
    INFO("lines in the sink when the source worker was killed: " << at_kill << " of " << appended << " appended");
    // When this fails the pipeline outran the appends and the kill tested nothing.
    REQUIRE(at_kill < static_cast<std::size_t>(appended));
    append_to_file(input, numbered_lines("failover", appended + 1, total_lines - appended));

    std::optional<int> new_source_worker;
    REQUIRE(poll_until(60s, [&] { return (new_source_worker = single_task_worker(cluster, source)).has_value(); }));
    const double moved_seconds = seconds_since(killed_at);
    CHECK(cluster.worker_id(*new_source_worker) != victim_id);

    const bool all_arrived = poll_until(60s, [&] { return count_lines(output) >= total_lines; });
    // Every input line at least once: the distinct lines of the sink file are the input's lines.
    const auto expected = file_lines(input);
    REQUIRE(expected.size() == static_cast<std::size_t>(total_lines));
    std::unordered_map<std::string, int> copies;
    std::vector<std::string> lines;
    poll_until(all_arrived ? 30s : 0s, [&] {
        lines = file_lines(output);
        copies.clear();
        for (const auto& line : lines) ++copies[line];
        for (const auto& line : expected)
            if (!copies.contains(line)) return false;
        return true;
    });
    const double complete_seconds = seconds_since(killed_at);
    std::size_t missing = 0;
    std::string first_missing;
    for (const auto& line : expected) {
        if (copies.contains(line)) continue;
        if (missing++ == 0) first_missing = line;
    }
    const std::unordered_set<std::string> input_lines(expected.begin(), expected.end());
    std::size_t foreign = 0;
    for (const auto& [line, n] : copies)
        if (!input_lines.contains(line)) ++foreign;
    const std::size_t duplicates = lines.size() - copies.size();

    std::cout << "failover pipeline: killed worker " << *source_worker << " (the source task's"
              << (sink_worker == source_worker ? ", and the sink task's" : "") << ") after " << flow_seconds
              << " s of flowing data, with " << at_kill << " of " << appended
              << " appended lines in the sink; the source task was RUNNING on worker " << *new_source_worker << " "
              << moved_seconds << " s after the kill; all " << total_lines << " lines in the sink " << complete_seconds
              << " s after the kill; " << lines.size() << " sink lines, " << duplicates << " duplicates, " << missing
              << " missing\n";
    INFO("the first missing line: '" << first_missing << "'");
    if (missing > 0 || foreign > 0) std::cout << "worker logs:\n" << cluster.logs(100);
    CHECK(missing == 0);
    CHECK(foreign == 0);
    CHECK(all_arrived);
}
