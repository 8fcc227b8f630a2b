// The distributed herder's flows without Kafka: its config and status stores sit on in-memory logs,
// the group is simulated by handing it assignments, and the worker is a fake. Covers the leader's
// writes, a follower's redirect, a write waiting for a rebalance, task-config generation by the
// connector's owner, and a shrinking tasks.max that restarts no surviving task.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <memory>
#include <thread>

#include "fake_worker.hpp"
#include "herder/cluster_status_store.hpp"
#include "herder/distributed_herder.hpp"
#include "herder/status_recorder.hpp"
#include "herder_test_support.hpp"
#include "loader/plugin_registry.hpp"
#include "storage/config_listener_relay.hpp"
#include "storage/kafka_config_store.hpp"
#include "storage/kafka_status_store.hpp"
#include "storage/memory_record_log.hpp"
#include "test_plugins.hpp"

using namespace copycat;
using namespace copycat::herder;
using namespace copycat::herder::testing;
using namespace std::chrono_literals;
namespace co = copycat::coordination;

namespace {

constexpr const char* self_id = "member-1";
constexpr const char* self_url = "http://127.0.0.1:8083/";

bool eventually(const std::function<bool()>& done) {
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    while (std::chrono::steady_clock::now() < deadline) {
        if (done()) return true;
        std::this_thread::sleep_for(5ms);
    }
    return done();
}

struct distributed_fixture {
    loader::plugin_registry plugins;
    storage::config_listener_relay relay;
    storage::kafka_config_store configs{std::make_unique<storage::memory_record_log>(), relay};
    storage::kafka_status_store status_topic{std::make_unique<storage::memory_record_log>()};
    cluster_status_store statuses{status_topic, test_worker_id};
    status_recorder recorder{statuses};
    fake_worker worker{recorder};
    std::unique_ptr<distributed_herder> herder;
    std::int32_t generation = 0;

    distributed_fixture() {
        register_test_plugins(plugins);
        REQUIRE(configs.start().ok());
        REQUIRE(status_topic.start().ok());
        herder = std::make_unique<distributed_herder>(
            worker, plugins, configs, statuses,
            distributed_herder_options{.kafka_cluster_id = "test-cluster-id", .url = self_url, .write_wait = 300ms});
        relay.connect(herder.get());
        recorder.on_reconfiguration([this](const std::string& c) { herder->request_task_reconfiguration(c); });
        herder->start();
    }
    ~distributed_fixture() {
        herder->stop();
        relay.connect(nullptr);
        recorder.on_reconfiguration(nullptr);
    }

    // Hands the herder a completed rebalance, as the coordinator would.
    void assign(co::work_set assigned, co::work_set revoked = {}, const std::string& leader = self_id,
                const std::string& leader_url = self_url) {
        co::connect_assignment a;
        a.leader = leader;
        a.leader_url = leader_url;
        a.config_offset = configs.offset();
        a.assigned = std::move(assigned);
        a.revoked = std::move(revoked);
        herder->on_assignment(a, a.assigned, ++generation, self_id, co::connect_protocol::sessioned);
    }

    result<created_connector> put(const std::string& name, string_map config, bool allow_replace = false) {
        return await<created_connector>(
            [&](auto cb) { herder->put_connector_config(name, std::move(config), std::nullopt, allow_replace, cb); });
    }

    static string_map source_config(const std::string& name, int tasks) {
        return {{"name", name}, {"connector.class", "TestSource"}, {"tasks.max", std::to_string(tasks)},
                {"topic", "events"}};
    }
};

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
    auto promise = std::make_shared<std::promise<result<created_connector>>>();
    auto answer = promise->get_future();
    herder->put_connector_config("src", source_config("src", 1), std::nullopt, false,
                                 [promise](result<created_connector> r) { promise->set_value(std::move(r)); });
    assign({});
    REQUIRE(answer.wait_for(10s) == std::future_status::ready);
    auto created = answer.get();
    REQUIRE(created.ok());
    CHECK(created->created);
    CHECK(configs.snapshot().contains("src"));
}

TEST_CASE_METHOD(distributed_fixture, "a follower redirects writes to the leader and serves reads itself") {
    assign({}, {}, "member-2", "http://10.0.0.2:8083/");
    auto created = put("src", source_config("src", 1));
    REQUIRE_FALSE(created.ok());
    CHECK(created.err().code == make_error_code(errc::request_target));
    CHECK(created.err().message == "http://10.0.0.2:8083/");
    auto names = await<std::vector<std::string>>([&](auto cb) { herder->connectors(cb); });
    REQUIRE(names.ok());
    CHECK(names->empty());
}

TEST_CASE_METHOD(distributed_fixture, "the owner of a connector generates its task configs; shrinking keeps survivors") {
    assign({});
    REQUIRE(put("src", source_config("src", 3)).ok());
    assign({{"src"}, {}});  // the connector instance lands here
    REQUIRE(eventually([&] { return configs.snapshot().tasks("src").size() == 3; }));
    assign(tasks_of("src", {0, 1, 2}));
    REQUIRE(eventually([&] { return worker.running_tasks().size() == 3; }));
    REQUIRE(eventually([&] { return statuses.tasks("src").size() == 3; }));
    for (const auto& t : statuses.tasks("src")) CHECK(t.status.worker_id == test_worker_id);

    worker.clear_calls();
    REQUIRE(put("src", source_config("src", 1), true).ok());
    REQUIRE(eventually([&] { return configs.snapshot().tasks("src").size() == 1; }));
    assign({}, tasks_of("src", {1, 2}));  // the leader revokes the deleted tasks
    REQUIRE(eventually([&] { return worker.running_tasks().size() == 1; }));
    CHECK(worker.running_tasks().contains(runtime::task_id{"src", 0}));
    for (const std::string& call : worker.calls()) CHECK_THAT(call, !Catch::Contains("src-0"));
    // The deleted tasks keep no status.
    REQUIRE(eventually([&] { return statuses.tasks("src").size() == 1; }));
}

TEST_CASE_METHOD(distributed_fixture, "deleting a connector stops its work and removes its statuses") {
    assign({});
    REQUIRE(put("src", source_config("src", 1)).ok());
    assign({{"src"}, {}});
    REQUIRE(eventually([&] { return configs.snapshot().tasks("src").size() == 1; }));
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
