// The worker's life cycle with in-test connectors, against librdkafka's in-process mock cluster
// (no broker): starting, pausing, resuming, stopping and restarting connectors and tasks,
// failures reported with their trace, offsets stored and resumed from.
#include <catch2/catch.hpp>

#include <atomic>
#include <fstream>
#include <string>

#include "common/secret_values.hpp"
#include "kafka/rdkafka/consumer.hpp"
#include "kafka/rdkafka/mock_cluster.hpp"
#include "runtime/config_transformer.hpp"
#include "runtime/source_offset_codec.hpp"
#include "runtime/test_plugins.hpp"
#include "runtime/worker.hpp"
#include "storage/memory_offset_store.hpp"

using namespace copycat;
using namespace copycat::runtime;
using namespace std::chrono_literals;

namespace {

constexpr auto deadline = 20s;
const std::string string_converter = "org.apache.kafka.connect.storage.StringConverter";

using testing::unique_name;

// This process's threads (/proc/self/status).
int thread_count() {
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);) {
        if (line.rfind("Threads:", 0) == 0) return std::stoi(line.substr(8));
    }
    return -1;
}

// A memory store whose reads to the end (offset_store::read_to_end()) wait until the test
// completes them, when held; it counts the reads that read on first (get()) and those that answer
// from what was read (get_read()).
class held_reads_store final : public storage::memory_offset_store {
public:
    void hold() { held_ = true; }
    // Completes every read asked for so far with `read`.
    void complete(bool read) {
        std::vector<std::function<void(bool)>> waiting;
        {
            std::lock_guard lock(mutex_);
            waiting.swap(waiting_);
        }
        for (auto& done : waiting) done(read);
    }
    std::size_t waiting() const {
        std::lock_guard lock(mutex_);
        return waiting_.size();
    }

    void read_to_end(std::function<void(bool)> done) override {
        if (!held_) {
            done(true);
            return;
        }
        std::lock_guard lock(mutex_);
        waiting_.push_back(std::move(done));
    }
    std::map<storage::offset_bytes, storage::offset_bytes> get(
        const std::vector<storage::offset_bytes>& keys) const override {
        ++gets;
        return memory_offset_store::get(keys);
    }
    std::map<storage::offset_bytes, storage::offset_bytes> get_read(
        const std::vector<storage::offset_bytes>& keys) const override {
        ++reads_from_read;
        return memory_offset_store::get(keys);
    }

    mutable std::atomic<int> gets{0};
    mutable std::atomic<int> reads_from_read{0};

private:
    std::atomic<bool> held_{false};
    mutable std::mutex mutex_;  // guards waiting_
    std::vector<std::function<void(bool)>> waiting_;
};

struct worker_fixture {
    rdkafka::mock_cluster cluster = testing::make_mock_cluster();
    loader::plugin_registry registry;
    held_reads_store offsets;
    testing::recording_listener listener;
    std::unique_ptr<worker> w;
    // The source connector of source_config(): its tasks on threads, or on the task pool.
    std::string source_class = "test.CountingSource";

    explicit worker_fixture(std::chrono::milliseconds graceful = 5s, std::chrono::milliseconds abandoned_join = 10s,
                            std::chrono::milliseconds offset_flush_timeout = 5s, std::size_t task_threads = 0,
                            std::shared_ptr<const config_transformer> providers = nullptr) {
        testing::register_test_plugins(registry);
        worker_config config;
        config.bootstrap_servers = cluster.bootstrap_servers();
        config.key_converter = string_converter;
        config.value_converter = string_converter;
        config.offset_flush_interval = 100ms;
        config.task_shutdown_graceful_timeout = graceful;
        config.offset_flush_timeout = offset_flush_timeout;
        config.abandoned_task_join_timeout = abandoned_join;
        config.task_threads = task_threads;
        config.originals = {{"producer.linger.ms", "5"}};
        config.config_providers = std::move(providers);
        w = std::make_unique<worker>(config, registry, offsets, listener);
    }

    ~worker_fixture() { w.reset(); }

