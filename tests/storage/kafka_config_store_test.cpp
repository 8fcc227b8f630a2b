#include <catch2/catch.hpp>

#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "storage/kafka_config_store.hpp"
#include "storage/memory_record_log.hpp"
#include "fake_record_log.hpp"

using namespace copycat;
using namespace copycat::storage;
using copycat::storage::testing::fake_record_log;

namespace {

struct recording_listener : config_store_listener {
    mutable std::mutex mutex;
    std::vector<std::string> events;

    void add(std::string e) {
        std::lock_guard lock(mutex);
        events.push_back(std::move(e));
    }
    void on_connector_config_update(const std::string& c) override { add("config:" + c); }
    void on_task_configs_update(const std::string& c) override { add("tasks:" + c); }
    void on_target_state_change(const std::string& c) override { add("target:" + c); }
    void on_restart_request(const restart_request_record& r) override {
        add("restart:" + r.connector + (r.include_tasks ? ":tasks" : "") + (r.only_failed ? ":failed" : ""));
    }
    void on_session_key_update(const session_key_record& k) override { add("session-key:" + k.algorithm); }
    void on_logger_level_update(const std::string& ns, const std::string& level) override {
        add("logger:" + ns + "=" + level);
    }
    std::vector<std::string> take() {
        std::lock_guard lock(mutex);
        return std::exchange(events, {});
    }
};

struct fixture {
    fake_record_log* log;
    recording_listener listener;
    kafka_config_store store;

    explicit fixture(std::chrono::milliseconds timeout = kafka_config_store::default_timeout)
        : fixture(std::make_unique<fake_record_log>(), timeout) {}
    fixture(std::unique_ptr<fake_record_log> l, std::chrono::milliseconds timeout)
        : log(l.get()), store(std::move(l), listener, timeout) {}
};

std::vector<std::string> keys_of(const std::vector<fake_record_log::sent>& sends) {
    std::vector<std::string> out;
    for (const auto& s : sends) out.push_back(s.key);
    return out;
}

const string_map conn{{"connector.class", "FileStreamSource"}, {"name", "c"}, {"tasks.max", "2"}};

}  // namespace

TEST_CASE("config store: start reads existing records without telling the listener") {
    fixture f;
    f.log->inject(config_keys::connector("c"), encode_connector_config(conn));
    f.log->inject(config_keys::task("c", 0), encode_task_config({{"k", "v"}}));
    f.log->inject(config_keys::commit("c"), encode_commit(1));
    f.log->inject(config_keys::restart("c"), encode_restart_request({"c", true, false}));
    f.log->inject(config_keys::logger_cluster("org"), encode_logger_level("DEBUG"));
    CHECK(f.store.offset() == -1);
    REQUIRE(f.store.start().ok());
    CHECK(f.listener.take().empty());
    auto snap = *f.store.snapshot();
    CHECK(snap.offset == 5);
    CHECK(f.store.offset() == 5);
    CHECK(snap.tasks("c") == std::vector<std::int32_t>{0});

    // After start-up every kind is forwarded.
    f.log->inject(config_keys::connector("d"), encode_connector_config(conn));
    f.log->inject(config_keys::target_state("c"), encode_target_state(target_state_value::paused));
    f.log->inject(config_keys::commit("c"), encode_commit(0));
    f.log->inject(config_keys::restart("c"), encode_restart_request({"c", true, false}));
    f.log->inject("session-key", encode_session_key({"AA==", "HmacSHA256", 1}));
    f.log->inject(config_keys::logger_cluster("org"), encode_logger_level("WARN"));
    f.log->inject(config_keys::connector("d"), std::nullopt);
    CHECK(f.listener.take() == std::vector<std::string>{"config:d", "target:c", "tasks:c", "restart:c:tasks",
                                                        "session-key:HmacSHA256", "logger:org=WARN", "config:d"});
}

