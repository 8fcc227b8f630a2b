// Task and worker metrics as the task loops record them: a source task against librdkafka's
// in-process mock cluster, a sink task against the fake consumer, and the worker's connectors and
// tasks by state. The values are read from the registry the way GET /metrics does.
#include <catch2/catch.hpp>

#include <atomic>
#include <cmath>

#include "common/metrics.hpp"
#include "kafka/rdkafka/mock_cluster.hpp"
#include "runtime/fake_sink_consumer.hpp"
#include "runtime/test_plugins.hpp"
#include "runtime/worker.hpp"
#include "runtime/worker_metrics.hpp"
#include "runtime/worker_sink_task.hpp"
#include "storage/memory_offset_store.hpp"

using namespace copycat;
using namespace copycat::runtime;
using namespace std::chrono_literals;

namespace {

constexpr auto deadline = 20s;
const std::string string_converter = "org.apache.kafka.connect.storage.StringConverter";

std::string unique(const std::string& prefix) {
    static std::atomic<int> n{0};
    return prefix + "-metrics-" + std::to_string(++n);
}

metrics::labels task_labels(const task_id& id) {
    return {{"connector", id.connector}, {"task", std::to_string(id.task)}};
}

metrics::labels commit_labels(const task_id& id, const char* result) {
    auto l = task_labels(id);
    l.emplace_back("result", result);
    return l;
}

double state_count(const metrics::registry& r, const char* family, const char* state) {
    return r.value_of(family, {{"state", state}});
}

}  // namespace