    // A source task whose poll() ignores stop() for 1 s, once that poll has begun.
    task_id start_blocked_source(const std::string& name) {
        auto config = source_config(name, unique_name("topic"), 1);
        config["block.on"] = "poll";
        const auto started_before = testing::source_acks("blocked-polls-started");
        auto id = start_source(name, config);
        REQUIRE(testing::eventually(
            [&] { return testing::source_acks("blocked-polls-started") > started_before; }, deadline));
        return id;
    }

    string_map source_config(const std::string& name, const std::string& topic, int records) {
        REQUIRE(cluster.create_topic(topic, 1).ok());
        return {{"name", name},       {"connector.class", source_class},
                {"topic", topic},     {"records", std::to_string(records)},
                {"batch.size", "10"}, {"source.partition", name + "-p"}};
    }

    std::optional<std::int64_t> stored_position(const std::string& connector, const std::string& partition) {
        source_offset_codec codec;
        auto found = offsets.memory_offset_store::get({codec.encode_key(connector, {{"source", value(partition)}})});
        if (found.empty()) return std::nullopt;
        return codec.decode_value(found.begin()->second)->at("position").to_int64();
    }

    // Starts the connector and its single task.
    task_id start_source(const std::string& name, const string_map& config,
                         target_state initial = target_state::started) {
        REQUIRE(w->start_connector(name, config, initial).ok());
        auto configs = w->connector_task_configs(name);
        REQUIRE(configs.ok());
        REQUIRE(configs->size() == 1);
        task_id id{name, 0};
        REQUIRE(w->start_task(id, config, configs->front(), initial).ok());
        return id;
    }
};

}  // namespace

TEST_CASE("worker: a source connector and task run, are acked, and commit their offsets") {
    worker_fixture f;
    f.source_class = GENERATE(as<std::string>{}, "test.CountingSource", "test.NonBlockingCountingSource");
    const auto name = unique_name("src");
    auto config = f.source_config(name, unique_name("topic"), 25);
    CHECK(f.w->connector_type(config) == "source");
    auto id = f.start_source(name, config);
    REQUIRE(f.listener.wait_for_connector(name, run_state::running, deadline));
    REQUIRE(f.listener.wait_for_task(id, run_state::running, deadline));
    CHECK(f.w->is_connector_running(name));
    CHECK(f.w->tasks_of(name) == std::vector<task_id>{id});

    REQUIRE(testing::eventually([&] { return testing::source_acks(name + "-p0") == 25; }, deadline));
    REQUIRE(testing::eventually([&] { return f.stored_position(name, name + "-p0") == 24; }, deadline));

    f.w->stop_tasks({id});
    CHECK(f.listener.task_states(id) == std::vector<run_state>{run_state::running, run_state::unassigned});
    CHECK(f.w->tasks_of(name).empty());
    f.w->stop_connector(name);
    CHECK(f.listener.connector_states(name) == std::vector<run_state>{run_state::running, run_state::unassigned});
    CHECK_FALSE(f.w->is_connector_running(name));
}

TEST_CASE("worker: a restarted source task resumes after its stored offset") {
    worker_fixture f;
    f.source_class = GENERATE(as<std::string>{}, "test.CountingSource", "test.NonBlockingCountingSource");
    const auto name = unique_name("resume");
    auto config = f.source_config(name, unique_name("topic"), 30);
    auto id = f.start_source(name, config);
    REQUIRE(testing::eventually([&] { return testing::source_acks(name + "-p0") == 30; }, deadline));
    f.w->stop_tasks({id});
    REQUIRE(f.stored_position(name, name + "-p0") == 29);

    config["records"] = "40";
    auto configs = f.w->connector_task_configs(name);
    REQUIRE(configs.ok());
    auto task_config = configs->front();
    task_config["records"] = "40";
    REQUIRE(f.w->start_task(id, config, task_config, target_state::started).ok());
    REQUIRE(testing::eventually([&] { return f.stored_position(name, name + "-p0") == 39; }, deadline));
    CHECK(testing::source_acks(name + "-p0") == 40);  // only the 10 new records were produced again
}

