// The sink task loop against a fake consumer: delivery order, offset commits, rebalances,
// retriable put(), pause/resume, errors.tolerance and failures.
#include <catch2/catch.hpp>

#include <atomic>

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

struct sink_fixture {
  testing::recording_listener listener;
  testing::fake_sink_consumer* consumer = nullptr;
  std::shared_ptr<worker_sink_task> task;
  task_id id{unique("sink"), 0};
  std::string collector_name = unique("collector");

  explicit sink_fixture(string_map extra = {}, target_state initial = target_state::started,
                        std::chrono::milliseconds flush_interval = 60s) {
    string_map connector_config{{"connector.class", "test.CollectingSink"},
                                {"topics", "a,b"},
                                {"key.converter", "org.apache.kafka.connect.storage.StringConverter"},
                                {"value.converter", "org.apache.kafka.connect.storage.StringConverter"}};
    for (auto& [k, v] : extra) connector_config.insert_or_assign(k, v);
    string_map task_config = connector_config;
    task_config["collector"] = collector_name;
    worker_config worker;
    worker.header_converter = "org.apache.kafka.connect.storage.SimpleHeaderConverter";

    auto entry = registry().find("test.CollectingSink", {plugin_kind::sink_connector});
    REQUIRE(entry.ok());
    auto converters = task_converters::create(registry(), connector_config, worker);
    REQUIRE(converters.ok());
    auto transforms = transformation_chain::create(registry(), connector_config);
    REQUIRE(transforms.ok());
    auto fake = std::make_unique<testing::fake_sink_consumer>();
    consumer = fake.get();
    worker_sink_task::parts parts{(*entry)->descriptor.create<sink_connector>()->create_task(),
                                  task_config,
                                  std::move(*converters),
                                  std::move(*transforms),
                                  std::move(fake),
                                  record_error_handler::from_config(connector_config),
                                  {"a", "b"}};
    task = std::make_shared<worker_sink_task>(id, initial, listener, std::move(parts),
                                              worker_sink_task::settings{flush_interval, 5s, 500});
  }

  ~sink_fixture() {
    if (task) {
      task->stop();
      task->await_stop(deadline);
      task->release_thread();
    }
  }

  std::shared_ptr<testing::collector> sink() const { return testing::collector_named(collector_name); }

  void stop() {
    task->stop();
    REQUIRE(task->await_stop(deadline));
    task->release_thread();
  }
};

const topic_partition a0{"a", 0};
const topic_partition b0{"b", 0};

}  // namespace

TEST_CASE("sink task: records are delivered in order, committed and the partitions closed on stop") {
  sink_fixture f;
  f.consumer->assign({a0, b0});
  f.consumer->append(a0, {"a-0", "a-1", "a-2"});
  f.consumer->append(b0, {"b-0"});
  f.task->start();
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
  f.task->start();
  REQUIRE(testing::eventually([&] { return f.consumer->committed()[a0] == 2; }, deadline));
  f.consumer->append(a0, {"3"});
  REQUIRE(testing::eventually([&] { return f.consumer->committed()[a0] == 3; }, deadline));
}

TEST_CASE("sink task: revoked partitions are committed and closed before they go") {
  sink_fixture f;
  f.consumer->assign({a0, b0});
  f.consumer->append(a0, {"a-0", "a-1"});
  f.task->start();
  REQUIRE(f.sink()->wait_for(2, deadline));
  f.consumer->revoke({a0});
  REQUIRE(testing::eventually([&] { return f.sink()->open_partitions() == std::set<topic_partition>{b0}; }, deadline));
  CHECK(f.consumer->committed()[a0] == 2);
  f.consumer->append(b0, {"b-0"});
  REQUIRE(f.sink()->wait_for(3, deadline));
}

TEST_CASE("sink task: a retriable put() is retried with the same records, without duplicates") {
  sink_fixture f(string_map{{"retriable.put.failures", "2"}});
  f.consumer->assign({a0});
  f.consumer->append(a0, {"x", "y"});
  f.task->start();
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
  f.task->start();
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
  f.task->start();
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
  f.task->start();
  REQUIRE(f.sink()->wait_for(2, deadline));
  f.stop();
  CHECK(f.sink()->values() == std::vector<std::string>{"good-1", "good-2"});
  CHECK(f.consumer->committed()[a0] == 3);
}

TEST_CASE("sink task: transformations run after conversion") {
  sink_fixture f({{"transforms", "up"}, {"transforms.up.type", "test.UppercaseValue"}});
  f.consumer->assign({a0});
  f.consumer->append(a0, {"abc", "drop", "def"});
  f.task->start();
  REQUIRE(f.sink()->wait_for(2, deadline));
  f.stop();
  CHECK(f.sink()->values() == std::vector<std::string>{"ABC", "DEF"});
  CHECK(f.consumer->committed()[a0] == 3);
}

TEST_CASE("sink task: pausing stops delivery, resuming delivers what arrived meanwhile") {
  sink_fixture f;
  f.consumer->assign({a0});
  f.consumer->append(a0, {"1"});
  f.task->start();
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
  f.task->start();
  REQUIRE(f.listener.wait_for_task(f.id, run_state::paused, deadline));
  CHECK(f.sink()->records().empty());
  f.task->transition_to(target_state::started);
  REQUIRE(f.sink()->wait_for(1, deadline));
}
