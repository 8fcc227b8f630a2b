// The sink task's error handling against a fake consumer and a fake dead-letter queue: bad
// records dead-lettered with their original bytes, offsets committed only once the DLQ writes
// are acknowledged, errors.tolerance=none, retries that succeed, and retries cut short by a stop.
#include <catch2/catch.hpp>

#include <atomic>

#include "copycat/errors.hpp"
#include "runtime/fake_dlq_output.hpp"
#include "runtime/fake_sink_consumer.hpp"
#include "runtime/test_plugins.hpp"
#include "runtime/worker_sink_task.hpp"

using namespace copycat;
using namespace copycat::runtime;
using namespace std::chrono_literals;

namespace {

constexpr auto deadline = 10s;
const topic_partition a0{"a", 0};

loader::plugin_registry& registry() {
    static loader::plugin_registry r = [] {
        loader::plugin_registry out;
        testing::register_test_plugins(out);
        return out;
    }();
    return r;
}

std::string unique(const std::string& prefix) {
    static std::atomic<int> n{0};
    return prefix + "-" + std::to_string(++n);
}

string_map json_values(string_map extra = {}) {
    string_map config{{"connector.class", "test.CollectingSink"},
                      {"topics", "a"},
                      {"key.converter", "org.apache.kafka.connect.storage.StringConverter"},
                      {"value.converter", "org.apache.kafka.connect.json.JsonConverter"},
                      {"value.converter.schemas.enable", "false"}};
    for (auto& [k, v] : extra) config.insert_or_assign(k, v);
    return config;
}

// A sink task on a fake consumer; with `dlq` set, its dead-letter queue writes to a fake output.
// Every test runs twice (GENERATE): the task on a thread of its own, and in turns on a task pool.
struct fixture {
    testing::recording_listener listener;
    testing::fake_sink_consumer* consumer = nullptr;
    std::shared_ptr<testing::fake_dlq_output> dlq;
    copycat::thread_pool pool{2, "test-task-pool"};  // outlives the task's turns
    std::shared_ptr<worker_sink_task> task;
    task_id id{unique("dlq-sink"), 0};
    std::string collector_name = unique("sink-errors-collector");
    const bool pooled = GENERATE(false, true);

    fixture(const string_map& connector_config, bool with_dlq, bool auto_acknowledge = true,
            std::chrono::milliseconds flush_interval = 20ms) {
        string_map task_config = connector_config;
        task_config["collector"] = collector_name;
        worker_config worker;
        auto entry = registry().find(pooled ? "test.NonBlockingCollectingSink" : "test.CollectingSink",
                                     {plugin_kind::sink_connector});
        REQUIRE(entry.ok());
        auto converters = task_converters::create(registry(), connector_config, worker);
        REQUIRE(converters.ok());
        auto transforms = transformation_chain::create(registry(), connector_config);
        REQUIRE(transforms.ok());
        auto fake = std::make_unique<testing::fake_sink_consumer>();
        consumer = fake.get();
        auto errors = record_error_handler::from_config(connector_config);
        errors.classes.value_converter = "org.apache.kafka.connect.json.JsonConverter";
        std::function<result<std::unique_ptr<dead_letter_queue_reporter>>(std::shared_ptr<error_handling_counters>)>
            make_dlq;
        if (with_dlq) {
            dlq = std::make_shared<testing::fake_dlq_output>(auto_acknowledge);
            make_dlq = [output = dlq, settings = dead_letter_queue_settings::from_config(connector_config),
                        id = id](std::shared_ptr<error_handling_counters> counters) {
                return result<std::unique_ptr<dead_letter_queue_reporter>>(std::make_unique<dead_letter_queue_reporter>(
                    settings, id, testing::forward_to(output), std::move(counters)));
            };
        }
        worker_sink_task::parts parts{(*entry)->descriptor.create<sink_connector>()->create_task(),
                                      task_config,
                                      std::move(*converters),
                                      std::move(*transforms),
                                      std::move(fake),
                                      std::move(errors),
                                      {"a"},
                                      std::move(make_dlq)};
        task = std::make_shared<worker_sink_task>(id, target_state::started, listener, std::move(parts),
                                                  worker_sink_task::settings{flush_interval, 20ms, 500});
    }

    ~fixture() {
        task->stop();
        task->await_stop(deadline);
        task->release_thread();
    }

    std::shared_ptr<testing::collector> sink() const { return testing::collector_named(collector_name); }

    // Starts the task where the worker would: on the pool when it runs_on_pool().
    void start() {
        REQUIRE(task->runs_on_pool() == pooled);
        testing::start_task(*task, pool);
    }

    void stop() {
        task->stop();
        REQUIRE(task->await_stop(deadline));
        task->release_thread();
    }