TEST_CASE("worker: pause and resume a connector and its tasks") {
    worker_fixture f;
    f.source_class = GENERATE(as<std::string>{}, "test.CountingSource", "test.NonBlockingCountingSource");
    const auto name = unique_name("pause");
    auto id = f.start_source(name, f.source_config(name, unique_name("topic"), 5));
    REQUIRE(f.listener.wait_for_task(id, run_state::running, deadline));
    f.w->set_target_state(name, target_state::paused);
    REQUIRE(f.listener.wait_for_connector(name, run_state::paused, deadline));
    REQUIRE(f.listener.wait_for_task(id, run_state::paused, deadline));
    CHECK_FALSE(f.w->is_connector_running(name));
    f.w->set_target_state(name, target_state::started);
    REQUIRE(f.listener.wait_for_connector(name, run_state::running, deadline));
    REQUIRE(f.listener.wait_for_task(id, run_state::running, deadline));
    f.w->set_target_state(name, target_state::stopped);
    REQUIRE(f.listener.wait_for_connector(name, run_state::stopped, deadline));
    CHECK(f.w->tasks_of(name).empty());
    CHECK(f.listener.task_states(id).back() == run_state::unassigned);
}

TEST_CASE("worker: connector and task started paused report PAUSED") {
    worker_fixture f;
    f.source_class = GENERATE(as<std::string>{}, "test.CountingSource", "test.NonBlockingCountingSource");
    const auto name = unique_name("paused");
    auto config = f.source_config(name, unique_name("topic"), 5);
    REQUIRE(f.w->start_connector(name, config, target_state::paused).ok());
    REQUIRE(f.listener.wait_for_connector(name, run_state::paused, deadline));
    task_id id{name, 0};
    auto task_config = config;
    task_config["source.partition"] = name + "-p0";
    REQUIRE(f.w->start_task(id, config, task_config, target_state::paused).ok());
    REQUIRE(f.listener.wait_for_task(id, run_state::paused, deadline));
    CHECK(testing::source_acks(name + "-p0") == 0);
}

TEST_CASE("worker: a task that throws becomes FAILED with the exception in the trace") {
    worker_fixture f;
    f.source_class = GENERATE(as<std::string>{}, "test.CountingSource", "test.NonBlockingCountingSource");
    const auto name = unique_name("throws");
    auto config = f.source_config(name, unique_name("topic"), 5);
    config["fail.on"] = "poll";
    auto id = f.start_source(name, config);
    REQUIRE(f.listener.wait_for_task(id, run_state::failed, deadline));
    CHECK(f.listener.task_trace(id) == "copycat::data_error: boom on poll");
    f.w->stop_tasks({id});
    CHECK(f.listener.task_states(id).back() == run_state::failed);  // a failed task reports nothing more
}

TEST_CASE("worker: a task whose start() throws becomes FAILED") {
    worker_fixture f;
    f.source_class = GENERATE(as<std::string>{}, "test.CountingSource", "test.NonBlockingCountingSource");
    const auto name = unique_name("start-throws");
    auto config = f.source_config(name, unique_name("topic"), 5);
    config["fail.on"] = "start";
    auto id = f.start_source(name, config);
    REQUIRE(f.listener.wait_for_task(id, run_state::failed, deadline));
    CHECK(f.listener.task_trace(id) == "copycat::connect_error: boom on start");
}

TEST_CASE("worker: connector failures are reported FAILED and returned") {
    worker_fixture f;
    const auto name = unique_name("bad");
    auto config = f.source_config(name, unique_name("topic"), 1);
    config["connector.fail.on"] = "start";
    auto started = f.w->start_connector(name, config, target_state::started);
    REQUIRE_FALSE(started.ok());
    CHECK(f.listener.connector_trace(name) == "copycat::config_error: connector refuses to start");
    CHECK_FALSE(f.w->is_connector_running(name));

    const auto unknown = unique_name("unknown");
    auto missing = f.w->start_connector(unknown, {{"name", unknown}, {"connector.class", "com.example.Nope"}},
                                        target_state::started);
    REQUIRE_FALSE(missing.ok());
    CHECK(f.listener.connector_states(unknown) == std::vector<run_state>{run_state::failed});
    CHECK(f.w->connector_type({{"connector.class", "com.example.Nope"}}) == "unknown");

    const auto invalid = unique_name("invalid");
    auto bad_tasks = f.w->start_connector(
        invalid, {{"name", invalid}, {"connector.class", "test.CountingSource"}, {"tasks.max", "0"}},
        target_state::started);
    REQUIRE_FALSE(bad_tasks.ok());
    CHECK(f.listener.connector_trace(invalid).find("Value must be at least 1") != std::string::npos);

    // Kafka's SourceConnectorConfig checks the topic.creation.* keys when the connector starts.
    const auto creating = unique_name("creating");
    auto no_partitions = f.source_config(creating, unique_name("topic"), 1);
    no_partitions["topic.creation.default.replication.factor"] = "1";
    REQUIRE_FALSE(f.w->start_connector(creating, no_partitions, target_state::started).ok());
    CHECK(f.listener.connector_trace(creating) ==
          "copycat::config_error: Missing required configuration \"topic.creation.default.partitions\" which has no "
          "default value.");
}

