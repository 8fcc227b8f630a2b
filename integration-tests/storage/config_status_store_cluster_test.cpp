// kafka_config_store and kafka_status_store over real internal topics: what one worker's store
// writes, a second worker's store (started before or after) reads into the same state.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "kafka/rdkafka/admin_client.hpp"
#include "net/io_thread.hpp"
#include "storage/internal_topics.hpp"
#include "storage/kafka_based_log.hpp"
#include "storage/kafka_config_store.hpp"
#include "storage/kafka_status_store.hpp"
#include "storage/transactional_config_writer.hpp"
#include "support/broker_client.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using copycat::itest::broker_client_config;
using namespace copycat::storage;
using namespace std::chrono_literals;

namespace {

constexpr auto deadline = 30s;

std::string make_topic(std::string_view prefix, std::string_view config_key, std::int32_t partitions) {
    auto admin = rdkafka::admin_client::create(broker_client_config());
    REQUIRE(admin.ok());
    internal_topic_spec spec;
    spec.name = itest::unique_name(prefix);
    spec.config_key = std::string(config_key);
    spec.partitions = partitions;
    spec.replication_factor = 1;
    REQUIRE(ensure_internal_topic(*admin, spec, deadline).ok());
    return spec.name;
}

std::unique_ptr<kafka_based_log> make_log(const std::string& topic, std::map<std::string, std::string> producer) {
    kafka_based_log_options options;
    options.topic = topic;
    options.client = broker_client_config();
    options.client_id = "copycat-stores-cluster-test";
    options.producer_settings = std::move(producer);
    options.start_timeout = deadline;
    return std::make_unique<kafka_based_log>(std::move(options));
}

struct recording_listener : config_store_listener {
    std::mutex mutex;
    std::vector<std::string> events;
    void add(std::string e) {
        std::lock_guard lock(mutex);
        events.push_back(std::move(e));
    }
    void on_connector_config_update(const std::string& c) override { add("config:" + c); }
    void on_task_configs_update(const std::string& c) override { add("tasks:" + c); }
    void on_target_state_change(const std::string& c) override { add("target:" + c); }
    void on_restart_request(const restart_request_record& r) override { add("restart:" + r.connector); }
    bool saw(const std::string& e) {
        std::lock_guard lock(mutex);
        return std::find(events.begin(), events.end(), e) != events.end();
    }
};

template <class Predicate>
bool eventually(Predicate p) {
    const auto until = std::chrono::steady_clock::now() + deadline;
    while (std::chrono::steady_clock::now() < until) {
        if (p()) return true;
        std::this_thread::sleep_for(20ms);
    }
    return p();
}

}  // namespace

TEST_CASE("config stores on one config topic agree, and the second hears the first's writes", "[cluster]") {
    const std::string topic = make_topic("connect-configs", config_topic_key, 1);
    recording_listener listener_a;
    kafka_config_store a(make_log(topic, kafka_config_store::producer_settings()), listener_a);
    REQUIRE(a.start().ok());
    CHECK(a.offset() == -1);

    const string_map conn{{"connector.class", "FileStreamSource"}, {"name", "file-src-1"}, {"tasks.max", "2"}};
    REQUIRE(a.put_connector_config("file-src-1", conn, target_state_value::paused).ok());
    REQUIRE(a.put_task_configs("file-src-1", {{{"t", "0"}}, {{"t", "1"}}}).ok());
    auto snap_a = *a.snapshot();
    CHECK(snap_a.offset == 5);
    CHECK(snap_a.tasks("file-src-1") == std::vector<std::int32_t>{0, 1});
    CHECK(snap_a.target("file-src-1") == target_state_value::paused);

    recording_listener listener_b;
    kafka_config_store b(make_log(topic, kafka_config_store::producer_settings()), listener_b);
    REQUIRE(b.start().ok());
    auto snap_b = *b.snapshot();
    CHECK(snap_b.offset == snap_a.offset);
    CHECK(snap_b.connector_configs == snap_a.connector_configs);
    CHECK(snap_b.task_configs == snap_a.task_configs);
    CHECK(snap_b.target_states == snap_a.target_states);

    REQUIRE(a.put_target_state("file-src-1", target_state_value::started).ok());
    REQUIRE(a.put_restart_request({"file-src-1", true, false}).ok());
    CHECK(eventually([&] { return listener_b.saw("target:file-src-1") && listener_b.saw("restart:file-src-1"); }));
    REQUIRE(a.remove_connector_config("file-src-1").ok());
    REQUIRE(b.read_to_end(deadline).ok());
    CHECK_FALSE(b.snapshot()->contains("file-src-1"));
    CHECK(b.offset() == a.offset());
    a.stop();
    b.stop();
}