    std::int64_t committed() const {
        const auto all = consumer->committed();
        auto it = all.find(a0);
        return it == all.end() ? -1 : it->second;
    }
};

std::string header_of(const testing::fake_dlq_output::stored& r, const std::string& name) {
    for (const auto& [k, v] : r.headers)
        if (k == name) return v.value_or("<null>");
    return "<absent>";
}

}  // namespace

TEST_CASE("sink errors: errors.tolerance=all dead-letters bad records with their original bytes") {
    fixture f(json_values({{"errors.tolerance", "all"},
                           {"errors.deadletterqueue.topic.name", "dlq"},
                           {"errors.deadletterqueue.context.headers.enable", "true"}}),
              true);
    f.consumer->assign({a0});
    f.consumer->append(a0, {"\"good-1\"", "not json", "\"good-2\"", "{broken"});
    f.start();
    REQUIRE(f.sink()->wait_for(2, deadline));
    REQUIRE(testing::eventually([&] { return f.committed() == 4; }, deadline));
    f.stop();
    CHECK(f.sink()->values() == std::vector<std::string>{"good-1", "good-2"});
    const auto dead = f.dlq->records();
    REQUIRE(dead.size() == 2);
    CHECK(dead[0].topic == "dlq");
    CHECK(dead[0].value == std::optional<std::string>("not json"));
    CHECK(dead[1].value == std::optional<std::string>("{broken"));
    CHECK(header_of(dead[0], "__connect.errors.topic") == "a");
    CHECK(header_of(dead[0], "__connect.errors.partition") == "0");
    CHECK(header_of(dead[0], "__connect.errors.offset") == "1");
    CHECK(header_of(dead[1], "__connect.errors.offset") == "3");
    CHECK(header_of(dead[0], "__connect.errors.connector.name") == f.id.connector);
    CHECK(header_of(dead[0], "__connect.errors.task.id") == "0");
    CHECK(header_of(dead[0], "__connect.errors.stage") == "VALUE_CONVERTER");
    CHECK(header_of(dead[0], "__connect.errors.class.name") == "org.apache.kafka.connect.json.JsonConverter");
    CHECK(header_of(dead[0], "__connect.errors.exception.class.name") ==
          "org.apache.kafka.connect.errors.DataException");
    CHECK(header_of(dead[0], "__connect.errors.exception.message")
              .starts_with("Converting byte[] to Kafka Connect data failed due to serialization error"));
    const auto counts = f.task->error_counts();
    CHECK(counts.record_errors == 2);
    CHECK(counts.records_skipped == 2);
    CHECK(counts.dlq_produce_requests == 2);
    CHECK(counts.dlq_produce_failures == 0);
}

TEST_CASE("sink errors: offsets are not committed before the dead-letter writes are acknowledged") {
    fixture f(json_values({{"errors.tolerance", "all"}, {"errors.deadletterqueue.topic.name", "dlq"}}), true,
              /*auto_acknowledge=*/false);
    f.consumer->assign({a0});
    f.consumer->append(a0, {"\"good-1\"", "not json", "\"good-2\""});
    f.start();
    REQUIRE(f.sink()->wait_for(2, deadline));
    REQUIRE(testing::eventually([&] { return f.dlq->records().size() == 1; }, deadline));
    // Several commit intervals pass; the unacknowledged DLQ write holds every commit back.
    const auto commits_tried = [&] {
        int seen = 0;
        for (const auto& e : f.consumer->events()) seen += e.rfind("commit", 0) == 0 ? 1 : 0;
        return seen;
    };
    CHECK_FALSE(testing::eventually([&] { return commits_tried() > 0; }, 300ms));
    CHECK(f.committed() == -1);
    f.dlq->acknowledge_all();
    REQUIRE(testing::eventually([&] { return f.committed() == 3; }, deadline));
}

TEST_CASE("sink errors: errors.tolerance=none fails the task, reports the record, commits nothing past it") {
    fixture f(json_values({{"errors.deadletterqueue.topic.name", "dlq"}}), true);
    f.consumer->assign({a0});
    f.consumer->append(a0, {"\"good-1\""});
    f.start();
    REQUIRE(f.sink()->wait_for(1, deadline));
    REQUIRE(testing::eventually([&] { return f.committed() == 1; }, deadline));
    f.consumer->append(a0, {"not json", "\"good-2\""});
    REQUIRE(f.listener.wait_for_task(f.id, run_state::failed, deadline));
    const auto trace = f.listener.task_trace(f.id);
    CHECK(trace.find("copycat::connect_error: Tolerance exceeded in error handler") == 0);
    CHECK(trace.find("Caused by: copycat::data_error: Converting byte[] to Kafka Connect data failed") !=
          std::string::npos);
    CHECK(f.committed() == 1);
    CHECK(f.sink()->values() == std::vector<std::string>{"good-1"});
    // Kafka reports the failing record before the task fails.
    REQUIRE(f.dlq->records().size() == 1);
    CHECK(f.dlq->records()[0].value == std::optional<std::string>("not json"));
}

