// The REST operations that cross workers, on a two-worker cluster of `copycat distributed`
// processes against the real broker: task statuses read on either worker, restarts with
// includeTasks/onlyFailed and single-task restarts sent to a worker that does not run the work,
// and the KIP-875 offsets, KIP-558 topics and KIP-976 cluster log levels.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include "common/json.hpp"
#include "distributed/distributed_workers.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::itest;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

constexpr auto settle_deadline = 90s;
constexpr auto state_deadline = 60s;

json::value parse(const std::string& text) { return *json::parse(text); }

// "FAILED FAILED" etc.: the states of the connector's tasks as worker `via` reports them.
std::string task_states(distributed_workers& cluster, int via, const std::string& connector) {
    std::string out;
    for (const auto& t : cluster.tasks(via, connector)) out += (out.empty() ? "" : " ") + t.state;
    return out;
}

// The worker (index) that runs task `task` of the connector, by its status.
int owner_of(distributed_workers& cluster, const std::string& connector, int task) {
    for (const auto& t : cluster.tasks(0, connector))
        if (t.id == task) return cluster.index_of(t.worker_id).value_or(-1);
    return -1;
}

json::value offsets_of(distributed_workers& cluster, int via, const std::string& connector) {
    auto r = cluster.call(via, "GET", "/connectors/" + connector + "/offsets");
    return r.status == 200 ? r.json() : json::value();
}

}  // namespace

TEST_CASE("task statuses and restarts across two workers", "[cluster]") {
    distributed_workers cluster({.workers = 2, .extra_properties = ""});
    logs_on_failure logs(cluster);
    REQUIRE(poll_until(settle_deadline, [&] { return cluster.leader().has_value(); }));
    const int leader = *cluster.leader();
    const int follower = 1 - leader;

    // A sink whose directory does not exist yet: both tasks fail to start.
    const fs::path out_dir = cluster.dir().path() / "later";
    const std::string snk = unique_name("restart-sink");  // its consumer group is connect-<name>
    const std::string topic = unique_name("restart-files");
    auto created = cluster.call(follower, "POST", "/connectors",
                                R"({"name":")" + snk +
                                    R"(","config":{"connector.class":"FileStreamSink","tasks.max":"2",)"
                                    R"("file":")" +
                                    (out_dir / "out.txt").string() + R"(","topics":")" + topic + R"("}})");
    REQUIRE(created.status == 201);
    REQUIRE(poll_until(state_deadline, [&] {
        return task_states(cluster, leader, snk) == "FAILED FAILED" &&
               task_states(cluster, follower, snk) == "FAILED FAILED";
    }));

    // GET /connectors/{c}/tasks/{t}/status answers the same on both workers, whoever runs the task.
    for (int task = 0; task < 2; ++task) {
        const std::string path = "/connectors/" + snk + "/tasks/" + std::to_string(task) + "/status";
        auto on_leader = cluster.call(leader, "GET", path);
        auto on_follower = cluster.call(follower, "GET", path);
        REQUIRE(on_leader.status == 200);
        CHECK(on_leader.json() == on_follower.json());
        CHECK(on_leader.json().find("state")->as_string() == "FAILED");
        CHECK(on_leader.json().find("id")->as_int64() == task);
        CHECK_THAT(on_leader.json().find("trace")->as_string(), Catch::Contains("Couldn't find or create file"));
    }
    CHECK(cluster.call(follower, "GET", "/connectors/" + snk + "/tasks/7/status").json() ==
          parse(R"({"error_code":404,"message":"No status found for task )" + snk + R"(-7"})"));

    // onlyFailed: the failed tasks restart, the running connector does not.
    fs::create_directories(out_dir);
    auto restarted =
        cluster.call(follower, "POST", "/connectors/" + snk + "/restart?includeTasks=true&onlyFailed=true");
    INFO(restarted.body);
    REQUIRE(restarted.status == 202);
    REQUIRE(restarted.json().find("tasks") != nullptr);
    CHECK(restarted.json().find("connector")->find("state")->as_string() == "RUNNING");
    const json::value restarted_body = restarted.json();
    for (const json::value& t : restarted_body.find("tasks")->as_array())
        CHECK(t.find("state")->as_string() == "RESTARTING");
    REQUIRE(poll_until(state_deadline, [&] {
        return task_states(cluster, leader, snk) == "RUNNING RUNNING" &&
               cluster.connector_state(follower, snk) == "RUNNING";
    }));

    // Nothing failed: nothing restarts.
    auto nothing = cluster.call(leader, "POST", "/connectors/" + snk + "/restart?includeTasks=true&onlyFailed=true");
    INFO(nothing.body);
    REQUIRE(nothing.status == 202);
    REQUIRE(nothing.json().find("tasks") != nullptr);
    CHECK(nothing.json().find("connector")->find("state")->as_string() == "RUNNING");
    const json::value nothing_body = nothing.json();
    for (const json::value& t : nothing_body.find("tasks")->as_array())
        CHECK(t.find("state")->as_string() == "RUNNING");

    // A task restart sent to the worker that does not run the task is forwarded to its owner.
    const int owner = owner_of(cluster, snk, 0);
    REQUIRE(owner >= 0);
    CHECK(cluster.call(1 - owner, "POST", "/connectors/" + snk + "/tasks/0/restart").status == 204);
    CHECK(cluster.call(1 - owner, "POST", "/connectors/" + snk + "/restart").status == 204);

    // Everything restarts.
    auto all = cluster.call(follower, "POST", "/connectors/" + snk + "/restart?includeTasks=true");
    INFO(all.body);
    REQUIRE(all.status == 202);
    REQUIRE(all.json().find("tasks") != nullptr);
    CHECK(all.json().find("connector")->find("state")->as_string() == "RESTARTING");
    CHECK(all.json().find("tasks")->as_array().size() == 2);
    const json::value all_body = all.json();
    for (const json::value& t : all_body.find("tasks")->as_array()) CHECK(t.find("state")->as_string() == "RESTARTING");
    REQUIRE(poll_until(state_deadline, [&] {
        return cluster.connector_state(leader, snk) == "RUNNING" &&
               task_states(cluster, follower, snk) == "RUNNING RUNNING";
    }));
    CHECK(cluster.call(leader, "POST", "/connectors/nope/restart?includeTasks=true").json() ==
          parse(R"({"error_code":404,"message":"Unknown connector: nope"})"));
}

