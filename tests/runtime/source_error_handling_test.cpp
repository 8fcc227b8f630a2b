// The source task's error handling, built by the task_factory against librdkafka's mock cluster:
// retriable transformation errors retried within errors.retry.timeout, a stop that ends
// retries, and the dead-letter queue keys, which source connectors ignore (as Kafka does).
#include <catch2/catch.hpp>

#include <atomic>

#include "kafka/rdkafka/mock_cluster.hpp"
#include "runtime/task_factory.hpp"
#include "runtime/test_plugins.hpp"
#include "runtime/worker_source_task.hpp"
#include "storage/memory_offset_store.hpp"

using namespace copycat;
using namespace copycat::runtime;
using namespace std::chrono_literals;

namespace {

constexpr auto deadline = 20s;

using testing::unique_name;

struct fixture : testing::task_environment {
    std::shared_ptr<worker_source_task> task;
    task_id id{unique_name("flaky-src"), 0};
    std::string source_partition = unique_name("flaky-partition");

    explicit fixture(const string_map& extra) {
        config.offset_flush_interval = 50ms;
        const auto topic = unique_name("flaky-topic");
        REQUIRE(cluster.create_topic(topic, 1).ok());
        string_map connector_config{{"name", id.connector},
                                    {"connector.class", "test.CountingSource"},
                                    {"topic", topic},
                                    {"values", "a,b,c"},
                                    {"source.partition", source_partition},
                                    {"transforms", "flaky"},
                                    {"transforms.flaky.type", "test.FlakyValue"}};
        for (const auto& [k, v] : extra) connector_config.insert_or_assign(k, v);
        task_factory factory(config, registry, offsets, listener);
        auto made = factory.create(id, connector_config, connector_config, target_state::started);
        INFO((made.ok() ? std::string("created") : made.err().describe()));
        REQUIRE(made.ok());
        task = std::dynamic_pointer_cast<worker_source_task>(*made);
        REQUIRE(task);
    }

    ~fixture() { testing::stop_task(task, deadline); }
};

}  // namespace

TEST_CASE("source errors: retriable transformation errors are retried and every record is sent") {
    fixture f({{"transforms.flaky.retriable.failures", "2"},
               {"errors.retry.timeout", "60000"},
               {"errors.retry.delay.max.ms", "1"},
               // A sink key: source connectors ignore it, as in Kafka.
               {"errors.deadletterqueue.topic.name", "ignored-dlq"}});
    f.task->start();
    REQUIRE(testing::eventually([&] { return f.task->records_acked() == 3; }, deadline));
    const auto counts = f.task->error_counts();
    CHECK(counts.retries == 2);
    CHECK(counts.record_failures == 2);
    CHECK(counts.record_errors == 0);
    CHECK(counts.dlq_produce_requests == 0);
    CHECK(f.listener.task_states(f.id).back() == run_state::running);
}

TEST_CASE("source errors: retries that run out follow errors.tolerance") {
    fixture f(string_map{{"transforms.flaky.retriable.failures", "-1"}});  // errors.retry.timeout=0: no retry
    f.task->start();
    REQUIRE(f.listener.wait_for_task(f.id, run_state::failed, deadline));
    CHECK(f.listener.task_trace(f.id) ==
          "copycat::connect_error: Tolerance exceeded in error handler\nCaused by: copycat::retriable_error: not yet");
    CHECK(f.task->error_counts().record_errors == 1);
}

TEST_CASE("source errors: a stop ends infinite retries and the record is neither sent nor committed") {
    fixture f(
        {{"transforms.flaky.retriable.failures", "-1"}, {"errors.retry.timeout", "-1"}, {"errors.tolerance", "all"}});
    f.task->start();
    REQUIRE(testing::eventually([&] { return f.task->error_counts().record_failures >= 1; }, deadline));
    f.task->stop();
    REQUIRE(f.task->await_stop(deadline));
    CHECK(f.listener.task_states(f.id) == std::vector<run_state>{run_state::running, run_state::unassigned});
    CHECK(f.task->records_acked() == 0);
    CHECK(f.task->error_counts().records_skipped == 0);
    CHECK(testing::source_acks(f.source_partition) == 0);
}
