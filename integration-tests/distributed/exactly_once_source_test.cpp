// Exactly-once source delivery across a SIGKILL (docs/exactly-once-source.md): three workers with
// exactly.once.source.support=enabled copy 20,000 numbered lines with a FileStreamSource
// (exactly.once.support=required) into a topic, and the worker running the source task is killed
// with SIGKILL while the lines flow. The task's next owner fences the killed producer, which
// aborts its open transaction, and resumes from the last committed offsets: a read_committed
// consumer of the topic sees every line exactly once. CI runs the quick variant (20,000 lines, one
// kill); deploy/exactly-once-source.sh runs the full one (200,000 lines, three kills, each killed
// worker started again) through COPYCAT_EOS_SOURCE_LINES and COPYCAT_EOS_SOURCE_KILLS.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "distributed/committed_reader.hpp"
#include "distributed/distributed_workers.hpp"
#include "kafka/rdkafka/consumer.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::itest;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

constexpr int workers = 3;
constexpr int chunk = 2'000;

int setting(const char* name, int fallback) {
    const char* v = std::getenv(name);
    return v != nullptr && *v != '\0' ? std::stoi(v) : fallback;
}

struct keyed_record {
    std::int64_t offset = -1;
    std::string value;
};

// The latest record under each key in partition 0 of `topic` (the config topic has one), read
// with read_committed until the last stable offset.
std::map<std::string, keyed_record> latest_records(const std::string& topic) {
    auto config = rdkafka::client_config::from_map(
        {{"bootstrap.servers", bootstrap_servers()}, {"isolation.level", "read_committed"}});
    REQUIRE(config.ok());
    auto consumer = rdkafka::consumer::create(*config);
    REQUIRE(consumer.ok());
    REQUIRE(consumer->assign({{topic, 0, rdkafka::offsets::beginning}}).ok());
    auto marks = consumer->query_watermarks(topic, 0, 30s);
    REQUIRE(marks.ok());
    std::map<std::string, keyed_record> latest;
    const bool at_end = poll_until(30s, [&] {
        auto polled = consumer->poll(200ms);
        if (polled.ok() && polled->has_value() && (*polled)->key())
            latest[std::string(*(*polled)->key())] = {(*polled)->offset(), std::string((*polled)->value().value_or(""))};
        auto at = consumer->position({{topic, 0}});
        return at.ok() && !at->empty() && (*at)[0].offset >= marks->high;
    });
    REQUIRE(at_end);
    return latest;
}

std::optional<std::string> latest_value(const std::string& topic, const std::string& key) {
    auto records = latest_records(topic);
    auto it = records.find(key);
    if (it == records.end()) return std::nullopt;
    return it->second.value;
}

}  // namespace

