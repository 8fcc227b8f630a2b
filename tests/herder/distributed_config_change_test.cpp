// A connector config change on the distributed herder, found by the REST fuzz run
// (integration-tests/rest-fuzz): a PUT that gave a running sink connector a source class restarted
// its task at once with the new class and the old (sink) task config, so the task FAILED ("Missing
// required configuration") until the new task configs arrived and restarted it again. Kafka
// restarts tasks on the task-config update only; a same-class change (new converters) still
// restarts them at once
// (Copycat's stand-in for Kafka's re-written task configs, KAFKA-9228).
#include <catch2/catch.hpp>

#include <algorithm>

#include "distributed_test_support.hpp"

using namespace copycat;
using namespace copycat::herder;
using namespace copycat::herder::testing;
namespace co = copycat::coordination;

namespace {

long starts_of(const fake_worker& worker, const std::string& task) {
    const auto calls = worker.calls();
    return std::count(calls.begin(), calls.end(), "start_task " + task);
}

string_map sink_config(const std::string& name) {
    return {{"name", name}, {"connector.class", "TestSink"}, {"tasks.max", "1"}, {"topics", "events"}};
}

}  // namespace

TEST_CASE_METHOD(distributed_fixture, "a connector that changes class restarts its tasks once, with the new configs") {
    assign({});
    REQUIRE(put("conn", sink_config("conn")).ok());
    assign({{"conn"}, {}});
    REQUIRE(eventually([&] { return configs.snapshot()->tasks("conn").size() == 1; }));
    assign({{}, {{"conn", 0}}});
    REQUIRE(eventually([&] { return worker.running_tasks().size() == 1; }));

    worker.clear_calls();
    REQUIRE(put("conn", source_config("conn", 1), true).ok());
    // The new connector's task config (with "topic") reaches the snapshot ...
    REQUIRE(eventually([&] {
        const auto snapshot = configs.snapshot();  // task_config() points into it
        const string_map* task = snapshot->task_config("conn", 0);
        return task != nullptr && task->contains("topic");
    }));
    // ... and once the herder's loop has handled everything before this read, the task has been
    // started exactly once since the change: with the new task config.
    REQUIRE(eventually([&] { return starts_of(worker, "conn-0") >= 1; }));
    REQUIRE(await<std::vector<std::string>>([&](auto cb) { herder->connectors(cb); }).ok());
    CHECK(starts_of(worker, "conn-0") == 1);
}

TEST_CASE_METHOD(distributed_fixture,
                 "a same-class change that leaves the task configs alone restarts the tasks at once") {
    assign({});
    REQUIRE(put("src", source_config("src", 1)).ok());
    assign({{"src"}, {}});
    REQUIRE(eventually([&] { return configs.snapshot()->tasks("src").size() == 1; }));
    assign({{}, {{"src", 0}}});
    REQUIRE(eventually([&] { return worker.running_tasks().size() == 1; }));

    worker.clear_calls();
    string_map changed = source_config("src", 1);
    changed["errors.log.enable"] = "true";
    REQUIRE(put("src", changed, true).ok());
    REQUIRE(eventually([&] { return starts_of(worker, "src-0") == 1; }));
}