namespace {

// A config provider answering from a map of path -> key -> value; the path "expiring" answers
// with a ttl of 60 s.
class map_provider final : public config_provider {
public:
    explicit map_provider(std::map<std::string, std::map<std::string, std::string>> values)
        : values_(std::move(values)) {}
    result<void> configure(const string_map&) override { return {}; }
    result<config_data> get(const std::string& path, const std::set<std::string>& keys) const override {
        config_data out;
        if (auto p = values_.find(path); p != values_.end())
            for (const std::string& k : keys)
                if (auto v = p->second.find(k); v != p->second.end()) out.data.emplace(k, v->second);
        if (path == "expiring") out.ttl_ms = 60'000;
        return out;
    }

private:
    std::map<std::string, std::map<std::string, std::string>> values_;
};

}  // namespace

TEST_CASE("worker: a failed task's trace and the worker's log lines hide the secrets of its config") {
    auto providers = std::make_shared<const config_transformer>(
        std::map<std::string, std::shared_ptr<const config_provider>>{
            {"vault", std::make_shared<map_provider>(std::map<std::string, std::map<std::string, std::string>>{
                          {"db", {{"user", "provided-user-name"}}}})}});
    worker_fixture f(5s, 10s, 5s, 0, providers);
    const auto name = unique_name("secrets");
    auto config = f.source_config(name, unique_name("topic"), 5);
    config["fail.on"] = "poll";
    config["db.user"] = "${vault:db:user}";             // provided: a secret whatever its key
    config["db.password"] = "literal-password-value";  // its key's name says secret
    config["fail.detail"] = "login provided-user-name/literal-password-value refused";
    auto id = f.start_source(name, config);
    REQUIRE(f.listener.wait_for_task(id, run_state::failed, deadline));
    CHECK(f.listener.task_trace(id) == "copycat::data_error: boom on poll: login [hidden]/[hidden] refused");
    CHECK(secret_values::process().hide("x provided-user-name y") == "x [hidden] y");
    f.w->stop_tasks({id});
    f.w->stop_connector(name);
    // Forgotten once neither the connector nor its task runs.
    CHECK(secret_values::process().hide("x provided-user-name y") == "x provided-user-name y");
}

