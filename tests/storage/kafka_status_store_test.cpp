#include <catch2/catch.hpp>

#include <chrono>

#include "net/io_thread.hpp"
#include "storage/kafka_status_store.hpp"
#include "fake_record_log.hpp"

using namespace copycat;
using namespace copycat::storage;
using copycat::storage::testing::fake_record_log;
using namespace std::chrono_literals;

namespace {

struct fixture {
    net::io_thread retries;  // before the store, which uses its timers
    fake_record_log* log;
    kafka_status_store store;

    explicit fixture(status_store_options options = {}) : fixture(std::make_unique<fake_record_log>(), options) {}
    fixture(std::unique_ptr<fake_record_log> l, status_store_options options)
        : log(l.get()), store(std::move(l), retries.timers(), options) {}
};

connector_status_record status(std::string state, std::string worker, std::int32_t generation) {
    return {std::move(state), std::nullopt, std::move(worker), generation};
}

std::size_t sends_with_key(const fake_record_log& log, const std::string& key) {
    std::size_t n = 0;
    for (const auto& s : log.sends()) n += s.key == key ? 1 : 0;
    return n;
}

}  // namespace

TEST_CASE("status store: writes go out as Kafka's records and show up once read back") {
    fixture f;
    REQUIRE(f.store.start().ok());
    f.store.put_connector("my-conn", status("RUNNING", "host:8083", 7));
    f.store.put_task("my-conn", 0, {"FAILED", "boom\n\tat x", "host:8083", 7});
    f.store.put_topic({"orders", "my-conn", 0, 1730000000000});
    REQUIRE(f.store.flush(1s).ok());
    auto sends = f.log->sends();
    REQUIRE(sends.size() == 3);
    CHECK(sends[0].key == "status-connector-my-conn");
    CHECK(*sends[0].value == R"({"state":"RUNNING","trace":null,"worker_id":"host:8083","generation":7})");
    CHECK(sends[1].key == "status-task-my-conn-0");
    CHECK(*sends[1].value == R"({"state":"FAILED","trace":"boom\n\tat x","worker_id":"host:8083","generation":7})");
    CHECK(sends[2].key == "status-topic-orders:connector-my-conn");
    CHECK(*sends[2].value ==
          R"({"topic":{"name":"orders","connector":"my-conn","task":0,"discoverTimestamp":1730000000000}})");

    CHECK(f.store.connector("my-conn") == status("RUNNING", "host:8083", 7));
    REQUIRE(f.store.task("my-conn", 0));
    CHECK(*f.store.task("my-conn", 0)->trace == "boom\n\tat x");
    CHECK(f.store.tasks("my-conn").size() == 1);
    CHECK(f.store.connectors() == std::vector<std::string>{"my-conn"});
    CHECK(f.store.topics("my-conn") == std::vector<topic_status_record>{{"orders", "my-conn", 0, 1730000000000}});

    f.store.remove_topic("orders", "my-conn");
    CHECK(f.log->sends().back().key == "status-topic-orders:connector-my-conn");
    CHECK_FALSE(f.log->sends().back().value);
    CHECK(f.store.topics("my-conn").empty());
}

TEST_CASE("status store: the cache holds this worker's writes only once read back") {
    fixture f;
    REQUIRE(f.store.start().ok());
    f.log->hold_acks(true);
    f.store.put_connector("c", status("RUNNING", "w1", 1));
    CHECK_FALSE(f.store.connector("c"));
    CHECK(f.store.flush(20ms).err().code == make_error_code(errc::timeout));
    f.log->release_acks();
    REQUIRE(f.store.flush(1s).ok());
    CHECK(f.store.connector("c"));
}

