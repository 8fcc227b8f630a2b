// A zombie of an exactly-once source task (docs/exactly-once-source.md#zombies): three workers
// with exactly.once.source.support=enabled run a FileStreamSource (exactly.once.support=required);
// the worker running its task is stopped with SIGSTOP for longer than the session timeout (6 s),
// the task moves to another worker and more lines arrive, then the stopped worker gets SIGCONT.
// Its task, which still believes it runs, reads lines the new owner already sent: its transaction
// fails as fenced. A read_committed consumer sees every line exactly once; the resumed worker logs
// the fencing, writes no status record of the task after the new owner's RUNNING, and rejoins the
// group.
#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <thread>

#include "common/json.hpp"
#include "distributed/committed_reader.hpp"
#include "distributed/distributed_workers.hpp"
#include "distributed/topic_reader.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::itest;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

constexpr auto session_timeout = 6s;  // the harness's session.timeout.ms

// The worker id running the connector's only task, as worker i reports it; nullopt otherwise.
std::optional<std::string> task_owner(distributed_workers& cluster, int i, const std::string& connector) {
    const auto tasks = cluster.tasks(i, connector);
    if (tasks.size() != 1 || tasks[0].state != "RUNNING") return std::nullopt;
    return tasks[0].worker_id;
}

}  // namespace

TEST_CASE("exactly-once source: a worker stopped beyond its session timeout comes back as a fenced zombie",
          "[cluster]") {
    distributed_workers cluster({.workers = 3,
                                 .extra_properties = "exactly.once.source.support=enabled\n"
                                                     "scheduled.rebalance.max.delay.ms=0\n"});
    logs_on_failure print_logs(cluster);
    const fs::path input = cluster.dir().path() / "input.txt";
    const std::string topic = unique_name("eos-zombie");
    const std::string source = "eos-zombie";
    const std::string status_key = "status-task-" + source + "-0";

    int appended = 0;
    const auto append = [&](int lines) {
        append_to_file(input, numbered_lines("zombie", appended + 1, lines));
        appended += lines;
    };
    append(1'000);
    const auto created = cluster.call(0, "PUT", "/connectors/" + source + "/config",
                                      R"({"connector.class":"FileStreamSource","tasks.max":"1","file":")" +
                                          input.string() + R"(","topic":")" + topic +
                                          R"(","exactly.once.support":"required"})");
    INFO(created.body);
    REQUIRE(created.status == 201);
    committed_reader reader(topic);
    REQUIRE(poll_until(60s, [&] {
        reader.drain(200ms);
        return reader.records() >= static_cast<std::size_t>(appended);
    }));
    std::optional<int> victim;
    REQUIRE(poll_until(30s, [&] { return (victim = single_task_worker(cluster, source)).has_value(); }));
    const std::string victim_id = cluster.worker_id(*victim);
    const long old_generation = last_joined_generation(cluster.log(*victim));
    const int observer = (*victim + 1) % cluster.size();
    REQUIRE(old_generation >= 0);

    const std::int64_t stopped_ms = wall_clock_ms();
    const auto stopped = std::chrono::steady_clock::now();
    cluster.signal(*victim, SIGSTOP);
    append(1'000);  // read by nobody while the task's worker sleeps

    // The task moves: another worker runs it, and the lines appended meanwhile arrive.
    std::optional<std::string> new_owner;
    const bool moved = poll_until(60s, [&] {
        new_owner = task_owner(cluster, observer, source);
        return new_owner.has_value() && *new_owner != victim_id;
    });
    if (!moved) cluster.signal(*victim, SIGCONT);
    REQUIRE(moved);
    REQUIRE(poll_until(60s, [&] {
        reader.drain(200ms);
        return reader.records() >= static_cast<std::size_t>(appended);
    }));
    append(1'000);
    // The pause outlasts the session timeout whatever the move took.
    std::this_thread::sleep_until(stopped + session_timeout + 2s);
    cluster.signal(*victim, SIGCONT);
    // Lines for both: the new owner and the zombie, whose file position is far behind.
    append(1'000);

    // The zombie's transaction fails as fenced, and it says so.
    const std::string fenced = "was fenced: another worker runs it now";
    const bool logged = poll_until(60s, [&] { return cluster.log(*victim).find(fenced) != std::string::npos; });
    // It rejoins: every worker has joined the same generation, newer than the one the zombie left,
    // and the zombie answers REST requests again.
    long joined = -1;
    const bool rejoined = poll_until(60s, [&] {
        joined = last_joined_generation(cluster.log(*victim));
        if (joined <= old_generation) return false;
        for (int i = 0; i < cluster.size(); ++i)
            if (last_joined_generation(cluster.log(i)) != joined) return false;
        return cluster.call(*victim, "GET", "/connectors").status == 200;
    });
    append(1'000);
    const bool all_arrived = poll_until(60s, [&] {
        reader.drain(200ms);
        return reader.copies().size() >= static_cast<std::size_t>(appended);
    });
    CHECK(reader.read_to_end(30s));
    const auto [missing, duplicated] = reader.count(file_lines(input));
    std::cout << "exactly-once zombie: worker " << *victim << " stopped for "
              << std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - stopped).count()
              << " s in all, task moved to " << *new_owner << "; " << reader.records() << " committed records of "
              << appended << " lines, " << missing << " missing, " << duplicated << " duplicates\n";
    if (!logged || !rejoined) std::cout << "worker logs:\n" << cluster.logs(200);
    CHECK(logged);
    CHECK(rejoined);
    CHECK(all_arrived);
    CHECK(missing == 0);
    CHECK(duplicated == 0);
    CHECK(reader.records() == static_cast<std::size_t>(appended));

    // The task's status records: once the new owner wrote RUNNING, none from the zombie.
    bool new_owner_running = false;
    for (const auto& r : read_topic(cluster.status_topic())) {
        if (r.key != status_key || !r.value || r.timestamp_ms < stopped_ms) continue;
        auto value = json::parse(*r.value);
        REQUIRE(value.ok());
        const json::value* worker = value->find("worker_id");
        const json::value* state = value->find("state");
        REQUIRE(worker != nullptr);
        REQUIRE(state != nullptr);
        INFO("status record " << *r.value << " at " << r.timestamp_ms - stopped_ms << " ms after the SIGSTOP");
        const json::value* generation = value->find("generation");
        if (worker->as_string() == *new_owner && state->as_string() == "RUNNING") new_owner_running = true;
        // Only a task the rejoined worker was given again may report, as RUNNING at a new generation.
        if (new_owner_running && worker->as_string() == victim_id) {
            CHECK(state->as_string() == "RUNNING");
            CHECK((generation != nullptr && generation->as_int64() > old_generation));
        }
    }
    CHECK(new_owner_running);
    // Every worker shows the task RUNNING on a worker other than the zombie... or the zombie, had
    // the group given the task back to it after it rejoined: then on the same worker everywhere.
    std::optional<std::string> agreed;
    CHECK(poll_until(30s, [&] {
        agreed = task_owner(cluster, 0, source);
        if (!agreed) return false;
        for (int i = 1; i < cluster.size(); ++i)
            if (task_owner(cluster, i, source) != agreed) return false;
        return true;
    }));
}
