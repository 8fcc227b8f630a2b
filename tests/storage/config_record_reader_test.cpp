#include <catch2/catch.hpp>

#include "storage/config_record_reader.hpp"

using namespace copycat;
using namespace copycat::storage;

namespace {

// Feeds records with consecutive offsets.
struct feeder {
    config_record_reader reader;
    std::int64_t next = 0;

    std::optional<config_event> operator()(std::optional<std::string> key, std::optional<std::string> value) {
        log_record r;
        r.key = std::move(key);
        r.value = std::move(value);
        r.offset = next++;
        return reader.apply(r);
    }
    const cluster_config& state() const { return reader.state(); }
};

const string_map conn{{"connector.class", "X"}, {"tasks.max", "2"}};
string_map task_props(int n) { return {{"task.class", "T"}, {"n", std::to_string(n)}}; }

}  // namespace

TEST_CASE("reader: offset is -1 before any record, then last offset + 1") {
    feeder f;
    CHECK(f.state().offset == -1);
    f(config_keys::connector("a"), encode_connector_config(conn));
    CHECK(f.state().offset == 1);
    f.next = 41;
    f("unknown-key", "{}");
    CHECK(f.state().offset == 42);
}

TEST_CASE("reader: connector configs, default target state, removal") {
    feeder f;
    auto e = f(config_keys::connector("a"), encode_connector_config(conn));
    REQUIRE(e);
    CHECK(e->what == config_event::kind::connector_config);
    CHECK(e->name == "a");
    CHECK(f.state().contains("a"));
    CHECK(*f.state().connector_config("a") == conn);
    CHECK(f.state().target_states.at("a") == target_state_value::started);
    CHECK(f.state().connectors() == std::vector<std::string>{"a"});

    f(config_keys::task("a", 0), encode_task_config(task_props(0)));
    f(config_keys::commit("a"), encode_commit(1));
    REQUIRE(f.state().task_config("a", 0));

    e = f(config_keys::connector("a"), std::nullopt);
    REQUIRE(e);
    CHECK(e->what == config_event::kind::connector_config);
    CHECK_FALSE(f.state().contains("a"));
    CHECK(f.state().task_config("a", 0) == nullptr);
    CHECK(f.state().tasks("a").empty());
    CHECK(f.state().task_counts.count("a") == 0);
}

TEST_CASE("reader: task configs are invisible until their commit") {
    feeder f;
    f(config_keys::connector("a"), encode_connector_config(conn));
    CHECK_FALSE(f(config_keys::task("a", 0), encode_task_config(task_props(0))));
    f(config_keys::task("a", 1), encode_task_config(task_props(1)));
    CHECK(f.state().task_config("a", 0) == nullptr);
    CHECK(f.state().tasks("a").empty());
    CHECK(f.reader.deferred().at("a").size() == 2);

    auto e = f(config_keys::commit("a"), encode_commit(2));
    REQUIRE(e);
    CHECK(e->what == config_event::kind::task_configs);
    CHECK(e->name == "a");
    CHECK(f.state().tasks("a") == std::vector<std::int32_t>{0, 1});
    CHECK(*f.state().task_config("a", 1) == task_props(1));
    CHECK(f.state().task_config_generations.at("a") == 0);
    CHECK(f.state().pending_fencing.count("a") == 1);
    CHECK(f.reader.deferred().at("a").empty());

    // A new generation replaces the configs only at the next commit.
    f(config_keys::task("a", 0), encode_task_config({{"v", "2"}}));
    CHECK(*f.state().task_config("a", 0) == task_props(0));
    f(config_keys::commit("a"), encode_commit(1));
    CHECK(*f.state().task_config("a", 0) == string_map{{"v", "2"}});
    CHECK(f.state().tasks("a") == std::vector<std::int32_t>{0});
    CHECK(f.state().task_config_generations.at("a") == 1);

    // A task-count record clears "pending fencing", and tells the herder (its waiting tasks start).
    const auto event = f(config_keys::task_count("a"), encode_task_count(1));
    REQUIRE(event);
    CHECK(event->what == config_event::kind::task_count);
    CHECK(event->name == "a");
    CHECK(f.state().pending_fencing.count("a") == 0);
    CHECK(f.state().task_count_records.at("a") == 1);
}