TEST_CASE("worker: connectors and tasks run with their placeholders resolved, and task configs keep them") {
    const auto topic = unique_name("resolved-topic");
    const auto partition = unique_name("resolved-partition");
    auto providers = std::make_shared<const config_transformer>(
        std::map<std::string, std::shared_ptr<const config_provider>>{
            {"vault", std::make_shared<map_provider>(std::map<std::string, std::map<std::string, std::string>>{
                          {"secrets", {{"topic", topic}, {"partition", partition}}},
                          {"expiring", {{"password", "x"}}}})}});
    worker_fixture f(5s, 10s, 5s, 0, providers);
    const auto name = unique_name("placeholders");
    auto config = f.source_config(name, topic, 3);
    config["topic"] = "${vault:secrets:topic}";
    config["source.partition"] = "${vault:secrets:partition}";

    REQUIRE(f.w->start_connector(name, config, target_state::started).ok());
    auto configs = f.w->connector_task_configs(name);
    REQUIRE(configs.ok());
    REQUIRE(configs->size() == 1);
    // The topic the connector passed on keeps its placeholder; the partition it derived does not.
    CHECK(configs->front().at("topic") == "${vault:secrets:topic}");
    CHECK(configs->front().at("source.partition") == partition + "0");

    const task_id id{name, 0};
    REQUIRE(f.w->start_task(id, config, configs->front(), target_state::started).ok());
    // Acknowledged records were produced to the resolved topic.
    REQUIRE(testing::eventually([&] { return testing::source_acks(partition + "0") == 3; }, deadline));
    f.w->stop_tasks({id});
    f.w->stop_connector(name);
    CHECK(f.listener.config_expiries(name).empty());  // no value with a ttl

    // A value with a ttl is reported, unless config.action.reload is none.
    for (const std::string reload : {"restart", "none"}) {
        const auto expiring = unique_name("expiring");
        auto c = f.source_config(expiring, unique_name("topic"), 1);
        c["password"] = "${vault:expiring:password}";
        c["config.action.reload"] = reload;
        REQUIRE(f.w->start_connector(expiring, c, target_state::started).ok());
        CHECK(f.listener.config_expiries(expiring) ==
              (reload == "restart" ? std::vector<std::chrono::milliseconds>{60'000ms}
                                   : std::vector<std::chrono::milliseconds>{}));
        f.w->stop_connector(expiring);
    }

    // A placeholder no provider can resolve fails the connector, and the task, with the key named.
    const auto unknown = unique_name("unknown-provider");
    auto bad = f.source_config(unknown, unique_name("topic"), 1);
    bad["topic"] = "${file:/etc/secrets:topic}";
    auto refused = f.w->start_connector(unknown, bad, target_state::started);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.err().message ==
          "Config key 'topic': config provider 'file' is not configured on this worker (config.providers)");
    CHECK(f.listener.connector_states(unknown) == std::vector<run_state>{run_state::failed});
    const task_id bad_task{unknown, 0};
    REQUIRE_FALSE(f.w->start_task(bad_task, bad, bad, target_state::started).ok());
    CHECK(f.listener.task_states(bad_task) == std::vector<run_state>{run_state::failed});
}

TEST_CASE("worker: tasks.max is enforced on the task configs") {
    worker_fixture f;
    const auto name = unique_name("many");
    auto config = f.source_config(name, unique_name("topic"), 1);
    config["generated.tasks"] = "3";
    config["tasks.max"] = "2";
    REQUIRE(f.w->start_connector(name, config, target_state::started).ok());
    auto configs = f.w->connector_task_configs(name);
    REQUIRE_FALSE(configs.ok());
    CHECK(f.listener.connector_states(name).back() == run_state::failed);

    const auto lenient = unique_name("lenient");
    auto config2 = f.source_config(lenient, unique_name("topic"), 1);
    config2["generated.tasks"] = "3";
    config2["tasks.max"] = "2";
    config2["tasks.max.enforce"] = "false";
    REQUIRE(f.w->start_connector(lenient, config2, target_state::started).ok());
    auto configs2 = f.w->connector_task_configs(lenient);
    REQUIRE(configs2.ok());
    CHECK(configs2->size() == 3);
}

TEST_CASE("worker: a connector's request for task reconfiguration reaches the listener") {
    worker_fixture f;
    const auto name = unique_name("reconf");
    auto config = f.source_config(name, unique_name("topic"), 1);
    config["request.reconfiguration"] = "true";
    REQUIRE(f.w->start_connector(name, config, target_state::started).ok());
    CHECK(f.listener.reconfiguration_requests(name) == 1);
}

TEST_CASE("worker: a task that does not stop in time is abandoned silently and joined by stop()") {
    worker_fixture f(200ms);
    f.source_class = GENERATE(as<std::string>{}, "test.CountingSource", "test.NonBlockingCountingSource");
    const auto before = testing::source_acks("blocked-polls-finished");
    const auto id = f.start_blocked_source(unique_name("stuck"));
    const auto reported = f.listener.task_states(id);
    f.w->stop_tasks({id});
    // As Kafka Connect's cancel(): no FAILED (nor anything else) that could overwrite the status
    // the task's next owner writes.
    CHECK(f.listener.task_states(id) == reported);
    // The worker's stop waits for the abandoned thread, which ends once its blocked poll returns
    // and reports nothing more.
    f.w->stop();
    CHECK(testing::source_acks("blocked-polls-finished") > before);
    CHECK(f.listener.task_states(id) == reported);
}

