#include <catch2/catch.hpp>

#include "common/json.hpp"
#include "storage/config_records.hpp"
#include "storage/status_records.hpp"

using namespace copycat;
using namespace copycat::storage;

namespace {
json::value parse(const std::string& text) {
    auto v = json::parse(text);
    REQUIRE(v.ok());
    return std::move(v).value();
}
}  // namespace

TEST_CASE("config keys are built as Kafka builds them") {
    CHECK(config_keys::connector("my-conn") == "connector-my-conn");
    CHECK(config_keys::target_state("my-conn") == "target-state-my-conn");
    CHECK(config_keys::task("my-conn", 3) == "task-my-conn-3");
    CHECK(config_keys::commit("my-conn") == "commit-my-conn");
    CHECK(config_keys::restart("my-conn") == "restart-connector-my-conn");
    CHECK(config_keys::task_count("my-conn") == "tasks-fencing-my-conn");
    CHECK(config_keys::session_key == "session-key");
    CHECK(config_keys::logger_cluster("org.apache.kafka") == "logger-cluster-org.apache.kafka");
}

TEST_CASE("config values encode to exactly the JSON JsonConverter writes") {
    CHECK(encode_connector_config({{"a", "b"}}) == R"({"properties":{"a":"b"}})");
    CHECK(encode_connector_config({}) == R"({"properties":{}})");
    CHECK(encode_task_config({{"task.class", "T"}, {"x", "line\n\"q\""}}) ==
          R"({"properties":{"task.class":"T","x":"line\n\"q\""}})");
    CHECK(encode_commit(3) == R"({"tasks":3})");
    CHECK(encode_commit(0) == R"({"tasks":0})");
    CHECK(encode_target_state(target_state_value::started) == R"({"state":"STARTED","state.v2":"STARTED"})");
    CHECK(encode_target_state(target_state_value::paused) == R"({"state":"PAUSED","state.v2":"PAUSED"})");
    CHECK(encode_target_state(target_state_value::stopped) == R"({"state":"PAUSED","state.v2":"STOPPED"})");
    CHECK(encode_restart_request({"c", true, false}) == R"({"include-tasks":true,"only-failed":false})");
    CHECK(encode_restart_request({"c", false, true}) == R"({"include-tasks":false,"only-failed":true})");
    CHECK(encode_task_count(3) == R"({"task-count":3})");
    CHECK(encode_session_key({"AAECAw==", "HmacSHA256", 1730000000000}) ==
          R"({"key":"AAECAw==","algorithm":"HmacSHA256","creation-timestamp":1730000000000})");
    CHECK(encode_logger_level("DEBUG") == R"({"level":"DEBUG"})");
}

TEST_CASE("config values decode back") {
    string_map props{{"connector.class", "X"}, {"tasks.max", "2"}, {"name", "c"}};
    CHECK(*decode_properties(parse(encode_connector_config(props))) == props);
    CHECK(*decode_commit(parse(encode_commit(7))) == 7);
    for (auto s : {target_state_value::started, target_state_value::paused, target_state_value::stopped})
        CHECK(*decode_target_state(parse(encode_target_state(s))) == s);
    restart_request_record r{"c-1", true, true};
    CHECK(*decode_restart_request("c-1", parse(encode_restart_request(r))) == r);
    CHECK(*decode_task_count(parse(encode_task_count(4))) == 4);
    session_key_record k{"c2VjcmV0", "HmacSHA256", 42};
    CHECK(*decode_session_key(parse(encode_session_key(k))) == k);
    CHECK(*decode_logger_level(parse(encode_logger_level("WARN"))) == "WARN");
}

