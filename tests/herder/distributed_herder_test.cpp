// The distributed herder's flows without Kafka: its config and status stores sit on in-memory logs,
// the group is simulated by handing it assignments, and the worker is a fake. Covers the leader's
// writes, a follower's redirect, a write waiting for a rebalance, task-config generation by the
// connector's owner, and a shrinking tasks.max that restarts no surviving task.
#include <catch2/catch.hpp>

#include <algorithm>

#include "distributed_test_support.hpp"

using namespace copycat;
using namespace copycat::herder;
using namespace copycat::herder::testing;
using namespace std::chrono_literals;
namespace co = copycat::coordination;

namespace {

co::work_set tasks_of(const std::string& connector, std::initializer_list<int> ids) {
    co::work_set w;
    for (int id : ids) w.tasks.push_back({connector, id});
    return w;
}

}  // namespace

TEST_CASE_METHOD(distributed_fixture, "a write before the first rebalance waits, then answers 409") {
    auto created = put("src", source_config("src", 2));
    REQUIRE_FALSE(created.ok());
    CHECK(created.err().code == make_error_code(errc::conflict));
    CHECK_THAT(created.err().message, Catch::Contains("rebalance"));
}

TEST_CASE_METHOD(distributed_fixture, "a write waiting for a rebalance runs once the group settles") {
    auto promise = std::make_shared<std::promise<outcome<created_connector>>>();
    auto answer = promise->get_future();
    herder->put_connector_config("src", source_config("src", 1), std::nullopt, false,
                                 [promise](outcome<created_connector> r) { promise->set_value(std::move(r)); });
    assign({});
    REQUIRE(answer.wait_for(10s) == std::future_status::ready);
    auto created = answer.get();
    REQUIRE(created.ok());
    CHECK(created->created);
    CHECK(configs.snapshot()->contains("src"));
}

TEST_CASE_METHOD(distributed_fixture, "a follower redirects writes to the leader and serves reads itself") {
    assign({}, {}, "member-2", "http://10.0.0.2:8083/");
    auto created = put("src", source_config("src", 1));
    REQUIRE(created.forwarded() != nullptr);
    CHECK(created.forwarded()->url == "http://10.0.0.2:8083/");
    auto names = await<std::vector<std::string>>([&](auto cb) { herder->connectors(cb); });
    REQUIRE(names.ok());
    CHECK(names->empty());
}

TEST_CASE_METHOD(distributed_fixture, "the owner of a connector generates its task configs; shrinking keeps survivors") {
    assign({});
    REQUIRE(put("src", source_config("src", 3)).ok());
    assign({{"src"}, {}});  // the connector instance lands here
    REQUIRE(eventually([&] { return configs.snapshot()->tasks("src").size() == 3; }));
    assign(tasks_of("src", {0, 1, 2}));
    REQUIRE(eventually([&] { return worker.running_tasks().size() == 3; }));
    REQUIRE(eventually([&] { return statuses.tasks("src").size() == 3; }));
    for (const auto& t : statuses.tasks("src")) CHECK(t.status.worker_id == test_worker_id);

    worker.clear_calls();
    REQUIRE(put("src", source_config("src", 1), true).ok());
    REQUIRE(eventually([&] { return configs.snapshot()->tasks("src").size() == 1; }));
    assign({}, tasks_of("src", {1, 2}));  // the leader revokes the deleted tasks
    REQUIRE(eventually([&] { return worker.running_tasks().size() == 1; }));
    CHECK(worker.running_tasks().contains(task_id{"src", 0}));
    for (const std::string& call : worker.calls()) CHECK_THAT(call, !Catch::Contains("src-0"));
    // The deleted tasks keep no status.
    REQUIRE(eventually([&] { return statuses.tasks("src").size() == 1; }));
}

TEST_CASE_METHOD(distributed_fixture, "deleting a connector stops its work and removes its statuses") {
    assign({});
    REQUIRE(put("src", source_config("src", 1)).ok());
    assign({{"src"}, {}});
    REQUIRE(eventually([&] { return configs.snapshot()->tasks("src").size() == 1; }));
    assign(tasks_of("src", {0}));
    REQUIRE(eventually([&] { return worker.running_tasks().size() == 1; }));

    auto deleted = await<void>([&](auto cb) { herder->delete_connector_config("src", cb); });
    REQUIRE(deleted.ok());
    REQUIRE(eventually([&] { return worker.running_tasks().empty() && !worker.is_connector_running("src"); }));
    REQUIRE(eventually([&] { return !statuses.get("src").has_value() && statuses.tasks("src").empty(); }));
    auto status = await<connector_state_info>([&](auto cb) { herder->connector_status("src", cb); });
    REQUIRE_FALSE(status.ok());
    CHECK(status.err().code == make_error_code(errc::not_found));
}

// GET /health answers 200 only while is_ready(): Kubernetes' readiness probe (deploy/k8s) relies on
// that meaning "joined the group", and on it dropping as soon as a graceful stop begins.
TEST_CASE_METHOD(distributed_fixture, "the herder is ready once it joined the group, and no longer once it stops") {
    CHECK_FALSE(herder->is_ready());  // started and reading its topics, no assignment yet
    assign({});
    REQUIRE(eventually([&] { return herder->is_ready(); }));
    herder->stop();
    CHECK_FALSE(herder->is_ready());
}