TEST_CASE("config store: a connector write puts the target state first, then reads back") {
    fixture f;
    REQUIRE(f.store.start().ok());
    REQUIRE(f.store.put_connector_config("c", conn, target_state_value::stopped).ok());
    auto sends = f.log->sends();
    REQUIRE(sends.size() == 2);
    CHECK(sends[0].key == "target-state-c");
    CHECK(*sends[0].value == R"({"state":"PAUSED","state.v2":"STOPPED"})");
    CHECK(sends[1].key == "connector-c");
    CHECK(*sends[1].value == encode_connector_config(conn));
    auto snap = *f.store.snapshot();
    CHECK(snap.contains("c"));
    CHECK(snap.target("c") == target_state_value::stopped);
    CHECK(snap.offset == 2);
    // The target state of a connector that did not exist yet is not an event; the config is.
    CHECK(f.listener.take() == std::vector<std::string>{"config:c"});

    REQUIRE(f.store.put_connector_config("c", {{"a", "b"}}, std::nullopt).ok());
    CHECK(f.log->sends().size() == 3);
    CHECK(*f.store.snapshot()->connector_config("c") == string_map{{"a", "b"}});
    CHECK(f.store.snapshot()->target("c") == target_state_value::stopped);
    // Snapshots share each config instead of copying it (docs/scale.md).
    CHECK(f.store.snapshot()->connector_config("c") == f.store.snapshot()->connector_config("c"));
}

TEST_CASE("config store: the non-blocking writes send the blocking forms' records and complete once read back") {
    fixture f;
    REQUIRE(f.store.start().ok());
    std::vector<result<void>> done;
    auto record = [&done](result<void> r) { done.push_back(std::move(r)); };

    f.log->stall_reads(true);
    f.store.put_connector_config("my-conn", conn, target_state_value::stopped, record);
    CHECK(keys_of(f.log->sends()) == std::vector<std::string>{"target-state-my-conn", "connector-my-conn"});
    CHECK(done.empty());  // written, not yet read back
    f.log->stall_reads(false);
    REQUIRE(done.size() == 1);
    CHECK(done[0].ok());

    // Reads to the end before it writes anything, then tasks, commit, each read back.
    f.log->stall_reads(true);
    f.store.put_task_configs("my-conn", {{{"t", "0"}}, {{"t", "1"}}}, record);
    CHECK(f.log->sends().size() == 2);
    f.log->stall_reads(false);
    REQUIRE(done.size() == 2);
    CHECK(done[1].ok());
    CHECK(keys_of(f.log->sends()) == std::vector<std::string>{"target-state-my-conn", "connector-my-conn",
                                                              "task-my-conn-0", "task-my-conn-1", "commit-my-conn"});
    CHECK(*f.log->sends()[4].value == R"({"tasks":2})");
    CHECK(f.store.snapshot()->tasks("my-conn") == std::vector<std::int32_t>{0, 1});

    // A failed send fails the write, and nothing after it is sent.
    f.log->fail_next_sends(1);
    f.store.put_task_configs("my-conn", {{{"t", "0"}}}, record);
    REQUIRE(done.size() == 3);
    CHECK_FALSE(done[2].ok());
    CHECK(f.log->sends().size() == 6);
    CHECK(f.store.snapshot()->tasks("my-conn") == std::vector<std::int32_t>{0, 1});
}

TEST_CASE("config store: task configs are written one by one, then committed") {
    fixture f;
    REQUIRE(f.store.start().ok());
    REQUIRE(f.store.put_connector_config("my-conn", conn, std::nullopt).ok());
    f.listener.take();
    std::vector<string_map> tasks{{{"t", "0"}}, {{"t", "1"}}};
    REQUIRE(f.store.put_task_configs("my-conn", tasks).ok());
    CHECK(keys_of(f.log->sends()) ==
          std::vector<std::string>{"connector-my-conn", "task-my-conn-0", "task-my-conn-1", "commit-my-conn"});
    CHECK(*f.log->sends()[3].value == R"({"tasks":2})");
    auto snap = *f.store.snapshot();
    CHECK(snap.tasks("my-conn") == std::vector<std::int32_t>{0, 1});
    CHECK(*snap.task_config("my-conn", 1) == string_map{{"t", "1"}});
    CHECK(f.listener.take() == std::vector<std::string>{"tasks:my-conn"});

    // Stop (KIP-875): an empty task set, then the target state.
    REQUIRE(f.store.put_task_configs("my-conn", {}).ok());
    REQUIRE(f.store.put_target_state("my-conn", target_state_value::stopped).ok());
    auto sends = f.log->sends();
    REQUIRE(sends.size() == 6);
    CHECK(sends[4].key == "commit-my-conn");
    CHECK(*sends[4].value == R"({"tasks":0})");
    CHECK(sends[5].key == "target-state-my-conn");
    snap = *f.store.snapshot();
    CHECK(snap.tasks("my-conn").empty());
    CHECK(snap.target("my-conn") == target_state_value::stopped);
    CHECK(f.listener.take() == std::vector<std::string>{"tasks:my-conn", "target:my-conn"});
}

