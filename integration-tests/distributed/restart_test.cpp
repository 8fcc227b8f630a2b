// A whole cluster stopped and started again: three workers run a file pipeline
// (FileStreamSource -> topic -> FileStreamSink), all of them are stopped with SIGTERM, lines are
// appended while none runs, and all start again. The connectors and their configs survive in the
// config topic, both run again, and the sink file holds every line exactly once: a graceful stop
// commits the source offsets (the source resumes where it stopped instead of re-reading the file)
// and the sink's consumer offsets.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "common/json.hpp"
#include "distributed/distributed_workers.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::itest;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

using clock_type = std::chrono::steady_clock;

constexpr int workers = 3;

double seconds_since(clock_type::time_point start) {
    return std::chrono::duration<double>(clock_type::now() - start).count();
}

// The first running worker.
int any_live(const distributed_workers& cluster) {
    for (int i = 0; i < workers; ++i)
        if (cluster.running(i)) return i;
    FAIL("no worker runs");
    return -1;
}

// The connector and its one task RUNNING on a running worker.
bool running_on_live(distributed_workers& cluster, const std::string& connector) {
    const int via = any_live(cluster);
    const auto tasks = cluster.tasks(via, connector);
    if (cluster.connector_state(via, connector) != "RUNNING" || tasks.size() != 1) return false;
    return tasks[0].state == "RUNNING" && cluster.index_of(tasks[0].worker_id).has_value();
}

// Where `actual` first differs from `expected`; empty when equal.
std::string difference(const std::vector<std::string>& expected, const std::vector<std::string>& actual) {
    for (std::size_t i = 0; i < expected.size() && i < actual.size(); ++i)
        if (expected[i] != actual[i])
            return "sink line " + std::to_string(i + 1) + " is '" + actual[i] + "', expected '" + expected[i] + "'";
    if (expected.size() == actual.size()) return {};
    return "the sink file has " + std::to_string(actual.size()) + " lines, expected " + std::to_string(expected.size());
}

}  // namespace

TEST_CASE("a cluster stopped and started again keeps its connectors and copies every line once", "[cluster]") {
    // The sink consumers' session timeout bounds how long a partition could wait for a member
    // that did not leave its group; a graceful stop should never need it.
    distributed_workers cluster(
        {.workers = workers,
         .extra_properties = "consumer.session.timeout.ms=6000\nconsumer.heartbeat.interval.ms=2000\n"});
    logs_on_failure print_logs(cluster);
    const fs::path input = cluster.dir().path() / "input.txt";
    const fs::path output = cluster.dir().path() / "output.txt";
    const std::string topic = unique_name("restart-lines");
    const std::map<std::string, std::string> configs{
        {"restart-source", R"({"connector.class":"FileStreamSource","tasks.max":"1","file":")" + input.string() +
                               R"(","topic":")" + topic + R"("})"},
        {"restart-sink", R"({"connector.class":"FileStreamSink","tasks.max":"1","file":")" + output.string() +
                             R"(","topics":")" + topic + R"("})"},
    };

    append_to_file(input, numbered_lines("before", 1, 3000));
    for (const auto& [name, config] : configs)
        REQUIRE(cluster.call(1, "PUT", "/connectors/" + name + "/config", config).status == 201);
    for (const auto& [name, config] : configs) REQUIRE(poll_until(60s, [&] { return running_on_live(cluster, name); }));
    REQUIRE(poll_until(60s, [&] { return count_lines(output) >= 3000; }));

    // More lines, and at once a stop of every worker: some of them are still on their way.
    append_to_file(input, numbered_lines("running", 1, 3000));
    const auto stopping = clock_type::now();
    for (int i = 0; i < workers; ++i) {
        INFO("worker " << i);
        CHECK(cluster.stop(i) == 0);
    }
    const double stop_seconds = seconds_since(stopping);
    const std::size_t at_stop = count_lines(output);
    append_to_file(input, numbered_lines("stopped", 1, 3000));
    const auto expected = file_lines(input);

    const auto starting = clock_type::now();
    for (int i = 0; i < workers; ++i) cluster.start(i);
    const double start_seconds = seconds_since(starting);

    // The connectors and their configs came back from the config topic.
    for (int i = 0; i < workers; ++i) {
        const auto listed = cluster.call(i, "GET", "/connectors");
        REQUIRE(listed.status == 200);
        INFO("GET /connectors on worker " << i << ": " << listed.body);
        const json::value list = listed.json();
        REQUIRE(list.is_array());
        std::set<std::string> names;
        for (const json::value& n : list.as_array()) names.insert(n.is_string() ? n.as_string() : "?");
        CHECK(names == std::set<std::string>{"restart-sink", "restart-source"});
    }
    for (const auto& [name, config] : configs) {
        const auto got = cluster.call(2, "GET", "/connectors/" + name + "/config");
        REQUIRE(got.status == 200);
        const json::value actual = got.json();
        auto submitted = json::parse(config);
        REQUIRE(submitted.ok());
        INFO(name << ": GET config " << got.body << ", submitted " << config);
        for (const auto& m : submitted->as_object()) {
            REQUIRE(actual.find(m.name) != nullptr);
            CHECK(*actual.find(m.name) == m.val);
        }
        CHECK(actual.find("name") != nullptr);
        CHECK(actual.as_object().size() == submitted->as_object().size() + 1);  // plus "name"
    }
    for (const auto& [name, config] : configs) REQUIRE(poll_until(60s, [&] { return running_on_live(cluster, name); }));
    const double running_seconds = seconds_since(starting);

    REQUIRE(poll_until(60s, [&] { return count_lines(output) >= expected.size(); }));
    const double complete_seconds = seconds_since(starting);
    // Stopped gracefully once more, nothing can be on its way: the file is final.
    for (int i = 0; i < workers; ++i) CHECK(cluster.stop(i) == 0);
    const auto lines = file_lines(output);
    std::cout << "restart: stopping 3 workers took " << stop_seconds << " s (" << at_stop << " of 6000 lines in the "
              << "sink then); starting them again " << start_seconds << " s; both connectors RUNNING after "
              << running_seconds << " s; all " << expected.size() << " lines in the sink after " << complete_seconds
              << " s; the sink file has " << lines.size() << " lines\n";
    const std::string differs = difference(expected, lines);
    INFO(differs);
    if (!differs.empty()) std::cout << "worker logs:\n" << cluster.logs(100);
    CHECK(differs.empty());
}