TEST_CASE("source task metrics move per batch and worker metrics count tasks by state") {
    auto cluster = rdkafka::mock_cluster::create();
    REQUIRE(cluster.ok());
    loader::plugin_registry plugins;
    testing::register_test_plugins(plugins);
    storage::memory_offset_store offsets;
    testing::recording_listener recorder;
    metrics::registry registry;
    worker_metrics counting(recorder, registry);

    worker_config config;
    config.bootstrap_servers = cluster->bootstrap_servers();
    config.key_converter = string_converter;
    config.value_converter = string_converter;
    config.offset_flush_interval = 100ms;
    config.originals = {{"producer.linger.ms", "5"}};
    config.metrics = &registry;
    worker w(config, plugins, offsets, counting);
    counting.attach(&w);
    CHECK(state_count(registry, "copycat_worker_tasks", "running") == 0);
    CHECK(registry.value_of("copycat_worker_uptime_seconds") >= 0);

    const auto name = unique("src");
    const auto topic = unique("topic");
    REQUIRE(cluster->create_topic(topic, 1).ok());
    const string_map connector = {{"name", name},       {"connector.class", "test.CountingSource"},
                                  {"topic", topic},     {"records", "25"},
                                  {"batch.size", "10"}, {"source.partition", name + "-p"}};
    REQUIRE(w.start_connector(name, connector, target_state::started).ok());
    auto task_configs = w.connector_task_configs(name);
    REQUIRE(task_configs.ok());
    const task_id id{name, 0};
    REQUIRE(w.start_task(id, connector, task_configs->front(), target_state::started).ok());
    REQUIRE(recorder.wait_for_task(id, run_state::running, deadline));

    const auto labels = task_labels(id);
    REQUIRE(testing::eventually(
        [&] { return registry.value_of("copycat_source_task_records_produced_total", labels) == 25; }, deadline));
    CHECK(registry.value_of("copycat_source_task_records_polled_total", labels) == 25);
    CHECK(registry.value_of("copycat_source_task_records_written_total", labels) == 25);
    CHECK(registry.value_of("copycat_source_task_poll_batches_total", labels) >= 3);  // batches of at most 10
    CHECK(registry.value_of("copycat_source_task_poll_batch_size", labels) <= 10);
    REQUIRE(testing::eventually(
        [&] { return registry.value_of("copycat_task_offset_commits_total", commit_labels(id, "success")) >= 1; },
        deadline));
    CHECK(registry.value_of("copycat_task_offset_commits_total", commit_labels(id, "failure")) == 0);
    CHECK(registry.value_of("copycat_task_offset_commit_duration_seconds_total", labels) >= 0);
    CHECK(registry.value_of("copycat_task_record_errors_total", labels) == 0);
    CHECK(state_count(registry, "copycat_worker_tasks", "running") == 1);
    CHECK(state_count(registry, "copycat_worker_connectors", "running") == 1);
    CHECK(state_count(registry, "copycat_worker_connectors", "failed") == 0);

    const std::string text = registry.expose();
    CHECK(text.find("# TYPE copycat_source_task_records_polled_total counter\n") != std::string::npos);
    CHECK(text.find("copycat_worker_tasks{state=\"running\"} 1\n") != std::string::npos);

    // The same figures under Kafka Connect's names (the JMX exporter's, docs/metrics.md).
    REQUIRE(testing::eventually(
        [&] { return registry.value_of("kafka_connect_source_task_source_record_write_total", labels) == 25; },
        deadline));
    CHECK(registry.value_of("kafka_connect_source_task_source_record_poll_total", labels) == 25);
    CHECK(registry.value_of("kafka_connect_source_task_source_record_poll_rate", labels) > 0);
    CHECK(registry.value_of("kafka_connect_connector_task_batch_size_max", labels) == 10);
    CHECK(registry.value_of("kafka_connect_source_task_poll_batch_max_time_ms", labels) >= 0);
    // The exporter names active-count, -max and -avg alike and tells them apart by _objectname.
    auto active = [&](const char* attribute) {
        auto l = labels;
        l.emplace_back("_objectname", "kafka.connect<type=source-task-metrics, connector=" + name + ", task=0><>" +
                                          attribute);
        return registry.value_of("kafka_connect_source_task_source_record_active_count", l);
    };
    CHECK(active("source-record-active-count") == 0);
    CHECK(active("source-record-active-count-max") >= 1);
    CHECK(registry.value_of("kafka_connect_task_error_total_record_errors", labels) == 0);
    CHECK(registry.value_of("kafka_connect_connector_task_offset_commit_success_percentage", labels) == 1);
    CHECK(registry.value_of("kafka_connect_connector_task_running_ratio", labels) > 0);
    auto status_labels = labels;
    status_labels.emplace_back("status", "running");
    CHECK(registry.value_of("kafka_connect_connector_task_status", status_labels) == 1);
    CHECK(registry.value_of("kafka_connect_worker_connector_count") == 1);
    CHECK(registry.value_of("kafka_connect_worker_task_count") == 1);
    CHECK(registry.value_of("kafka_connect_worker_task_startup_success_total") == 1);
    CHECK(registry.value_of("kafka_connect_worker_connector_startup_attempts_total") == 1);
    CHECK(registry.value_of("kafka_connect_worker_connector_startup_success_percentage") == 1);
    CHECK(registry.value_of("kafka_connect_worker_connector_running_task_count", {{"connector", name}}) == 1);
    CHECK(registry.value_of("kafka_connect_worker_connector_total_task_count", {{"connector", name}}) == 1);
    CHECK(registry.value_of("kafka_connect_connector_status", {{"connector", name}, {"status", "running"}}) == 1);
    CHECK(registry.value_of("kafka_connect_connector_connector_type", {{"connector", name}, {"connector_type", "source"}}) ==
          1);
    CHECK(registry.value_of("kafka_connect_connector_connector_class",
                            {{"connector", name}, {"connector_class", "test.CountingSource"}}) == 1);

    w.set_target_state(name, target_state::paused);
    REQUIRE(recorder.wait_for_task(id, run_state::paused, deadline));
    CHECK(state_count(registry, "copycat_worker_tasks", "paused") == 1);
    CHECK(state_count(registry, "copycat_worker_connectors", "paused") == 1);
    status_labels.back().second = "paused";
    CHECK(registry.value_of("kafka_connect_connector_task_status", status_labels) == 1);
    CHECK(registry.value_of("kafka_connect_worker_connector_paused_task_count", {{"connector", name}}) == 1);
    CHECK(registry.value_of("kafka_connect_worker_connector_running_task_count", {{"connector", name}}) == 0);
    CHECK(registry.value_of("kafka_connect_connector_task_pause_ratio", labels) > 0);

    // A stopped task's series leave the exposition with the task; the worker counts nothing.
    w.stop_tasks({id});
    w.stop_connector(name);
    CHECK(std::isnan(registry.value_of("copycat_source_task_records_polled_total", labels)));
    CHECK(registry.expose().find(name) == std::string::npos);
    CHECK(state_count(registry, "copycat_worker_tasks", "paused") == 0);
    CHECK(state_count(registry, "copycat_worker_connectors", "paused") == 0);
    CHECK(registry.value_of("kafka_connect_worker_connector_count") == 0);
}