TEST_CASE("worker: stop() gives up on an abandoned task still inside a plugin call after its deadline") {
    worker_fixture f(100ms, 50ms);
    f.source_class = GENERATE(as<std::string>{}, "test.CountingSource", "test.NonBlockingCountingSource");
    const auto before = testing::source_acks("blocked-polls-finished");
    const auto id = f.start_blocked_source(unique_name("stuck-long"));
    f.w->stop();  // the poll blocks for 1 s: longer than the graceful and join deadlines together
    CHECK(f.w->stuck_task_threads() == 1);
    CHECK(f.listener.task_states(id).back() == run_state::running);
    // Once the plugin call returned, the next stop() joins the thread.
    REQUIRE(testing::eventually([&] { return testing::source_acks("blocked-polls-finished") > before; }, deadline));
    CHECK(testing::eventually(
        [&] {
            f.w->stop();
            return f.w->stuck_task_threads() == 0;
        },
        deadline));
}

TEST_CASE("worker: a cancelled source task stops waiting for its records' acknowledgements") {
    // Stopped while its records wait for the broker, the task overruns the graceful timeout and
    // is cancelled; as Kafka's cancel() closes the producer at once, the task then ends instead
    // of waiting out offset.flush.timeout.ms (a minute here), and commits nothing.
    worker_fixture f(200ms, 10s, 60s);
    f.source_class = GENERATE(as<std::string>{}, "test.CountingSource", "test.NonBlockingCountingSource");
    REQUIRE(f.cluster.set_round_trip_time(60s).ok());  // nothing is acknowledged during the test
    const auto name = unique_name("unacked");
    const auto id = f.start_source(name, f.source_config(name, unique_name("topic"), 20));
    REQUIRE(testing::eventually([&] { return testing::source_acks("polled-" + name + "-p0") > 0; }, deadline));
    const auto reported = f.listener.task_states(id);
    f.w->stop_tasks({id});
    f.w->stop();  // joins the cancelled task, waiting up to 10 s
    CHECK(f.w->stuck_task_threads() == 0);
    CHECK(f.listener.task_states(id) == reported);
    CHECK_FALSE(f.stored_position(name, name + "-p0"));
}

TEST_CASE("worker: records flow from a source task through Kafka to a sink task") {
    worker_fixture f;
    // The sink task on a thread of its own, and in turns on the task pool.
    const std::string sink_class = GENERATE(as<std::string>{}, "test.CollectingSink", "test.NonBlockingCollectingSink");
    const auto source = unique_name("flow-src");
    const auto topic = unique_name("flow");
    auto source_id = f.start_source(source, f.source_config(source, topic, 50));
    const auto sink = unique_name("flow-sink");
    const auto collector = unique_name("flow-collector");
    string_map sink_config{
        {"name", sink}, {"connector.class", sink_class}, {"topics", topic}, {"collector", collector}};
    CHECK(f.w->connector_type(sink_config) == "sink");
    REQUIRE(f.w->start_connector(sink, sink_config, target_state::started).ok());
    auto configs = f.w->connector_task_configs(sink);
    REQUIRE(configs.ok());
    CHECK(configs->front().at("topics") == topic);
    task_id sink_id{sink, 0};
    REQUIRE(f.w->start_task(sink_id, sink_config, configs->front(), target_state::started).ok());
    auto got = testing::collector_named(collector);
    REQUIRE(got->wait_for(50, deadline));
    auto values = got->values();
    REQUIRE(values.size() == 50);
    for (int i = 0; i < 50; ++i) CHECK(values[static_cast<std::size_t>(i)] == "record-" + std::to_string(i));
    f.w->stop();
    CHECK(f.listener.task_states(sink_id).back() == run_state::unassigned);
    CHECK(f.listener.task_states(source_id).back() == run_state::unassigned);
}