TEST_CASE("offsets, topics and cluster log levels on a two-worker cluster", "[cluster]") {
    distributed_workers cluster({.workers = 2, .extra_properties = ""});
    logs_on_failure logs(cluster);
    REQUIRE(poll_until(settle_deadline, [&] { return cluster.leader().has_value(); }));
    const int leader = *cluster.leader();
    const int follower = 1 - leader;

    const fs::path input = cluster.dir().path() / "input.txt";
    const std::string src = unique_name("offsets-source");
    std::ofstream(input) << "one\ntwo\nthree\n";  // 14 bytes
    const std::string topic = unique_name("offsets-files");
    REQUIRE(cluster
                .call(follower, "POST", "/connectors",
                      R"({"name":")" + src +
                          R"(","config":{"connector.class":"FileStreamSource","tasks.max":"1",)"
                          R"("file":")" +
                          input.string() + R"(","topic":")" + topic + R"("}})")
                .status == 201);

    // Both workers read the offsets topic and the status topic.
    const auto at = [&](int position) {
        return parse(R"({"offsets":[{"partition":{"filename":")" + input.string() + R"("},"offset":{"position":)" +
                     std::to_string(position) + "}}]}");
    };
    REQUIRE(poll_until(state_deadline, [&] {
        return offsets_of(cluster, leader, src) == at(14) && offsets_of(cluster, follower, src) == at(14);
    }));
    const json::value topics = parse(R"({")" + src + R"(":{"topics":[")" + topic + R"("]}})");
    REQUIRE(poll_until(state_deadline, [&] {
        return cluster.call(leader, "GET", "/connectors/" + src + "/topics").json() == topics &&
               cluster.call(follower, "GET", "/connectors/" + src + "/topics").json() == topics;
    }));

    // Changes go to the leader, also when sent to the follower.
    const std::string rewind =
        R"({"offsets":[{"partition":{"filename":")" + input.string() + R"("},"offset":{"position":4}}]})";
    CHECK(cluster.call(follower, "PATCH", "/connectors/" + src + "/offsets", rewind).status == 400);
    REQUIRE(cluster.call(follower, "PUT", "/connectors/" + src + "/stop").status == 204);
    REQUIRE(poll_until(state_deadline, [&] { return cluster.connector_state(follower, src) == "STOPPED"; }));
    auto altered = cluster.call(follower, "PATCH", "/connectors/" + src + "/offsets", rewind);
    INFO(altered.body);
    CHECK(altered.status == 200);
    CHECK(altered.json() == parse(R"({"message":"The offsets for this connector have been altered successfully"})"));
    REQUIRE(poll_until(state_deadline, [&] {
        return offsets_of(cluster, leader, src) == at(4) && offsets_of(cluster, follower, src) == at(4);
    }));
    auto reset = cluster.call(follower, "DELETE", "/connectors/" + src + "/offsets");
    CHECK(reset.status == 200);
    CHECK(reset.json() == parse(R"({"message":"The offsets for this connector have been reset successfully"})"));
    REQUIRE(
        poll_until(state_deadline, [&] { return offsets_of(cluster, follower, src) == parse(R"({"offsets":[]})"); }));

    // Topics reset through the status topic.
    CHECK(cluster.call(follower, "PUT", "/connectors/" + src + "/topics/reset").status == 202);
    REQUIRE(poll_until(state_deadline, [&] {
        return cluster.call(leader, "GET", "/connectors/" + src + "/topics").json() ==
               parse(R"({")" + src + R"(":{"topics":[]}})");
    }));

    // KIP-976: a cluster-wide level reaches every worker through the config topic.
    auto cluster_level = cluster.call(leader, "PUT", "/admin/loggers/org.apache.kafka.connect.storage?scope=cluster",
                                      R"({"level":"DEBUG"})");
    CHECK(cluster_level.status == 204);
    CHECK(cluster_level.body.empty());
    REQUIRE(poll_until(state_deadline, [&] {
        for (int i : {leader, follower}) {
            auto level = cluster.call(i, "GET", "/admin/loggers/org.apache.kafka.connect.storage");
            if (level.status != 200 || level.json().find("level")->as_string() != "DEBUG") return false;
        }
        return true;
    }));
    // A worker-scope change stays on its worker.
    CHECK(cluster.call(follower, "PUT", "/admin/loggers/org.apache.kafka.connect.cli", R"({"level":"WARN"})").status ==
          200);
    CHECK(
        cluster.call(leader, "GET", "/admin/loggers/org.apache.kafka.connect.cli").json().find("level")->as_string() ==
        "INFO");
}