TEST_CASE("exactly-once source: a SIGKILLed worker's task resumes elsewhere, every line exactly once", "[cluster]") {
    const int total_lines = setting("COPYCAT_EOS_SOURCE_LINES", 20'000);
    const int kills = setting("COPYCAT_EOS_SOURCE_KILLS", 1);
    REQUIRE(kills >= 1);
    REQUIRE(total_lines > 4 * chunk * (kills + 1));
    distributed_workers cluster({.workers = workers,
                                 .extra_properties = "exactly.once.source.support=enabled\n"
                                                     "scheduled.rebalance.max.delay.ms=0\n"});
    logs_on_failure print_logs(cluster);
    const fs::path input = cluster.dir().path() / "input.txt";
    const std::string topic = unique_name("eos-lines");
    const std::string source = "eos-source";

    append_to_file(input, numbered_lines("eos", 1, 1));
    const auto created = cluster.call(0, "PUT", "/connectors/" + source + "/config",
                                      R"({"connector.class":"FileStreamSource","tasks.max":"1","file":")" +
                                          input.string() + R"(","topic":")" + topic +
                                          R"(","exactly.once.support":"required"})");
    INFO(created.body);
    REQUIRE(created.status == 201);
    std::optional<int> source_worker;
    REQUIRE(poll_until(60s, [&] { return (source_worker = single_task_worker(cluster, source)).has_value(); }));

    // The leader fenced the connector's earlier producers and wrote Kafka Connect's task-count
    // record before the task started.
    CHECK(latest_value(cluster.config_topic(), "tasks-fencing-" + source) == R"({"task-count":1})");

    committed_reader reader(topic);
    REQUIRE(poll_until(60s, [&] {
        reader.drain(200ms);
        return reader.records() >= 1;
    }));

    // The lines in chunks, each once the reader is at most two chunks behind; after each of the
    // first `kills` parts of them the worker running the task is killed at once, while the task is
    // still reading, and started again once the task runs elsewhere (when more kills follow).
    int appended = 1;
    std::string moves;
    for (int k = 0; k < kills; ++k) {
        const int part_end = static_cast<int>(static_cast<long long>(total_lines) * (k + 1) / (kills + 1));
        while (appended < part_end) {
            const std::size_t want = appended > 2 * chunk ? static_cast<std::size_t>(appended - 2 * chunk) : 0;
            REQUIRE(poll_until(60s, [&] {
                reader.drain(100ms);
                return reader.records() >= want;
            }));
            const int lines = std::min(chunk, part_end - appended);
            append_to_file(input, numbered_lines("eos", appended + 1, lines));
            appended += lines;
        }
        REQUIRE(poll_until(60s, [&] { return (source_worker = single_task_worker(cluster, source)).has_value(); }));
        const int victim = *source_worker;
        const std::string victim_id = cluster.worker_id(victim);
        cluster.kill(victim);
        const std::size_t at_kill = reader.records();
        INFO("committed lines when the source worker was killed: " << at_kill << " of " << appended);
        REQUIRE(at_kill < static_cast<std::size_t>(appended));  // otherwise the kill tested nothing
        std::optional<int> new_worker;
        REQUIRE(poll_until(60s, [&] { return (new_worker = single_task_worker(cluster, source)).has_value(); }));
        CHECK(cluster.worker_id(*new_worker) != victim_id);
        moves += " " + std::to_string(victim) + "->" + std::to_string(*new_worker) + " (" + std::to_string(at_kill) +
                 " of " + std::to_string(appended) + " committed)";
        if (k + 1 < kills) cluster.start(victim);
    }
    append_to_file(input, numbered_lines("eos", appended + 1, total_lines - appended));

    const bool all_arrived = poll_until(60s, [&] {
        reader.drain(200ms);
        return reader.copies().size() >= static_cast<std::size_t>(total_lines);
    });
    CHECK(reader.read_to_end(30s));

    const auto expected = file_lines(input);
    REQUIRE(expected.size() == static_cast<std::size_t>(total_lines));
    const auto [missing, duplicated] = reader.count(expected);
    const std::size_t foreign = reader.copies().size() - (expected.size() - missing);
    std::cout << "exactly-once source: " << total_lines << " lines, " << kills << " kill(s), task moves:" << moves
              << "; " << reader.records() << " committed records, " << missing << " missing, " << duplicated
              << " duplicates\n";
    CHECK(all_arrived);
    CHECK(missing == 0);
    CHECK(duplicated == 0);
    CHECK(foreign == 0);
    CHECK(reader.records() == static_cast<std::size_t>(total_lines));
}

// docs/exactly-once-source.md#fencing-and-the-task-count-record: new task configs for a running
// exactly-once connector (here a new topic) stop its task until the leader wrote the task-count
// record of the new generation; then it runs again.
TEST_CASE("exactly-once source: a task restarted by new task configs waits for the new task-count record",
          "[cluster]") {
    distributed_workers cluster({.workers = 2,
                                 .extra_properties = "exactly.once.source.support=enabled\n"
                                                     "scheduled.rebalance.max.delay.ms=0\n"});
    logs_on_failure print_logs(cluster);
    const fs::path input = cluster.dir().path() / "input.txt";
    append_to_file(input, numbered_lines("eos", 1, 10));
    const std::string source = "eos-reconfigured";
    auto config = [&](const std::string& topic) {
        return R"({"connector.class":"FileStreamSource","tasks.max":"1","file":")" + input.string() +
               R"(","topic":")" + topic + R"(","exactly.once.support":"required"})";
    };
    const auto created = cluster.call(0, "PUT", "/connectors/" + source + "/config", config(unique_name("eos-a")));
    INFO(created.body << created.error);
    REQUIRE(created.status == 201);
    std::optional<int> worker;
    REQUIRE(poll_until(60s, [&] { return (worker = single_task_worker(cluster, source)).has_value(); }));

    REQUIRE(cluster.call(0, "PUT", "/connectors/" + source + "/config", config(unique_name("eos-b"))).status == 200);
    const std::string held = "Stopped 1 task(s) of connector " + source + " until its zombie fencing is done";
    REQUIRE(poll_until(60s, [&] {
        worker = single_task_worker(cluster, source);
        return worker.has_value() && cluster.log(*worker).find(held) != std::string::npos;
    }));
    // The task runs again, and the latest task-count record follows the latest task configs.
    REQUIRE(poll_until(60s, [&] { return single_task_worker(cluster, source).has_value(); }));
    auto records = latest_records(cluster.config_topic());
    REQUIRE(records.contains("commit-" + source));
    REQUIRE(records.contains("tasks-fencing-" + source));
    CHECK(records["tasks-fencing-" + source].offset > records["commit-" + source].offset);
    CHECK(records["tasks-fencing-" + source].value == R"({"task-count":1})");
}