TEST_CASE("reader: a commit with missing ids makes the connector inconsistent until a full set") {
    feeder f;
    f(config_keys::connector("a"), encode_connector_config(conn));
    f(config_keys::task("a", 1), encode_task_config(task_props(1)));  // task 0 compacted away
    auto e = f(config_keys::commit("a"), encode_commit(2));
    REQUIRE(e);  // Kafka tells the listener about every commit it processes
    CHECK(e->what == config_event::kind::task_configs);
    CHECK(f.state().inconsistent.count("a") == 1);
    CHECK(f.state().tasks("a").empty());
    CHECK(f.state().task_count("a") == 2);
    CHECK(f.state().task_config("a", 1) == nullptr);
    CHECK(f.reader.deferred().at("a").empty());  // cleared even though not applied

    f(config_keys::task("a", 0), encode_task_config(task_props(0)));
    f(config_keys::commit("a"), encode_commit(2));  // task 1 is gone from the deferred set
    CHECK(f.state().inconsistent.count("a") == 1);

    f(config_keys::task("a", 0), encode_task_config(task_props(0)));
    f(config_keys::task("a", 1), encode_task_config(task_props(1)));
    f(config_keys::commit("a"), encode_commit(2));
    CHECK(f.state().inconsistent.empty());
    CHECK(f.state().tasks("a") == std::vector<std::int32_t>{0, 1});
}

TEST_CASE("reader: extra task ids are fine, zero tasks allowed") {
    feeder f;
    f(config_keys::connector("a"), encode_connector_config(conn));
    f(config_keys::task("a", 2), encode_task_config(task_props(2)));  // stale, left by compaction
    f(config_keys::task("a", 0), encode_task_config(task_props(0)));
    f(config_keys::commit("a"), encode_commit(1));
    CHECK(f.state().inconsistent.empty());
    CHECK(f.state().tasks("a") == std::vector<std::int32_t>{0});
    CHECK(f.state().task_config("a", 0) != nullptr);

    f(config_keys::commit("a"), encode_commit(0));  // KIP-875 stop: an empty task set
    CHECK(f.state().tasks("a").empty());
    CHECK(f.state().task_counts.at("a") == 0);
    CHECK(f.state().inconsistent.empty());
}

TEST_CASE("reader: a commit for a deleted connector is dropped with its task configs") {
    feeder f;
    f(config_keys::task("gone", 0), encode_task_config(task_props(0)));
    CHECK_FALSE(f(config_keys::commit("gone"), encode_commit(1)));
    CHECK(f.state().task_counts.count("gone") == 0);
    CHECK(f.state().task_config("gone", 0) == nullptr);
    CHECK(f.reader.deferred().count("gone") == 0);
    CHECK(f.state().pending_fencing.count("gone") == 0);
    CHECK(f.state().offset == 2);
}

TEST_CASE("reader: target states") {
    feeder f;
    SECTION("v1 record written by an old worker") {
        f(config_keys::connector("a"), encode_connector_config(conn));
        auto e = f(config_keys::target_state("a"), R"({"state":"PAUSED"})");
        REQUIRE(e);
        CHECK(e->what == config_event::kind::target_state);
        CHECK(f.state().target("a") == target_state_value::paused);
    }
    SECTION("v2 with STOPPED wins over the legacy field") {
        f(config_keys::connector("a"), encode_connector_config(conn));
        f(config_keys::target_state("a"), R"({"state":"PAUSED","state.v2":"STOPPED"})");
        CHECK(f.state().target("a") == target_state_value::stopped);
    }
    SECTION("no event when unchanged or when the connector has no config yet") {
        CHECK_FALSE(f(config_keys::target_state("a"), encode_target_state(target_state_value::paused)));
        CHECK(f.state().target("a") == target_state_value::paused);
        f(config_keys::connector("a"), encode_connector_config(conn));  // created paused
        CHECK(f.state().target("a") == target_state_value::paused);
        CHECK_FALSE(f(config_keys::target_state("a"), encode_target_state(target_state_value::paused)));
        CHECK(f(config_keys::target_state("a"), encode_target_state(target_state_value::started)));
    }
    SECTION("missing means STARTED; a tombstone resets to STARTED while the config exists") {
        CHECK(f.state().target("nobody") == target_state_value::started);
        f(config_keys::connector("a"), encode_connector_config(conn));
        f(config_keys::target_state("a"), encode_target_state(target_state_value::paused));
        CHECK_FALSE(f(config_keys::target_state("a"), std::nullopt));
        CHECK(f.state().target("a") == target_state_value::started);
        f(config_keys::connector("a"), std::nullopt);
        f(config_keys::target_state("a"), std::nullopt);
        CHECK(f.state().target_states.count("a") == 0);
    }
    SECTION("an invalid state is ignored") {
        f(config_keys::connector("a"), encode_connector_config(conn));
        f(config_keys::target_state("a"), encode_target_state(target_state_value::paused));
        CHECK_FALSE(f(config_keys::target_state("a"), R"({"state":"SLEEPING"})"));
        CHECK(f.state().target("a") == target_state_value::paused);
    }
}