TEST_CASE("config value decoders follow Kafka's leniency and errors") {
    SECTION("properties: non-string scalars keep their text, nulls are dropped") {
        auto p = decode_properties(parse(R"({"properties":{"a":1,"b":true,"c":null,"d":"x"}})"));
        REQUIRE(p.ok());
        CHECK(*p == string_map{{"a", "1"}, {"b", "true"}, {"d", "x"}});
        CHECK_FALSE(decode_properties(parse(R"({"properties":"x"})")).ok());
        CHECK_FALSE(decode_properties(parse(R"({"props":{}})")).ok());
        CHECK_FALSE(decode_properties(parse(R"([1])")).ok());
    }
    SECTION("commit: integers of either width, nothing else") {
        CHECK(*decode_commit(parse(R"({"tasks":2})")) == 2);
        CHECK_FALSE(decode_commit(parse(R"({"tasks":2.5})")).ok());
        CHECK_FALSE(decode_commit(parse(R"({"tasks":"2"})")).ok());
        CHECK_FALSE(decode_commit(parse(R"({})")).ok());
    }
    SECTION("target state: state.v2 preferred, state as fallback") {
        CHECK(*decode_target_state(parse(R"({"state":"PAUSED"})")) == target_state_value::paused);
        CHECK(*decode_target_state(parse(R"({"state":"PAUSED","state.v2":"STOPPED"})")) ==
              target_state_value::stopped);
        CHECK(*decode_target_state(parse(R"({"state":"PAUSED","state.v2":null})")) == target_state_value::paused);
        CHECK(*decode_target_state(parse(R"({"state":"STARTED","state.v2":5})")) == target_state_value::started);
        CHECK_FALSE(decode_target_state(parse(R"({"state":"paused"})")).ok());
        CHECK_FALSE(decode_target_state(parse(R"({"state.v2":"BOGUS","state":"RUNNING"})")).ok());
        CHECK_FALSE(decode_target_state(parse(R"({})")).ok());
    }
    SECTION("restart request: invalid fields default to false") {
        auto r = decode_restart_request("c", parse(R"({"include-tasks":"yes","only-failed":1})"));
        REQUIRE(r.ok());
        CHECK(*r == restart_request_record{"c", false, false});
        r = decode_restart_request("c", parse(R"({"only-failed":true})"));
        CHECK(*r == restart_request_record{"c", false, true});
        CHECK_FALSE(decode_restart_request("c", parse("null")).ok());
    }
    SECTION("session key: every field required with its type") {
        CHECK_FALSE(decode_session_key(parse(R"({"key":"AA==","algorithm":"HmacSHA256"})")).ok());
        CHECK_FALSE(decode_session_key(parse(R"({"key":"AA==","algorithm":"H","creation-timestamp":"1"})")).ok());
        CHECK_FALSE(decode_session_key(parse(R"({"key":"not base64!","algorithm":"H","creation-timestamp":1})")).ok());
    }
}

TEST_CASE("config keys are classified in Kafka's order") {
    auto k = parse_config_key("target-state-a");
    CHECK(k.kind == config_key_kind::target_state);
    CHECK(k.name == "a");
    k = parse_config_key("connector-target-state-x");  // a connector named "target-state-x"
    CHECK(k.kind == config_key_kind::connector);
    CHECK(k.name == "target-state-x");
    k = parse_config_key("task-my-conn-12");
    CHECK(k.kind == config_key_kind::task);
    CHECK(k.name == "my-conn");
    CHECK(k.task == 12);
    CHECK(parse_config_key("task-foo").kind == config_key_kind::bad_task_key);
    CHECK(parse_config_key("task-foo-x").kind == config_key_kind::bad_task_key);
    CHECK(parse_config_key("task-foo-99999999999").kind == config_key_kind::bad_task_key);
    CHECK(parse_config_key("commit-a-b").name == "a-b");
    CHECK(parse_config_key("restart-connector-a").kind == config_key_kind::restart);
    CHECK(parse_config_key("tasks-fencing-a").kind == config_key_kind::task_count);
    CHECK(parse_config_key("tasks-fencing-a").name == "a");
    CHECK(parse_config_key("session-key").kind == config_key_kind::session_key);
    CHECK(parse_config_key("session-key-2").kind == config_key_kind::unknown);
    CHECK(parse_config_key("logger-cluster-org.foo").name == "org.foo");
    CHECK(parse_config_key("something-else").kind == config_key_kind::unknown);
}

