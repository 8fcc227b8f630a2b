// A source task built by the task_factory with topic.creation.* keys, against librdkafka's mock
// cluster: a topic that exists is used as it is, and invalid keys fail the task's creation unless
// the worker has topic.creation.enable=false. (The mock cluster does not answer CreateTopics; the
// creation itself is tested in topic_creator_test.cpp and the cluster test
// integration-tests/standalone/topic_creation_test.cpp.)
#include <catch2/catch.hpp>

#include "runtime/task_factory.hpp"
#include "runtime/test_plugins.hpp"
#include "runtime/worker_source_task.hpp"

using namespace copycat::runtime;
using namespace std::chrono_literals;
namespace testing = copycat::testing;

namespace {

// A CountingSource config writing a, b, c to `topic`, its default group as given.
string_map creating_config(const task_id& id, const std::string& topic, const std::string& replication_factor) {
    return {{"name", id.connector},
            {"connector.class", "test.CountingSource"},
            {"topic", topic},
            {"values", "a,b,c"},
            {"source.partition", testing::unique_name("p")},
            {"topic.creation.default.replication.factor", replication_factor},
            {"topic.creation.default.partitions", "3"}};
}

}  // namespace

TEST_CASE("source topic creation: an existing topic is written as it is") {
    testing::task_environment env;
    const task_id id{testing::unique_name("creating-src"), 0};
    const std::string topic = testing::unique_name("existing");
    REQUIRE(env.cluster.create_topic(topic, 1).ok());
    const auto config = creating_config(id, topic, "1");
    task_factory factory(env.config, env.registry, env.offsets, env.listener);
    auto made = factory.create(id, config, config, target_state::started);
    INFO((made.ok() ? std::string("created") : made.err().describe()));
    REQUIRE(made.ok());
    auto task = std::dynamic_pointer_cast<worker_source_task>(*made);
    REQUIRE(task);
    task->start();
    CHECK(testing::eventually([&] { return task->records_acked() == 3; }, 20s));
    CHECK(env.listener.task_states(id).back() == run_state::running);
    testing::stop_task(task, 20s);
}

TEST_CASE("source topic creation: invalid topic.creation keys fail the task's creation") {
    testing::task_environment env;
    const task_id id{testing::unique_name("invalid-src"), 0};
    const auto bad = creating_config(id, testing::unique_name("never"), "0");
    task_factory factory(env.config, env.registry, env.offsets, env.listener);
    auto made = factory.create(id, bad, bad, target_state::started);
    REQUIRE_FALSE(made.ok());
    CHECK_THAT(made.err().message, Catch::StartsWith("Invalid value 0 for configuration replication.factor: "));

    env.config.topic_creation_enable = false;  // the keys are not looked at
    task_factory ignoring(env.config, env.registry, env.offsets, env.listener);
    auto ignored = ignoring.create(id, bad, bad, target_state::started);
    INFO((ignored.ok() ? std::string("created") : ignored.err().describe()));
    CHECK(ignored.ok());
}