TEST_CASE("sink errors: a retriable transformation error is retried until it succeeds") {
    fixture f(json_values({{"value.converter", "org.apache.kafka.connect.storage.StringConverter"},
                           {"transforms", "flaky"},
                           {"transforms.flaky.type", "test.FlakyValue"},
                           {"transforms.flaky.retriable.failures", "3"},
                           {"errors.retry.timeout", "60000"},
                           {"errors.retry.delay.max.ms", "1"}}),
              false);
    f.consumer->assign({a0});
    f.consumer->append(a0, {"x", "y"});
    f.start();
    REQUIRE(f.sink()->wait_for(2, deadline));
    // Retried from the stage's input: no trace of the failed attempts in the record.
    CHECK(f.sink()->values() == std::vector<std::string>{"x", "y"});
    const auto counts = f.task->error_counts();
    CHECK(counts.retries == 3);
    CHECK(counts.record_failures == 3);
    CHECK(counts.record_errors == 0);
}

TEST_CASE("sink errors: a stop ends infinite retries promptly, without skipping or committing the record") {
    fixture f(json_values({{"value.converter", "org.apache.kafka.connect.storage.StringConverter"},
                           {"transforms", "flaky"},
                           {"transforms.flaky.type", "test.FlakyValue"},
                           {"transforms.flaky.retriable.failures", "-1"},
                           {"errors.retry.timeout", "-1"},
                           {"errors.retry.delay.max.ms", "3600000"},
                           {"errors.tolerance", "all"}}),
              false);
    f.consumer->assign({a0});
    f.consumer->append(a0, {"x"});
    f.start();
    REQUIRE(testing::eventually([&] { return f.task->error_counts().record_failures >= 1; }, deadline));
    f.stop();  // within the deadline, although the next retry wait is long
    CHECK(f.listener.task_states(f.id) == std::vector<run_state>{run_state::running, run_state::unassigned});
    CHECK(f.sink()->values().empty());
    CHECK(f.committed() == -1);
    CHECK(f.task->error_counts().records_skipped == 0);
}

TEST_CASE("sink errors: records the task reports through errant_record_reporter() go to the dead-letter queue") {
    fixture f(json_values({{"errors.tolerance", "all"},
                           {"errors.deadletterqueue.topic.name", "dlq"},
                           {"errors.deadletterqueue.context.headers.enable", "true"},
                           {"report.value", "bad"}}),
              true);
    f.consumer->assign({a0});
    f.consumer->append(a0, {"\"good-1\"", "\"bad\"", "\"good-2\""});
    f.start();
    REQUIRE(f.sink()->wait_for(2, deadline));
    REQUIRE(testing::eventually([&] { return f.committed() == 3; }, deadline));
    f.stop();
    CHECK(f.sink()->values() == std::vector<std::string>{"good-1", "good-2"});
    // The record serialized again by the task's converters, with Kafka's error context headers.
    const auto dead = f.dlq->records();
    REQUIRE(dead.size() == 1);
    CHECK(dead[0].topic == "dlq");
    CHECK(dead[0].value == std::optional<std::string>("\"bad\""));
    CHECK(header_of(dead[0], "__connect.errors.topic") == "a");
    CHECK(header_of(dead[0], "__connect.errors.offset") == "1");
    CHECK(header_of(dead[0], "__connect.errors.stage") == "TASK_PUT");
    CHECK(header_of(dead[0], "__connect.errors.class.name") == "org.apache.kafka.connect.sink.SinkTask");
    CHECK(header_of(dead[0], "__connect.errors.exception.message") == "reported by the task");
    CHECK(f.task->error_counts().dlq_produce_requests == 1);
}

TEST_CASE("sink errors: errant_record_reporter() with errors.tolerance=none fails the task") {
    fixture f(json_values({{"errors.deadletterqueue.topic.name", "dlq"}, {"report.value", "bad"}}), true);
    f.consumer->assign({a0});
    f.consumer->append(a0, {"\"bad\""});
    f.start();
    REQUIRE(f.listener.wait_for_task(f.id, run_state::failed, deadline));
    CHECK(f.listener.task_trace(f.id).find("Tolerance exceeded in error handler") != std::string::npos);
    REQUIRE(f.dlq->records().size() == 1);  // reported before the task fails, as in Kafka
}

TEST_CASE("sink errors: without a dead-letter queue or error logging the context offers no reporter") {
    fixture f(json_values({{"errors.tolerance", "all"}, {"report.value", "bad"}}), false);
    f.consumer->assign({a0});
    f.consumer->append(a0, {"\"bad\""});
    f.start();
    REQUIRE(f.listener.wait_for_task(f.id, run_state::failed, deadline));
    CHECK(f.listener.task_trace(f.id).find("no errant record reporter") != std::string::npos);
}
