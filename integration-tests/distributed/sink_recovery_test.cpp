// How soon a sink connector consumes again when the worker running its task goes away
// (docs/group-protocol.md#sink-recovery): two workers, a one-task FileStreamSink, and a record
// produced right after the worker running the task is killed (SIGKILL) or stopped (SIGTERM).
//
// - Killed: the task's consumer never leaves its group, so the broker holds the task's partitions
//   until the consumer's session.timeout.ms runs out; the group of workers reassigns the task once
//   the worker's own session expired (scheduled.rebalance.max.delay.ms=0 here). The record must
//   reach the sink file within the consumer's session timeout + 10 s.
// - Stopped: the consumer leaves its group as the task stops, so the partitions move at once,
//   long before the session timeout.
// Both figures are printed.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>

#include "distributed/distributed_workers.hpp"
#include "kafka/rdkafka/admin_client.hpp"
#include "kafka/rdkafka/producer.hpp"
#include "support/broker_client.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::itest;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

using clock_type = std::chrono::steady_clock;

constexpr auto consumer_session_timeout = 20s;

void produce(const std::string& topic, const std::string& value) {
    auto p = rdkafka::producer::create(broker_client_config());
    REQUIRE(p.ok());
    REQUIRE(p->produce({.topic = topic, .value = value}).ok());
    REQUIRE(p->flush(30s).ok());
}

bool delivered(const fs::path& file, const std::string& line) {
    for (const auto& l : file_lines(file))
        if (l == line) return true;
    return false;
}

// The worker running the connector's only task, once it is RUNNING on a running worker.
std::optional<int> task_worker(distributed_workers& cluster, const std::string& connector) {
    for (int i = 0; i < 2; ++i) {
        if (!cluster.running(i)) continue;
        const auto tasks = cluster.tasks(i, connector);
        if (tasks.size() != 1 || tasks[0].state != "RUNNING") return std::nullopt;
        return cluster.index_of(tasks[0].worker_id);
    }
    return std::nullopt;
}

// Produces `value` and returns the seconds until the sink file holds it (or fails after 120 s).
double seconds_to_deliver(const std::string& topic, const fs::path& output, const std::string& value,
                          clock_type::time_point since) {
    produce(topic, value);
    REQUIRE(poll_until(120s, [&] { return delivered(output, value); }));
    return std::chrono::duration<double>(clock_type::now() - since).count();
}

}  // namespace

TEST_CASE("a sink task consumes again within its consumer's session timeout after its worker dies", "[cluster]") {
    distributed_workers cluster(
        {.workers = 2,
         .extra_properties = "scheduled.rebalance.max.delay.ms=0\n"
                             "consumer.session.timeout.ms=" +
                             std::to_string(std::chrono::milliseconds(consumer_session_timeout).count()) +
                             "\nconsumer.heartbeat.interval.ms=2000\n"});
    logs_on_failure print_logs(cluster);
    const std::string topic = unique_name("sink-recovery");
    const fs::path output = cluster.dir().path() / "output.txt";
    {
        auto admin = rdkafka::admin_client::create(broker_client_config());
        REQUIRE(admin.ok());
        REQUIRE(admin->create_topic({.name = topic, .partitions = 1, .replication_factor = 1}, 30s).ok());
    }
    REQUIRE(cluster
                .call(0, "PUT", "/connectors/sink/config",
                      R"({"connector.class":"FileStreamSink","tasks.max":"1","file":")" + output.string() +
                          R"(","topics":")" + topic + R"("})")
                .status == 201);
    std::optional<int> owner;
    REQUIRE(poll_until(60s, [&] { return (owner = task_worker(cluster, "sink")).has_value(); }));
    seconds_to_deliver(topic, output, "before the kill", clock_type::now());

    const auto killed_at = clock_type::now();
    cluster.kill(*owner);
    const double after_kill = seconds_to_deliver(topic, output, "after the kill", killed_at);
    std::cout << "sink recovery: consuming again " << after_kill << " s after SIGKILL of its worker (consumer "
              << "session.timeout.ms=" << std::chrono::milliseconds(consumer_session_timeout).count()
              << ", worker session.timeout.ms=6000, scheduled.rebalance.max.delay.ms=0)\n";
    CHECK(after_kill <= std::chrono::duration<double>(consumer_session_timeout + 10s).count());

    cluster.start(*owner);
    REQUIRE(poll_until(60s, [&] { return (owner = task_worker(cluster, "sink")).has_value(); }));
    seconds_to_deliver(topic, output, "before the stop", clock_type::now());
    const auto stopped_at = clock_type::now();
    CHECK(cluster.stop(*owner) == 0);
    const double after_stop = seconds_to_deliver(topic, output, "after the stop", stopped_at);
    std::cout << "sink recovery: consuming again " << after_stop << " s after SIGTERM of its worker\n";
    // The consumer left its group: nothing waited for its session to expire.
    CHECK(after_stop < std::chrono::duration<double>(consumer_session_timeout / 2).count());
}
