// The sink task loop against a fake consumer: delivery order, offset commits, rebalances,
// retriable put(), pause/resume, errors.tolerance and failures; each on a thread of its own and
// in turns on a task pool.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <functional>
#include <mutex>

#include "copycat/errors.hpp"
#include "runtime/fake_sink_consumer.hpp"
#include "runtime/test_plugins.hpp"
#include "runtime/worker_sink_task.hpp"

using namespace copycat;
using namespace copycat::runtime;
using namespace std::chrono_literals;

namespace {

constexpr auto deadline = 10s;

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

// A sink task the test steers from outside: it records what it is given, and runs hooks
// (on the task thread) from put(), open() and close().
struct probe_state {
    mutable std::mutex mutex;
    std::vector<std::pair<topic_partition, std::int64_t>> delivered;  // (partition, offset)
    std::vector<std::string> calls;                                   // "open a-0", "close a-0"
    std::function<void(sink_task_context&, const std::vector<sink_record>&)> on_put;
    std::function<void(sink_task_context&, const std::vector<topic_partition>&)> on_open;
    std::function<void(const std::vector<topic_partition>&)> on_close;

    std::vector<std::pair<topic_partition, std::int64_t>> delivered_copy() const {
        std::lock_guard lock(mutex);
        return delivered;
    }
    std::vector<std::int64_t> offsets(const topic_partition& tp) const {
        std::vector<std::int64_t> out;
        for (const auto& [p, o] : delivered_copy()) {
            if (p == tp) out.push_back(o);
        }
        return out;
    }
    std::vector<std::string> calls_copy() const {
        std::lock_guard lock(mutex);
        return calls;
    }
};

class probe_task : public sink_task {
public:
    probe_task(std::shared_ptr<probe_state> state, bool nonblocking)
        : state_(std::move(state)), nonblocking_(nonblocking) {}
    std::string version() const override { return "1.0"; }
    bool nonblocking_put() const override { return nonblocking_; }
    void start(const std::map<std::string, std::string>&) override {}
    void stop() override {}
    void put(std::vector<sink_record>& records) override {
        if (state_->on_put) state_->on_put(context(), records);
        std::lock_guard lock(state_->mutex);
        for (const auto& r : records) {
            state_->delivered.emplace_back(topic_partition{r.original_topic, r.original_kafka_partition},
                                           r.original_kafka_offset);
        }
    }
    void open(const std::vector<topic_partition>& partitions) override {
        note("open", partitions);
        if (state_->on_open) state_->on_open(context(), partitions);
    }
    void close(const std::vector<topic_partition>& partitions) override {
        if (state_->on_close) state_->on_close(partitions);
        note("close", partitions);
    }

private:
    void note(const std::string& what, const std::vector<topic_partition>& partitions) {
        std::lock_guard lock(state_->mutex);
        for (const auto& tp : partitions) state_->calls.push_back(what + " " + tp.to_string());
    }
    std::shared_ptr<probe_state> state_;
    const bool nonblocking_;
};

// Makes the task of a fixture; `nonblocking`: one that says nonblocking_put().
using task_maker = std::function<std::unique_ptr<sink_task>(bool nonblocking)>;

// Every test runs twice (GENERATE in the constructor): the task on a thread of its own, and the
// same task saying nonblocking_put() in turns on a task pool, driven by the consumer's
// on_ready() signal and its idle back-off.
struct sink_fixture {
    testing::recording_listener listener;
    testing::fake_sink_consumer* consumer = nullptr;
    copycat::thread_pool pool{2, "test-task-pool"};  // outlives the task's turns
    std::shared_ptr<worker_sink_task> task;
    task_id id{unique("sink"), 0};
    std::string collector_name = unique("collector");
    const bool pooled = GENERATE(false, true);