TEST_CASE("status store: start reads existing statuses, malformed ones are skipped") {
    fixture f;
    f.log->inject("status-connector-a", encode_status(status("RUNNING", "w1", 3)));
    f.log->inject("status-task-a-0", encode_status(status("RUNNING", "w1", 3)));
    f.log->inject("status-task-a-1", "{garbage");
    f.log->inject("status-task-a-2", R"({"state":"NOPE","trace":null,"worker_id":"w1","generation":3})");
    f.log->inject("status-task-a", encode_status(status("RUNNING", "w1", 3)));
    f.log->inject("status-connector-", encode_status(status("RUNNING", "w1", 3)));
    f.log->inject(std::nullopt, encode_status(status("RUNNING", "w1", 3)));
    f.log->inject("unrelated", "{}");
    f.log->inject("status-topic-t1:connector-a", encode_topic_status({"t1", "a", 0, 5}));
    REQUIRE(f.store.start().ok());
    CHECK(f.store.connectors() == std::vector<std::string>{"a"});
    CHECK(f.store.tasks("a").size() == 1);
    CHECK(f.store.topics("a").size() == 1);
}

TEST_CASE("status store: safe writes (UNASSIGNED, FAILED)") {
    fixture f;
    REQUIRE(f.store.start().ok());
    f.log->inject("status-connector-c", encode_status(status("RUNNING", "w1", 5)));
    f.log->inject("status-task-c-0", encode_status(status("RUNNING", "w1", 5)));
    const auto before = f.log->sends().size();

    // Another worker, older generation: skipped.
    f.store.put_connector("c", status("UNASSIGNED", "w2", 4));
    f.store.put_task("c", 0, status("FAILED", "w2", 4));
    CHECK(f.log->sends().size() == before);
    CHECK(f.store.connector("c")->state == "RUNNING");

    // Other states are written unconditionally.
    f.store.put_task("c", 0, status("PAUSED", "w2", 4));
    CHECK(f.log->sends().size() == before + 1);
    CHECK(f.store.task("c", 0)->state == "PAUSED");

    // Same worker: written whatever the generation.
    f.store.put_connector("c", status("FAILED", "w1", 1));
    CHECK(f.store.connector("c") == status("FAILED", "w1", 1));

    // Another worker with a generation >= the stored one: written.
    f.store.put_connector("c", status("UNASSIGNED", "w2", 1));
    CHECK(f.store.connector("c") == status("UNASSIGNED", "w2", 1));

    // No stored value: written.
    f.store.put_task("fresh", 3, status("UNASSIGNED", "w9", 0));
    CHECK(f.store.task("fresh", 3));
}

TEST_CASE("status store: a stale UNASSIGNED of a task or connector is ignored on read") {
    fixture f;
    REQUIRE(f.store.start().ok());
    f.log->inject("status-task-c-0", encode_status(status("RUNNING", "w1", 5)));
    f.log->inject("status-task-c-0", encode_status(status("UNASSIGNED", "w2", 5)));
    CHECK(f.store.task("c", 0)->state == "RUNNING");
    f.log->inject("status-task-c-0", encode_status(status("UNASSIGNED", "w2", 4)));
    CHECK(f.store.task("c", 0)->state == "RUNNING");
    f.log->inject("status-task-c-0", encode_status(status("UNASSIGNED", "w2", 6)));
    CHECK(f.store.task("c", 0) == status("UNASSIGNED", "w2", 6));

    // Only over RUNNING.
    f.log->inject("status-task-c-1", encode_status(status("PAUSED", "w1", 5)));
    f.log->inject("status-task-c-1", encode_status(status("UNASSIGNED", "w2", 1)));
    CHECK(f.store.task("c", 1)->state == "UNASSIGNED");

    // Connectors too (Kafka guards only tasks; a stale connector UNASSIGNED would stay shown).
    f.log->inject("status-connector-c", encode_status(status("RUNNING", "w1", 5)));
    f.log->inject("status-connector-c", encode_status(status("UNASSIGNED", "w2", 1)));
    CHECK(f.store.connector("c")->state == "RUNNING");
    f.log->inject("status-connector-c", encode_status(status("UNASSIGNED", "w2", 6)));
    CHECK(f.store.connector("c") == status("UNASSIGNED", "w2", 6));
}