// docs/exactly-once-source.md#the-leaders-config-topic-producer: with exactly-once source support
// the leader writes through a transactional producer (connect-cluster-<group.id>); a new leader's
// claim fences the old one, whose next write fails and shows nowhere.
TEST_CASE("a leader whose config-topic producer a newer leader fenced cannot write config records", "[cluster]") {
    const std::string topic = make_topic("connect-configs", config_topic_key, 1);
    const std::string transactional_id = "connect-cluster-" + itest::unique_name("group");
    auto store = [&](config_store_listener& listener) {
        auto s = std::make_unique<kafka_config_store>(make_log(topic, kafka_config_store::producer_settings()), listener);
        s->use_transactional_writer(std::make_unique<transactional_config_writer>(transactional_config_writer_options{
            .client = broker_client_config(), .topic = topic, .transactional_id = transactional_id, .client_id = {}}));
        REQUIRE(s->start().ok());
        return s;
    };
    struct privileges_listener : recording_listener {
        std::atomic<int> lost{0};
        void on_write_privileges_lost() override { ++lost; }
    };
    privileges_listener listener_old, listener_new;
    auto old_leader = store(listener_old);
    auto new_leader = store(listener_new);
    const string_map conn{{"connector.class", "FileStreamSource"}, {"name", "src"}, {"tasks.max", "1"}};

    // Nothing is written before the claim.
    CHECK_FALSE(old_leader->put_connector_config("src", conn, std::nullopt).ok());
    REQUIRE(old_leader->claim_write_privileges().ok());
    REQUIRE(old_leader->put_connector_config("src", conn, std::nullopt).ok());
    REQUIRE(old_leader->put_task_configs("src", {{{"t", "0"}}}).ok());
    REQUIRE(old_leader->put_task_count_record("src", 1).ok());

    REQUIRE(new_leader->claim_write_privileges().ok());
    REQUIRE(new_leader->read_to_end(deadline).ok());
    CHECK(new_leader->snapshot()->tasks("src") == std::vector<std::int32_t>{0});
    CHECK(new_leader->snapshot()->task_count_records.at("src") == 1);

    const int lost_before = listener_old.lost;
    auto fenced = old_leader->put_connector_config("zombie", conn, std::nullopt);
    REQUIRE_FALSE(fenced.ok());
    INFO(fenced.err().describe());
    CHECK(fenced.err().describe().find("transactional") != std::string::npos);
    CHECK(listener_old.lost == lost_before + 1);
    // Target states are not the leader's alone: any worker still writes them.
    REQUIRE(old_leader->put_target_state("src", target_state_value::paused).ok());

    REQUIRE(new_leader->put_connector_config("fresh", conn, std::nullopt).ok());
    REQUIRE(new_leader->read_to_end(deadline).ok());
    const auto seen = *new_leader->snapshot();
    CHECK(seen.contains("fresh"));
    CHECK_FALSE(seen.contains("zombie"));
    CHECK(seen.target("src") == target_state_value::paused);
    old_leader->stop();
    new_leader->stop();
}

TEST_CASE("status stores on one partitioned status topic agree", "[cluster]") {
    const std::string topic = make_topic("connect-status", status_topic_key, 5);
    net::io_thread retries;
    kafka_status_store a(make_log(topic, kafka_status_store::producer_settings()), retries.timers());
    kafka_status_store b(make_log(topic, kafka_status_store::producer_settings()), retries.timers());
    REQUIRE(a.start().ok());
    REQUIRE(b.start().ok());

    a.put_connector("sink-a", {"RUNNING", std::nullopt, "127.0.0.1:8083", 1});
    for (int t = 0; t < 4; ++t) a.put_task("sink-a", t, {"RUNNING", std::nullopt, "127.0.0.1:8083", 1});
    a.put_task("sink-a", 2, {"FAILED", "boom\n\tat x", "127.0.0.1:8083", 1});
    a.put_topic({"orders", "sink-a", 0, 1730000000000});
    REQUIRE(a.flush(deadline).ok());
    REQUIRE(a.read_to_end(deadline).ok());
    REQUIRE(b.read_to_end(deadline).ok());
    for (auto* s : {&a, &b}) {
        CHECK(s->connector("sink-a")->state == "RUNNING");
        CHECK(s->tasks("sink-a").size() == 4);
        CHECK(s->task("sink-a", 2)->trace == std::optional<std::string>("boom\n\tat x"));
        CHECK(s->topics("sink-a").size() == 1);
    }

    // A stale UNASSIGNED from another worker is not written over a newer RUNNING.
    b.put_task("sink-a", 0, {"UNASSIGNED", std::nullopt, "127.0.0.1:9093", 0});
    a.remove_connector("sink-a");
    REQUIRE(a.flush(deadline).ok());
    REQUIRE(b.flush(deadline).ok());
    REQUIRE(b.read_to_end(deadline).ok());
    CHECK_FALSE(b.connector("sink-a"));
    CHECK(b.tasks("sink-a").empty());
    a.stop();
    b.stop();
}