    explicit sink_fixture(string_map extra = {}, target_state initial = target_state::started,
                          std::chrono::milliseconds flush_interval = 60s, const task_maker& custom = nullptr) {
        string_map connector_config{{"connector.class", pooled ? "test.NonBlockingCollectingSink" : "test.CollectingSink"},
                                    {"topics", "a,b"},
                                    {"key.converter", "org.apache.kafka.connect.storage.StringConverter"},
                                    {"value.converter", "org.apache.kafka.connect.storage.StringConverter"}};
        for (auto& [k, v] : extra) connector_config.insert_or_assign(k, v);
        string_map task_config = connector_config;
        task_config["collector"] = collector_name;
        worker_config worker;
        worker.header_converter = "org.apache.kafka.connect.storage.SimpleHeaderConverter";

        auto entry = registry().find(connector_config.at("connector.class"), {plugin_kind::sink_connector});
        REQUIRE(entry.ok());
        auto converters = task_converters::create(registry(), connector_config, worker);
        REQUIRE(converters.ok());
        auto transforms = transformation_chain::create(registry(), connector_config);
        REQUIRE(transforms.ok());
        auto fake = std::make_unique<testing::fake_sink_consumer>();
        consumer = fake.get();
        worker_sink_task::parts parts{
            custom ? custom(pooled) : (*entry)->descriptor.create<sink_connector>()->create_task(),
            task_config,
            std::move(*converters),
            std::move(*transforms),
            std::move(fake),
            record_error_handler::from_config(connector_config),
            {"a", "b"},
            {}};
        task = std::make_shared<worker_sink_task>(id, initial, listener, std::move(parts),
                                                  worker_sink_task::settings{flush_interval, 5s, 500});
    }