TEST_CASE("sink task metrics count records read and put, put batches and consumer commits") {
    loader::plugin_registry plugins;
    testing::register_test_plugins(plugins);
    metrics::registry registry;
    testing::recording_listener listener;
    const task_id id{unique("sink"), 0};
    const string_map connector = {{"connector.class", "test.CollectingSink"},
                                  {"topics", "a"},
                                  {"key.converter", string_converter},
                                  {"value.converter", string_converter}};
    string_map task_config = connector;
    task_config["collector"] = unique("collector");
    worker_config worker;
    auto entry = plugins.find("test.CollectingSink", {plugin_kind::sink_connector});
    REQUIRE(entry.ok());
    auto converters = task_converters::create(plugins, connector, worker);
    REQUIRE(converters.ok());
    auto transforms = transformation_chain::create(plugins, connector);
    REQUIRE(transforms.ok());
    auto fake = std::make_unique<testing::fake_sink_consumer>();
    auto* consumer = fake.get();
    worker_sink_task::parts parts{(*entry)->descriptor.create<sink_connector>()->create_task(),
                                  task_config,
                                  std::move(*converters),
                                  std::move(*transforms),
                                  std::move(fake),
                                  record_error_handler::from_config(connector),
                                  {"a"},
                                  {}};
    worker_sink_task::settings settings{50ms, 5s, 500};
    settings.metrics = &registry;
    auto task = std::make_shared<worker_sink_task>(id, target_state::started, listener, std::move(parts), settings);
    const topic_partition a0{"a", 0};
    consumer->assign({a0});
    consumer->append(a0, {"x", "y", "z"});
    task->start();

    const auto labels = task_labels(id);
    REQUIRE(testing::eventually([&] { return registry.value_of("copycat_sink_task_records_put_total", labels) == 3; },
                                deadline));
    CHECK(registry.value_of("copycat_sink_task_records_read_total", labels) == 3);
    CHECK(registry.value_of("copycat_sink_task_put_batches_total", labels) >= 1);
    CHECK(registry.value_of("copycat_sink_task_put_batch_size", labels) >= 1);
    REQUIRE(testing::eventually(
        [&] { return registry.value_of("copycat_task_offset_commits_total", commit_labels(id, "success")) >= 1; },
        deadline));
    CHECK(registry.value_of("copycat_task_offset_commit_last_duration_seconds", labels) >= 0);
    CHECK(registry.value_of("copycat_task_records_skipped_total", labels) == 0);
    REQUIRE(
        testing::eventually([&] { return registry.value_of("copycat_sink_task_records_lag", labels) == 0; }, deadline));
    CHECK(registry.value_of("kafka_connect_sink_task_sink_record_read_total", labels) == 3);
    CHECK(registry.value_of("kafka_connect_sink_task_sink_record_send_total", labels) == 3);
    CHECK(registry.value_of("kafka_connect_sink_task_put_batch_max_time_ms", labels) >= 0);
    CHECK(registry.value_of("kafka_connect_sink_task_offset_commit_seq_no", labels) >= 1);
    CHECK(registry.value_of("kafka_connect_sink_task_offset_commit_completion_total", labels) >= 1);
    REQUIRE(testing::eventually(
        [&] { return registry.value_of("kafka_connect_sink_task_partition_count", labels) == 1; }, deadline));

    // Paused, the task reads nothing more: the records appended now are its lag.
    task->transition_to(target_state::paused);
    REQUIRE(testing::eventually([&] { return consumer->paused_partitions().count(a0) == 1; }, deadline));
    consumer->append(a0, {"u", "v"});
    REQUIRE(
        testing::eventually([&] { return registry.value_of("copycat_sink_task_records_lag", labels) == 2; }, deadline));
    CHECK(registry.value_of("copycat_sink_task_records_read_total", labels) == 3);
    // The same lag per partition, as the Kafka consumer's records-lag under its client id.
    const auto client_id = "connector-consumer-" + id.to_string();
    CHECK(registry.value_of("kafka_consumer_fetch_manager_records_lag",
                            {{"_objectname", "kafka.consumer<type=consumer-fetch-manager-metrics, client-id=" + client_id +
                                                 ", topic=a, partition=0><>records-lag"},
                             {"clientid", client_id},
                             {"partition", "0"},
                             {"topic", "a"}}) == 2);

    task->stop();
    REQUIRE(task->await_stop(deadline));
    task->release_thread();
}