TEST_CASE("reader: restart requests, invalid fields default to false") {
    feeder f;
    auto e = f(config_keys::restart("my-conn"), R"({"include-tasks":true,"only-failed":true})");
    REQUIRE(e);
    CHECK(e->what == config_event::kind::restart_request);
    CHECK(e->restart == restart_request_record{"my-conn", true, true});
    e = f(config_keys::restart("my-conn"), R"({"include-tasks":"true","only-failed":null})");
    REQUIRE(e);
    CHECK(e->restart == restart_request_record{"my-conn", false, false});
    CHECK_FALSE(f(config_keys::restart("my-conn"), R"("nope")"));
}

TEST_CASE("reader: session keys and logger levels") {
    feeder f;
    auto e = f("session-key", encode_session_key({"AAECAw==", "HmacSHA256", 5}));
    REQUIRE(e);
    CHECK(e->what == config_event::kind::session_key);
    REQUIRE(f.state().session_key);
    CHECK(f.state().session_key->algorithm == "HmacSHA256");
    CHECK_FALSE(f("session-key", std::nullopt));  // a null key is ignored
    CHECK(f.state().session_key);
    e = f(config_keys::logger_cluster("org.apache"), encode_logger_level("DEBUG"));
    REQUIRE(e);
    CHECK(e->what == config_event::kind::logger_level);
    CHECK(e->name == "org.apache");
    CHECK(e->level == "DEBUG");
}

TEST_CASE("reader: malformed records are skipped, never fatal") {
    feeder f;
    f(config_keys::connector("a"), encode_connector_config(conn));
    REQUIRE(f.state().offset == 1);

    SECTION("a value that is not JSON is skipped without moving the offset (Kafka's converter failure)") {
        CHECK_FALSE(f(config_keys::connector("a"), "{not json"));
        CHECK(f.state().offset == 1);
        CHECK(*f.state().connector_config("a") == conn);
        f(config_keys::connector("b"), encode_connector_config(conn));  // the next good record catches up
        CHECK(f.state().offset == 3);
    }
    SECTION("JSON of the wrong shape is skipped and the offset advances") {
        CHECK_FALSE(f(config_keys::connector("a"), R"({"properties":"oops"})"));
        CHECK(f.state().offset == 2);
        CHECK_FALSE(f(config_keys::connector("a"), "[]"));
        CHECK_FALSE(f(config_keys::task("a", 0), "42"));
        CHECK_FALSE(f(config_keys::task("a", 0), std::nullopt));
        CHECK_FALSE(f(config_keys::commit("a"), R"({"tasks":"many"})"));
        CHECK_FALSE(f(config_keys::task_count("a"), "{}"));
        CHECK_FALSE(f("session-key", R"({"key":1})"));
        CHECK_FALSE(f("task-without-number", encode_task_config({})));
        CHECK_FALSE(f("mystery", "{}"));
        CHECK_FALSE(f(std::nullopt, "{}"));
        CHECK(f.state().offset == 11);
        CHECK(*f.state().connector_config("a") == conn);
        CHECK(f.state().task_counts.count("a") == 0);
    }
}