TEST_CASE("worker: source transformations and errors.tolerance=all, and skipped records still commit") {
    worker_fixture f;
    // The sink task on a thread of its own, and in turns on the task pool.
    const std::string sink_class = GENERATE(as<std::string>{}, "test.CollectingSink", "test.NonBlockingCollectingSink");
    const auto source = unique_name("tolerant");
    const auto topic = unique_name("tolerant-topic");
    auto config = f.source_config(source, topic, 0);
    config["values"] = "a,drop,explode,b";
    config["transforms"] = "up";
    config["transforms.up.type"] = "test.UppercaseValue";
    config["errors.tolerance"] = "all";
    auto id = f.start_source(source, config);
    REQUIRE(testing::eventually([&] { return f.stored_position(source, source + "-p0") == 3; }, deadline));

    const auto sink = unique_name("tolerant-sink");
    const auto collector = unique_name("tolerant-collector");
    string_map sink_config{
        {"name", sink}, {"connector.class", sink_class}, {"topics", topic}, {"collector", collector}};
    REQUIRE(f.w->start_connector(sink, sink_config, target_state::started).ok());
    auto configs = f.w->connector_task_configs(sink);
    REQUIRE(configs.ok());
    REQUIRE(f.w->start_task({sink, 0}, sink_config, configs->front(), target_state::started).ok());
    auto got = testing::collector_named(collector);
    REQUIRE(got->wait_for(2, deadline));
    CHECK(got->values() == std::vector<std::string>{"A", "B"});
    CHECK(f.listener.task_states(id).back() == run_state::running);
}

TEST_CASE("worker: a source transformation error fails the task under errors.tolerance=none") {
    worker_fixture f;
    const auto source = unique_name("intolerant");
    auto config = f.source_config(source, unique_name("topic"), 0);
    config["values"] = "a,explode,b";
    config["transforms"] = "up";
    config["transforms.up.type"] = "test.UppercaseValue";
    auto id = f.start_source(source, config);
    REQUIRE(f.listener.wait_for_task(id, run_state::failed, deadline));
    CHECK(f.listener.task_trace(id) ==
          "copycat::connect_error: Tolerance exceeded in error handler\n"
          "Caused by: copycat::data_error: cannot transform 'explode'");
    // The record before the failure was acknowledged and its offset committed on the way out.
    CHECK(f.stored_position(source, source + "-p0") == 0);
}

TEST_CASE("worker: connectors and non-blocking source tasks add no thread each") {
    worker_fixture f;
    f.source_class = "test.NonBlockingCountingSource";
    // One running first, so that what is created once per worker (the shared producer) exists.
    const auto first = unique_name("few");
    REQUIRE(f.listener.wait_for_task(f.start_source(first, f.source_config(first, unique_name("topic"), 1)),
                                     run_state::running, deadline));
    const int before = thread_count();
    constexpr int more = 20;
    std::vector<task_id> ids;
    for (int i = 0; i < more; ++i) {
        const auto name = unique_name("few");
        ids.push_back(f.start_source(name, f.source_config(name, unique_name("topic"), 1)));
    }
    for (const auto& id : ids) REQUIRE(f.listener.wait_for_task(id, run_state::running, deadline));
    CHECK(thread_count() - before < more);  // a thread per connector or task would add 40
    f.w->stop_tasks(ids);
    for (const auto& id : ids) CHECK(f.listener.task_states(id).back() == run_state::unassigned);
}