TEST_CASE("config store: a record larger than the config topic takes is refused before anything is written") {
    fixture f(std::make_unique<fake_record_log>(), kafka_config_store::default_timeout);
    REQUIRE(f.store.start().ok());
    string_map big = conn;
    big["padding"] = std::string(kafka_config_store::default_max_record_bytes, 'x');

    const auto checked = f.store.check_connector_config("c", big);
    REQUIRE_FALSE(checked.ok());
    CHECK(checked.err().code == make_error_code(errc::invalid_argument));
    CHECK_THAT(checked.err().message, Catch::Contains("larger than the 1000000 bytes the config topic accepts"));
    CHECK(f.store.check_connector_config("c", conn).ok());

    const auto written = f.store.put_connector_config("c", big, target_state_value::started);
    REQUIRE_FALSE(written.ok());
    CHECK(written.err().code == make_error_code(errc::invalid_argument));
    const auto tasks = f.store.put_task_configs("c", {conn, big});
    REQUIRE_FALSE(tasks.ok());
    CHECK(tasks.err().code == make_error_code(errc::invalid_argument));
    CHECK(f.log->sends().empty());  // not even the target state or the first task

    // A name is part of the record's key.
    CHECK_FALSE(f.store.check_connector_config(std::string(kafka_config_store::default_max_record_bytes, 'n'), conn).ok());
}

TEST_CASE("config store: removal tombstones the connector and its target state only") {
    fixture f;
    REQUIRE(f.store.start().ok());
    REQUIRE(f.store.put_connector_config("c", conn, target_state_value::paused).ok());
    REQUIRE(f.store.put_task_configs("c", {{{"t", "0"}}}).ok());
    const auto before = f.log->sends().size();
    REQUIRE(f.store.remove_connector_config("c").ok());
    auto sends = f.log->sends();
    REQUIRE(sends.size() == before + 2);
    CHECK(sends[before].key == "connector-c");
    CHECK_FALSE(sends[before].value.has_value());
    CHECK(sends[before + 1].key == "target-state-c");
    CHECK_FALSE(sends[before + 1].value.has_value());
    auto snap = *f.store.snapshot();
    CHECK_FALSE(snap.contains("c"));
    CHECK(snap.tasks("c").empty());
    CHECK(snap.target_states.count("c") == 0);
}

TEST_CASE("config store: restart requests, task counts, session keys and logger levels") {
    fixture f;
    REQUIRE(f.store.start().ok());
    REQUIRE(f.store.put_restart_request({"c", true, true}).ok());
    CHECK(f.log->sends().back().key == "restart-connector-c");
    CHECK(*f.log->sends().back().value == R"({"include-tasks":true,"only-failed":true})");
    REQUIRE(f.store.put_task_count_record("c", 2).ok());
    CHECK(f.log->sends().back().key == "tasks-fencing-c");
    REQUIRE(f.store.put_session_key({"AAECAw==", "HmacSHA256", 9}).ok());
    CHECK(f.log->sends().back().key == "session-key");
    CHECK(f.store.snapshot()->session_key->creation_timestamp == 9);
    REQUIRE(f.store.put_logger_level("org.apache.kafka", "DEBUG").ok());
    CHECK(f.log->sends().back().key == "logger-cluster-org.apache.kafka");
    CHECK(f.listener.take() == std::vector<std::string>{"restart:c:tasks:failed", "session-key:HmacSHA256",
                                                        "logger:org.apache.kafka=DEBUG"});
}