TEST_CASE("exactly-once source task metrics: transaction sizes over every commit, commits and aborts") {
    metrics::registry registry;
    const task_id id{unique("eos"), 2};
    const auto labels = task_labels(id);
    {
        task_metrics plain(&registry, task_metrics::kind::source, id, nullptr);
        plain.record_transaction_commit(5);  // not transactional: no transaction series
        CHECK(std::isnan(registry.value_of("copycat_source_task_transaction_size_max", labels)));
    }
    task_metrics m(&registry, task_metrics::kind::source, id, nullptr, true);
    // Before the first commit: NaN, as Kafka's Min/Max/Avg without samples.
    CHECK(std::isnan(registry.value_of("copycat_source_task_transaction_size_min", labels)));
    CHECK(registry.value_of("copycat_source_task_transactions_total", commit_labels(id, "committed")) == 0);

    m.record_transaction_commit(4);
    m.record_transaction_commit(2);
    m.record_transaction_abort();
    m.record_transaction_commit(9);
    CHECK(registry.value_of("copycat_source_task_transaction_size_min", labels) == 2);
    CHECK(registry.value_of("copycat_source_task_transaction_size_max", labels) == 9);
    CHECK(registry.value_of("copycat_source_task_transaction_size_avg", labels) == 5);
    CHECK(registry.value_of("copycat_source_task_transactions_total", commit_labels(id, "committed")) == 3);
    CHECK(registry.value_of("copycat_source_task_transactions_total", commit_labels(id, "aborted")) == 1);
    const auto text = registry.expose();
    CHECK_THAT(text, Catch::Contains("# TYPE copycat_source_task_transactions_total counter"));
    CHECK_THAT(text, Catch::Contains("# TYPE copycat_source_task_transaction_size_avg gauge"));
}

TEST_CASE("Kafka's windowed task figures cover metrics.sample.window.ms x metrics.num.samples") {
    metrics::registry registry;
    registry.set_window({100, 2});
    const task_id id{unique("window"), 0};
    const auto labels = task_labels(id);
    task_metrics m(&registry, task_metrics::kind::source, id, nullptr, true);
    m.record_poll(10, 7ms);
    m.record_poll(30, 3ms);
    m.record_transaction_commit(4);
    m.record_transaction_commit(9);
    CHECK(registry.value_of("kafka_connect_source_task_poll_batch_max_time_ms", labels) == 7);
    CHECK(registry.value_of("kafka_connect_source_task_poll_batch_avg_time_ms", labels) == 5);
    CHECK(registry.value_of("kafka_connect_connector_task_batch_size_avg", labels) == 20);
    CHECK(registry.value_of("kafka_connect_source_task_transaction_size_min", labels) == 4);
    CHECK(registry.value_of("kafka_connect_source_task_transaction_size_max", labels) == 9);
    // Past the 2 x 100 ms window the windowed figures have no samples (NaN); the totals stay.
    REQUIRE(testing::eventually(
        [&] { return std::isnan(registry.value_of("kafka_connect_source_task_poll_batch_max_time_ms", labels)); },
        deadline));
    CHECK(std::isnan(registry.value_of("kafka_connect_source_task_transaction_size_max", labels)));
    CHECK(registry.value_of("kafka_connect_source_task_source_record_poll_total", labels) == 40);
}