TEST_CASE("worker: source tasks on the task pool have their offsets read without holding a pool thread") {
    // One pool thread, three tasks: each asks for the store's read to the end and waits for it
    // without the thread, so all three ask before any of them starts.
    worker_fixture f(5s, 10s, 5s, 1);
    f.source_class = "test.NonBlockingCountingSource";
    const bool read = GENERATE(true, false);
    // A stored offset: the task resumes after it, whichever way it was read.
    const auto first = unique_name("held");
    REQUIRE(f.listener.wait_for_task(f.start_source(first, f.source_config(first, unique_name("topic"), 5)),
                                     run_state::running, deadline));
    REQUIRE(testing::eventually([&] { return f.stored_position(first, first + "-p0") == 4; }, deadline));
    f.w->stop_tasks({{first, 0}});
    f.offsets.hold();
    const int gets_before = f.offsets.gets.load();
    const int reads_before = f.offsets.reads_from_read.load();

    std::vector<task_id> ids;
    for (int i = 0; i < 2; ++i) {
        const auto name = unique_name("held");
        ids.push_back(f.start_source(name, f.source_config(name, unique_name("topic"), 1)));
    }
    auto again = f.source_config(first, unique_name("topic"), 8);
    auto configs = f.w->connector_task_configs(first);
    REQUIRE(configs.ok());
    auto task_config = configs->front();
    task_config["records"] = "8";
    task_config["topic"] = again["topic"];
    REQUIRE(f.w->start_task({first, 0}, again, task_config, target_state::started).ok());
    ids.push_back({first, 0});
    REQUIRE(testing::eventually([&] { return f.offsets.waiting() == 3; }, deadline));
    // None started meanwhile: the two new ones reported nothing, the restarted one nothing more.
    CHECK(f.listener.task_states(ids[0]).empty());
    CHECK(f.listener.task_states(ids[1]).empty());
    CHECK(f.listener.task_states(ids[2]) == std::vector<run_state>{run_state::running, run_state::unassigned});

    f.offsets.complete(read);
    for (const auto& id : ids) REQUIRE(f.listener.wait_for_task(id, run_state::running, deadline));
    // Read: each task's first offset read answered from the store's read; not read: each read on.
    CHECK(f.offsets.reads_from_read.load() - reads_before == (read ? 3 : 0));
    CHECK(f.offsets.gets.load() - gets_before == (read ? 0 : 3));
    REQUIRE(testing::eventually([&] { return f.stored_position(first, first + "-p0") == 7; }, deadline));
    CHECK(testing::source_acks(first + "-p0") == 5 + 3);  // resumed after the stored offset
    f.w->stop_tasks(ids);
}

TEST_CASE("worker: sink tasks on the task pool leave their groups side by side when stopped together") {
    // One pool thread, eight sink tasks, a broker answering after 1 s: a close waits that long
    // for the group to be left (LeaveGroup). One after the other on the thread they would need 8 s, past the
    // graceful timeout (5 s), and the last ones would be abandoned; side by side they take about
    // one round trip.
    worker_fixture f(5s, 10s, 5s, 1);
    const auto source = unique_name("leave-src");
    const auto topic = unique_name("leave");
    f.start_source(source, f.source_config(source, topic, 1));
    std::vector<task_id> ids;
    std::vector<std::string> collectors;
    for (int i = 0; i < 8; ++i) {
        const auto sink = unique_name("leave-sink");
        collectors.push_back(unique_name("leave-collector"));
        string_map config{{"name", sink},
                          {"connector.class", "test.NonBlockingCollectingSink"},
                          {"topics", topic},
                          {"collector", collectors.back()}};
        REQUIRE(f.w->start_connector(sink, config, target_state::started).ok());
        auto configs = f.w->connector_task_configs(sink);
        REQUIRE(configs.ok());
        ids.push_back({sink, 0});
        REQUIRE(f.w->start_task(ids.back(), config, configs->front(), target_state::started).ok());
    }
    // Each in its group, with the record consumed and committed: the stop has nothing to commit
    // (a commit is a round trip each task still waits for on the pool thread).
    for (const auto& collector : collectors) REQUIRE(testing::collector_named(collector)->wait_for(1, deadline));
    for (const auto& id : ids) {
        auto config = rdkafka::client_config::from_map(
            {{"bootstrap.servers", f.cluster.bootstrap_servers()}, {"group.id", "connect-" + id.connector}});
        REQUIRE(config.ok());
        auto group = rdkafka::consumer::create(*config);
        REQUIRE(group.ok());
        REQUIRE(testing::eventually(
            [&] {
                auto committed = group->committed({{topic, 0}}, 5s);
                return committed.ok() && committed->front().offset == 1;
            },
            deadline));
    }
    REQUIRE(f.cluster.set_round_trip_time(1s).ok());
    f.w->stop_tasks(ids);
    CHECK(f.w->stuck_task_threads() == 0);
    for (const auto& id : ids) CHECK(f.listener.task_states(id).back() == run_state::unassigned);
}