TEST_CASE("config store: failures and timeouts are returned, never thrown") {
    SECTION("not started") {
        fixture f;
        auto r = f.store.put_target_state("c", target_state_value::paused);
        REQUIRE_FALSE(r.ok());
        CHECK(r.err().code == make_error_code(errc::unavailable));
        CHECK_FALSE(f.store.read_to_end(std::chrono::milliseconds(10)).ok());
    }
    SECTION("the log fails to start") {
        fixture f;
        f.log->fail_start(make_error(errc::io_error, "no broker"));
        auto r = f.store.start();
        REQUIRE_FALSE(r.ok());
        CHECK(r.err().code == make_error_code(errc::io_error));
    }
    SECTION("a send fails") {
        fixture f;
        REQUIRE(f.store.start().ok());
        f.log->fail_next_sends(1);
        auto r = f.store.put_connector_config("c", conn, std::nullopt);
        REQUIRE_FALSE(r.ok());
        CHECK(r.err().code == make_error_code(errc::unavailable));
        CHECK_FALSE(f.store.snapshot()->contains("c"));
    }
    SECTION("reading back does not finish in time") {
        fixture f(std::chrono::milliseconds(50));
        REQUIRE(f.store.start().ok());
        f.log->stall_reads(true);
        auto r = f.store.put_target_state("c", target_state_value::paused);
        REQUIRE_FALSE(r.ok());
        CHECK(r.err().code == make_error_code(errc::timeout));
        r = f.store.put_task_configs("c", {{{"a", "b"}}});  // the first read to end times out: nothing written
        REQUIRE_FALSE(r.ok());
        CHECK(r.err().code == make_error_code(errc::timeout));
        CHECK(f.log->sends().size() == 1);
        CHECK(f.store.read_to_end(std::chrono::milliseconds(10)).err().code == make_error_code(errc::timeout));
        f.log->stall_reads(false);
        CHECK(f.store.read_to_end(std::chrono::milliseconds(1000)).ok());
    }
    SECTION("acknowledgements do not arrive in time") {
        fixture f(std::chrono::milliseconds(50));
        REQUIRE(f.store.start().ok());
        f.log->hold_acks(true);
        auto r = f.store.put_connector_config("c", conn, target_state_value::paused);
        REQUIRE_FALSE(r.ok());
        CHECK(r.err().code == make_error_code(errc::timeout));
        f.log->hold_acks(false);
        f.log->release_acks();  // late completions after the writer gave up are harmless
        CHECK(f.store.snapshot()->contains("c"));
    }
}

TEST_CASE("config store: snapshots can be taken from other threads while records arrive") {
    fixture f;
    REQUIRE(f.store.start().ok());
    std::atomic<bool> done{false};
    bool monotonic = true;  // Catch's assertions are for the test's thread only
    std::thread reader([&] {
        std::int64_t last = -1;
        while (!done) {
            auto snap = *f.store.snapshot();
            monotonic = monotonic && snap.offset >= last;
            last = snap.offset;
        }
    });
    for (int i = 0; i < 200; ++i)
        REQUIRE(f.store.put_connector_config("c" + std::to_string(i % 7), conn, std::nullopt).ok());
    done = true;
    reader.join();
    CHECK(monotonic);
    CHECK(f.store.offset() == 200);
    CHECK(f.store.snapshot()->connectors().size() == 7);
}

TEST_CASE("config store on memory_record_log: a write is visible in the snapshot and to a second reader") {
    auto log = std::make_unique<memory_record_log>();
    auto* raw = log.get();
    recording_listener listener;
    kafka_config_store store(std::move(log), listener);
    REQUIRE(store.start().ok());
    REQUIRE(store.put_connector_config("x-y", conn, target_state_value::paused).ok());
    REQUIRE(store.put_task_configs("x-y", {{{"t", "0"}}, {{"t", "1"}}, {{"t", "2"}}}).ok());
    CHECK(store.snapshot()->tasks("x-y") == std::vector<std::int32_t>{0, 1, 2});

    // A worker starting later reads the same topic into the same state.
    recording_listener other_listener;
    kafka_config_store other(std::make_unique<memory_record_log>(raw->records()), other_listener);
    REQUIRE(other.start().ok());
    auto a = *store.snapshot();
    auto b = *other.snapshot();
    CHECK(a.offset == b.offset);
    CHECK(a.connector_configs == b.connector_configs);
    CHECK(a.task_configs == b.task_configs);
    CHECK(a.target_states == b.target_states);
    CHECK(other_listener.take().empty());
}