TEST_CASE("status store: another worker's record of an older generation arriving late is ignored on read") {
    // After a broker restart: w1 ran task c-0 at generation 5; the group moved it to w2 at
    // generation 6; w1's producer then delivered a record it had held back during the outage.
    fixture f;
    REQUIRE(f.store.start().ok());
    f.store.set_group_generation(6);
    f.log->inject("status-task-c-0", encode_status(status("RUNNING", "w1", 5)));
    f.log->inject("status-task-c-0", encode_status(status("RUNNING", "w2", 6)));
    f.log->inject("status-task-c-0", encode_status(status("RUNNING", "w1", 5)));
    CHECK(f.store.task("c", 0) == status("RUNNING", "w2", 6));
    f.log->inject("status-connector-c", encode_status(status("RUNNING", "w2", 6)));
    f.log->inject("status-connector-c", encode_status(status("FAILED", "w1", 5)));
    CHECK(f.store.connector("c") == status("RUNNING", "w2", 6));

    // The same worker's records replace its own whatever their generation.
    f.log->inject("status-task-c-0", encode_status(status("PAUSED", "w2", 4)));
    CHECK(f.store.task("c", 0) == status("PAUSED", "w2", 4));
    // A newer generation from another worker replaces it.
    f.log->inject("status-task-c-0", encode_status(status("RUNNING", "w3", 7)));
    CHECK(f.store.task("c", 0) == status("RUNNING", "w3", 7));

    // A cached generation newer than the group's: the group's generation was reset (the group
    // was created anew), so the records of the new group replace the old ones.
    f.log->inject("status-task-c-0", encode_status(status("RUNNING", "w1", 1)));
    CHECK(f.store.task("c", 0) == status("RUNNING", "w1", 1));
}

TEST_CASE("status store: before the worker joined the group, records replace the cache in topic order") {
    fixture f;
    f.log->inject("status-task-c-0", encode_status(status("RUNNING", "w1", 9)));
    f.log->inject("status-task-c-0", encode_status(status("RUNNING", "w2", 1)));
    REQUIRE(f.store.start().ok());
    CHECK(f.store.task("c", 0) == status("RUNNING", "w2", 1));
}

TEST_CASE("status store: DESTROYED and removals write tombstones") {
    fixture f;
    REQUIRE(f.store.start().ok());
    f.store.put_connector("my-conn", status("RUNNING", "w1", 1));
    f.store.put_task("my-conn", 0, status("RUNNING", "w1", 1));
    f.store.put_task("my-conn", 1, status("RUNNING", "w1", 1));
    f.store.put_task("my-conn", 2, status("RUNNING", "w1", 1));
    f.store.put_task("other", 0, status("RUNNING", "w1", 1));

    f.store.put_task("my-conn", 2, status("DESTROYED", "w1", 1));
    CHECK(f.log->sends().back().key == "status-task-my-conn-2");
    CHECK_FALSE(f.log->sends().back().value);
    CHECK_FALSE(f.store.task("my-conn", 2));

    const auto before = f.log->sends().size();
    f.store.remove_connector("my-conn");
    auto sends = f.log->sends();
    REQUIRE(sends.size() == before + 3);
    CHECK(sends[before].key == "status-task-my-conn-0");
    CHECK(sends[before + 1].key == "status-task-my-conn-1");
    CHECK(sends[before + 2].key == "status-connector-my-conn");
    for (std::size_t i = before; i < sends.size(); ++i) CHECK_FALSE(sends[i].value);
    CHECK_FALSE(f.store.connector("my-conn"));
    CHECK(f.store.tasks("my-conn").empty());
    CHECK(f.store.task("other", 0));

    f.store.remove_task("other", 0);
    CHECK_FALSE(f.store.task("other", 0));
}