TEST_CASE("task ids parse like Kafka's split on '-'") {
    auto id = parse_task_id("task-a--b-3", 1);  // connector "a--b"
    REQUIRE(id);
    CHECK(id->first == "a--b");
    CHECK(id->second == 3);
    id = parse_task_id("task-foo--0", 1);  // connector "foo-"
    REQUIRE(id);
    CHECK(id->first == "foo-");
    id = parse_task_id("task--foo-0", 1);  // connector "-foo"
    REQUIRE(id);
    CHECK(id->first == "-foo");
    id = parse_task_id("task-foo-0-", 1);  // Java drops the trailing empty part
    REQUIRE(id);
    CHECK(id->first == "foo");
    CHECK(id->second == 0);
    id = parse_task_id("task-foo-+7", 1);  // Integer.parseInt accepts a '+'
    REQUIRE(id);
    CHECK(id->second == 7);
    id = parse_task_id("task-ünï cödé:x/y-2", 1);
    REQUIRE(id);
    CHECK(id->first == "ünï cödé:x/y");
    id = parse_task_id("task--1", 1);  // ["task","","1"]: Java accepts an empty connector name
    REQUIRE(id);
    CHECK(id->first.empty());
    CHECK_FALSE(parse_task_id("task-3", 1));
    for (const std::string name : {"plain", "with-dash", "many-dashes-in-it", "trailing-", "x-1-2"}) {
        auto round = parse_task_id(config_keys::task(name, 5), 1);
        REQUIRE(round);
        CHECK(round->first == name);
        CHECK(round->second == 5);
    }
}

TEST_CASE("status keys and values") {
    CHECK(status_keys::connector("c-1") == "status-connector-c-1");
    CHECK(status_keys::task("c-1", 2) == "status-task-c-1-2");
    CHECK(status_keys::topic("orders", "c-1") == "status-topic-orders:connector-c-1");

    auto k = parse_status_key("status-task-my-conn-4");
    CHECK(k.kind == status_key_kind::task);
    CHECK(k.connector == "my-conn");
    CHECK(k.task == 4);
    k = parse_status_key("status-connector-my-conn");
    CHECK(k.kind == status_key_kind::connector);
    CHECK(k.connector == "my-conn");
    k = parse_status_key("status-topic-orders.v1:connector-my-conn");
    CHECK(k.kind == status_key_kind::topic);
    CHECK(k.topic == "orders.v1");
    CHECK(k.connector == "my-conn");
    CHECK(parse_status_key("status-connector-").kind == status_key_kind::invalid);
    CHECK(parse_status_key("status-task-foo").kind == status_key_kind::invalid);
    CHECK(parse_status_key("status-topic-orders").kind == status_key_kind::invalid);
    CHECK(parse_status_key("status-topic-:connector-c").kind == status_key_kind::invalid);
    CHECK(parse_status_key("status-topic-t:connector-").kind == status_key_kind::invalid);
    CHECK(parse_status_key("other").kind == status_key_kind::unknown);

    connector_status_record running{"RUNNING", std::nullopt, "host:8083", 7};
    CHECK(encode_status(running) == R"({"state":"RUNNING","trace":null,"worker_id":"host:8083","generation":7})");
    connector_status_record failed{"FAILED", "java.lang.Exception: x\n\tat A.b(A.java:1)\n", "h:1", 2};
    CHECK(encode_status(failed) ==
          R"({"state":"FAILED","trace":"java.lang.Exception: x\n\tat A.b(A.java:1)\n",)"
          R"("worker_id":"h:1","generation":2})");
    CHECK(*decode_status(encode_status(running)) == running);
    CHECK(*decode_status(encode_status(failed)) == failed);
    CHECK_FALSE(decode_status(R"({"state":"BOGUS","trace":null,"worker_id":"h","generation":1})").ok());
    CHECK_FALSE(decode_status(R"({"state":"RUNNING","trace":null,"worker_id":"h"})").ok());
    CHECK_FALSE(decode_status(R"({"state":"RUNNING","trace":3,"worker_id":"h","generation":1})").ok());
    CHECK_FALSE(decode_status("not json").ok());
    // KIP-891: the plugin's version follows the generation, and is left out when unknown (Kafka 4.1).
    connector_status_record versioned{"RUNNING", std::nullopt, "h:1", 3, "4.1.1"};
    CHECK(encode_status(versioned) ==
          R"({"state":"RUNNING","trace":null,"worker_id":"h:1","generation":3,"version":"4.1.1"})");
    CHECK(*decode_status(encode_status(versioned)) == versioned);
    CHECK_FALSE(decode_status(R"({"state":"RUNNING","trace":null,"worker_id":"h","generation":1,"version":5})")
                    ->version.has_value());

    topic_status_record t{"orders", "c-1", 0, 1730000000000};
    CHECK(encode_topic_status(t) ==
          R"({"topic":{"name":"orders","connector":"c-1","task":0,"discoverTimestamp":1730000000000}})");
    CHECK(*decode_topic_status(encode_topic_status(t)) == t);
    CHECK_FALSE(decode_topic_status(R"({"topic":{"name":"t","connector":"c","task":0}})").ok());
}