    ~sink_fixture() {
        if (task) {
            task->stop();
            task->join();
        }
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
};

const topic_partition a0{"a", 0};
const topic_partition b0{"b", 0};

// A fixture running a probe_task.
struct probe_fixture {
    std::shared_ptr<probe_state> probe = std::make_shared<probe_state>();
    sink_fixture f{{}, target_state::started, 60s,
                   [probe = probe](bool nonblocking) { return std::make_unique<probe_task>(probe, nonblocking); }};
};

bool has_sublist(const std::vector<std::string>& all, const std::vector<std::string>& wanted) {
    auto at = all.begin();
    for (const auto& w : wanted) {
        at = std::find(at, all.end(), w);
        if (at == all.end()) return false;
        ++at;
    }
    return true;
}

}  // namespace

TEST_CASE("sink task: records are delivered in order, committed and the partitions closed on stop") {
    sink_fixture f;
    f.consumer->assign({a0, b0});
    f.consumer->append(a0, {"a-0", "a-1", "a-2"});
    f.consumer->append(b0, {"b-0"});
    f.start();
    REQUIRE(f.listener.wait_for_task(f.id, run_state::running, deadline));
    REQUIRE(f.sink()->wait_for(4, deadline));
    CHECK(f.consumer->subscription() == std::vector<std::string>{"a", "b"});
    CHECK(f.sink()->open_partitions() == std::set<topic_partition>{a0, b0});

    std::vector<std::string> from_a;
    for (const auto& r : f.sink()->records()) {
        if (r.topic == "a") from_a.push_back(r.val.as_string());
        CHECK(r.timestamp.has_value());
        CHECK(r.ts_type == timestamp_type::create_time);
    }
    CHECK(from_a == std::vector<std::string>{"a-0", "a-1", "a-2"});

    f.stop();
    CHECK(f.consumer->committed() == std::map<topic_partition, std::int64_t>{{a0, 3}, {b0, 1}});
    CHECK(f.sink()->open_partitions().empty());
    CHECK(f.consumer->closed());
    CHECK(f.listener.task_states(f.id) == std::vector<run_state>{run_state::running, run_state::unassigned});
}

TEST_CASE("sink task: offsets are committed every offset.flush.interval.ms") {
    sink_fixture f({}, target_state::started, 50ms);
    f.consumer->assign({a0});
    f.consumer->append(a0, {"1", "2"});
    f.start();
    REQUIRE(testing::eventually([&] { return f.consumer->committed()[a0] == 2; }, deadline));
    f.consumer->append(a0, {"3"});
    REQUIRE(testing::eventually([&] { return f.consumer->committed()[a0] == 3; }, deadline));
}

TEST_CASE("sink task: revoked partitions are committed and closed before they go") {
    sink_fixture f;
    f.consumer->assign({a0, b0});
    f.consumer->append(a0, {"a-0", "a-1"});
    f.start();
    REQUIRE(f.sink()->wait_for(2, deadline));
    f.consumer->revoke({a0});
    REQUIRE(
        testing::eventually([&] { return f.sink()->open_partitions() == std::set<topic_partition>{b0}; }, deadline));
    CHECK(f.consumer->committed()[a0] == 2);
    f.consumer->append(b0, {"b-0"});
    REQUIRE(f.sink()->wait_for(3, deadline));
}

TEST_CASE("sink task: a retriable put() is retried with the same records, without duplicates") {
    sink_fixture f(string_map{{"retriable.put.failures", "2"}});
    f.consumer->assign({a0});
    f.consumer->append(a0, {"x", "y"});
    f.start();
    REQUIRE(f.sink()->wait_for(2, deadline));
    f.consumer->append(a0, {"z"});
    REQUIRE(f.sink()->wait_for(3, deadline));
    CHECK(f.sink()->values() == std::vector<std::string>{"x", "y", "z"});
    f.stop();
    CHECK(f.consumer->committed()[a0] == 3);
}

TEST_CASE("sink task: put() that throws fails the task with the exception in the trace") {
    sink_fixture f(string_map{{"fail.on", "put"}});
    f.consumer->assign({a0});
    f.consumer->append(a0, {"x"});
    f.start();
    REQUIRE(f.listener.wait_for_task(f.id, run_state::failed, deadline));
    const auto trace = f.listener.task_trace(f.id);
    CHECK(trace.find("copycat::connect_error: Exiting WorkerSinkTask due to unrecoverable exception.") == 0);
    CHECK(trace.find("Caused by: copycat::connect_error: boom on put") != std::string::npos);
}

TEST_CASE("sink task: a record that cannot be converted fails the task under errors.tolerance=none") {
    sink_fixture f({{"value.converter", "org.apache.kafka.connect.json.JsonConverter"},
                    {"value.converter.schemas.enable", "false"}});
    f.consumer->assign({a0});
    f.consumer->append(a0, {"not json"});
    f.start();
    REQUIRE(f.listener.wait_for_task(f.id, run_state::failed, deadline));
    CHECK(f.listener.task_trace(f.id).find("Tolerance exceeded in error handler") != std::string::npos);
}

TEST_CASE("sink task: errors.tolerance=all skips bad records and still commits past them") {
    sink_fixture f({{"value.converter", "org.apache.kafka.connect.json.JsonConverter"},
                    {"value.converter.schemas.enable", "false"},
                    {"errors.tolerance", "all"},
                    {"errors.log.enable", "true"}});
    f.consumer->assign({a0});
    f.consumer->append(a0, {"\"good-1\"", "not json", "\"good-2\""});
    f.start();
    REQUIRE(f.sink()->wait_for(2, deadline));
    f.stop();
    CHECK(f.sink()->values() == std::vector<std::string>{"good-1", "good-2"});
    CHECK(f.consumer->committed()[a0] == 3);
}

TEST_CASE("sink task: transformations run after conversion") {
    sink_fixture f({{"transforms", "up"}, {"transforms.up.type", "test.UppercaseValue"}});
    f.consumer->assign({a0});
    f.consumer->append(a0, {"abc", "drop", "def"});
    f.start();
    REQUIRE(f.sink()->wait_for(2, deadline));
    f.stop();
    CHECK(f.sink()->values() == std::vector<std::string>{"ABC", "DEF"});
    CHECK(f.consumer->committed()[a0] == 3);
}

TEST_CASE("sink task: pausing stops delivery, resuming delivers what arrived meanwhile") {
    sink_fixture f;
    f.consumer->assign({a0});
    f.consumer->append(a0, {"1"});
    f.start();
    REQUIRE(f.sink()->wait_for(1, deadline));
    f.task->transition_to(target_state::paused);
    REQUIRE(f.listener.wait_for_task(f.id, run_state::paused, deadline));
    CHECK(f.consumer->paused_partitions() == std::set<topic_partition>{a0});
    f.consumer->append(a0, {"2"});
    CHECK_FALSE(f.sink()->wait_for(2, 200ms));
    f.task->transition_to(target_state::started);
    REQUIRE(f.listener.wait_for_task(f.id, run_state::running, deadline));
    REQUIRE(f.sink()->wait_for(2, deadline));
}

TEST_CASE("sink task: a task started paused reports PAUSED and starts on resume") {
    sink_fixture f({}, target_state::paused);
    f.consumer->assign({a0});
    f.consumer->append(a0, {"1"});
    f.start();
    REQUIRE(f.listener.wait_for_task(f.id, run_state::paused, deadline));
    CHECK(f.sink()->records().empty());
    f.task->transition_to(target_state::started);
    REQUIRE(f.sink()->wait_for(1, deadline));
}

TEST_CASE("sink task: a revoked partition's offsets are committed before the task closes it") {
    probe_fixture p;
    auto& f = p.f;
    std::map<topic_partition, std::int64_t> committed_at_close;
    p.probe->on_close = [&](const std::vector<topic_partition>&) { committed_at_close = f.consumer->committed(); };
    f.consumer->assign({a0, b0});
    f.consumer->append(a0, {"a-0", "a-1"});
    f.start();
    REQUIRE(testing::eventually([&] { return p.probe->offsets(a0).size() == 2; }, deadline));
    f.consumer->revoke({a0});
    REQUIRE(testing::eventually([&] { return has_sublist(p.probe->calls_copy(), {"close a-0"}); }, deadline));
    CHECK(committed_at_close == std::map<topic_partition, std::int64_t>{{a0, 2}});
    CHECK(has_sublist(f.consumer->events(), {"revoked a-0", "commit a-0=2"}));
    // b-0 goes on.
    f.consumer->append(b0, {"b-0"});
    REQUIRE(testing::eventually([&] { return p.probe->offsets(b0).size() == 1; }, deadline));
    f.stop();
    CHECK(p.probe->calls_copy() == std::vector<std::string>{"open a-0", "open b-0", "close a-0", "close b-0"});
}

TEST_CASE("sink task: context.offset() backwards makes the consumer deliver the records again") {
    probe_fixture p;
    auto& f = p.f;
    bool rewound = false;
    p.probe->on_put = [&](sink_task_context& context, const std::vector<sink_record>& records) {
        if (!rewound && !records.empty() && records.back().kafka_offset == 2) {
            rewound = true;
            context.offset(a0, 1);
        }
    };
    f.consumer->assign({a0});
    f.consumer->append(a0, {"x0", "x1", "x2"});
    f.start();
    REQUIRE(testing::eventually([&] { return p.probe->offsets(a0).size() == 5; }, deadline));
    CHECK(p.probe->offsets(a0) == std::vector<std::int64_t>{0, 1, 2, 1, 2});
    CHECK(has_sublist(f.consumer->events(), {"seek a-0=1"}));
    f.stop();
    CHECK(f.consumer->committed()[a0] == 3);
}

TEST_CASE("sink task: offsets the task sets in open() are where its partitions start") {
    probe_fixture p;
    auto& f = p.f;
    p.probe->on_open = [](sink_task_context& context, const std::vector<topic_partition>& partitions) {
        for (const auto& tp : partitions) context.offset(tp, 2);
    };
    f.consumer->append(a0, {"x0", "x1", "x2", "x3"});
    f.consumer->assign({a0});
    f.start();
    REQUIRE(testing::eventually([&] { return p.probe->offsets(a0).size() == 2; }, deadline));
    CHECK(p.probe->offsets(a0) == std::vector<std::int64_t>{2, 3});
    CHECK(has_sublist(f.consumer->events(), {"assigned a-0", "seek a-0=2"}));
    f.stop();
    CHECK(f.consumer->committed()[a0] == 4);
}

TEST_CASE("sink task: lost partitions are closed without a commit") {
    probe_fixture p;
    auto& f = p.f;
    f.consumer->assign({a0});
    f.consumer->append(a0, {"x0"});
    f.start();
    REQUIRE(testing::eventually([&] { return p.probe->offsets(a0).size() == 1; }, deadline));
    f.consumer->lose({a0});
    REQUIRE(testing::eventually([&] { return has_sublist(p.probe->calls_copy(), {"close a-0"}); }, deadline));
    f.stop();
    CHECK(f.consumer->committed().empty());
    CHECK(p.probe->calls_copy() == std::vector<std::string>{"open a-0", "close a-0"});
}

TEST_CASE("sink task: records of a revoked partition waiting for redelivery are dropped, not put after close") {
    probe_fixture p;
    auto& f = p.f;
    p.probe->on_put = [](sink_task_context&, const std::vector<sink_record>& records) {
        for (const auto& r : records) {
            if (r.topic == "a") throw retriable_error("a is not ready");
        }
    };
    f.consumer->assign({a0, b0});
    f.consumer->append(a0, {"x0"});
    f.start();
    REQUIRE(testing::eventually(
        [&] {
            return f.consumer->paused_partitions() == std::set<topic_partition>{a0, b0};
        },
        deadline));
    f.consumer->revoke({a0});
    REQUIRE(testing::eventually([&] { return has_sublist(p.probe->calls_copy(), {"close a-0"}); }, deadline));
    f.consumer->append(b0, {"y0"});
    REQUIRE(testing::eventually([&] { return p.probe->offsets(b0).size() == 1; }, deadline));
    CHECK(p.probe->offsets(a0).empty());
    CHECK(f.consumer->paused_partitions().empty());
}