TEST_CASE("status store: a connector tombstone read from the topic drops its task statuses") {
    fixture f;
    REQUIRE(f.store.start().ok());
    f.log->inject("status-connector-c", encode_status(status("RUNNING", "w1", 1)));
    f.log->inject("status-task-c-0", encode_status(status("RUNNING", "w1", 1)));
    f.log->inject("status-connector-c", std::nullopt);
    CHECK_FALSE(f.store.connector("c"));
    CHECK(f.store.tasks("c").empty());
}

TEST_CASE("status store: failed sends are retried unless superseded") {
    SECTION("retried until written") {
        fixture f(status_store_options{5, 1ms});
        REQUIRE(f.store.start().ok());
        f.log->fail_next_sends(2);
        f.store.put_connector("c", status("RUNNING", "w1", 1));
        REQUIRE(f.store.flush(5s).ok());
        CHECK(sends_with_key(*f.log, "status-connector-c") == 3);
        CHECK(f.store.connector("c"));
    }
    SECTION("given up after max_retries") {
        fixture f(status_store_options{2, 1ms});
        REQUIRE(f.store.start().ok());
        f.log->fail_next_sends(100);
        f.store.put_connector("c", status("RUNNING", "w1", 1));
        REQUIRE(f.store.flush(5s).ok());
        CHECK(sends_with_key(*f.log, "status-connector-c") == 3);
        CHECK_FALSE(f.store.connector("c"));
    }
    SECTION("a newer write for the key supersedes the retry") {
        fixture f(status_store_options{5, 60s});
        REQUIRE(f.store.start().ok());
        f.log->fail_next_sends(1);
        f.store.put_task("c", 0, status("RUNNING", "w1", 1));
        f.store.put_task("c", 0, status("PAUSED", "w1", 1));
        REQUIRE(f.store.flush(5s).ok());
        CHECK(sends_with_key(*f.log, "status-task-c-0") == 2);
        CHECK(f.store.task("c", 0)->state == "PAUSED");
    }
    SECTION("a new generation supersedes the retry") {
        fixture f(status_store_options{5, 60s});
        REQUIRE(f.store.start().ok());
        f.log->fail_next_sends(1);
        f.store.put_task("c", 0, status("RUNNING", "w1", 1));
        f.store.put_connector("d", status("RUNNING", "w1", 2));
        REQUIRE(f.store.flush(5s).ok());
        CHECK(sends_with_key(*f.log, "status-task-c-0") == 1);
        CHECK_FALSE(f.store.task("c", 0));
    }
    SECTION("a tombstone read back supersedes the retry") {
        fixture f(status_store_options{5, 60s});
        REQUIRE(f.store.start().ok());
        f.log->fail_next_sends(1);
        f.store.put_task("c", 0, status("RUNNING", "w1", 1));
        f.log->inject("status-task-c-0", std::nullopt);  // another worker deleted it
        REQUIRE(f.store.flush(5s).ok());
        CHECK(sends_with_key(*f.log, "status-task-c-0") == 1);
    }
    SECTION("stopping drops pending retries") {
        fixture f(status_store_options{5, 60s});
        REQUIRE(f.store.start().ok());
        f.log->fail_next_sends(1);
        f.store.put_task("c", 0, status("RUNNING", "w1", 1));
        f.store.stop();
        CHECK(f.store.flush(1s).ok());
        f.store.put_task("c", 0, status("RUNNING", "w1", 1));  // dropped: not running
        CHECK(sends_with_key(*f.log, "status-task-c-0") == 1);
    }
}

TEST_CASE("status store: read_to_end") {
    fixture f;
    REQUIRE(f.store.start().ok());
    CHECK(f.store.read_to_end(1s).ok());
    f.log->stall_reads(true);
    CHECK(f.store.read_to_end(20ms).err().code == make_error_code(errc::timeout));
    f.log->stall_reads(false);
}
