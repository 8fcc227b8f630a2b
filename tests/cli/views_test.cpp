#include <catch2/catch.hpp>

#include "cli/views.hpp"

using namespace copycat;
using namespace copycat::cli;

namespace {

json::value parse(std::string_view text) {
    auto v = json::parse(text);
    REQUIRE(v.ok());
    return *v;
}

// GET /connectors?expand=info&expand=status of a 2-worker cluster, as Kafka Connect answers it.
const char* const kExpanded = R"({
  "src": {"info": {"name": "src", "config": {"connector.class": "FileStreamSource", "name": "src"},
                   "tasks": [{"connector": "src", "task": 0}], "type": "source"},
          "status": {"name": "src", "connector": {"state": "RUNNING", "worker_id": "w1:8083"},
                     "tasks": [{"id": 0, "state": "RUNNING", "worker_id": "w2:8083"},
                               {"id": 1, "state": "FAILED", "worker_id": "w1:8083", "trace": "boom\n\tat x"}],
                     "type": "source"}},
  "sink": {"info": {"name": "sink", "config": {"connector.class": "FileStreamSink"}, "tasks": [], "type": "sink"},
           "status": {"name": "sink", "connector": {"state": "STOPPED", "worker_id": "w2:8083"}, "tasks": [],
                      "type": "sink"}}})";

}  // namespace

TEST_CASE("connectors list shows name, type, state, running/total tasks and class") {
    CHECK(connectors_view(parse(kExpanded)) ==
          "NAME   TYPE     STATE     TASKS   CLASS\n"
          "src    source   RUNNING   1/2     FileStreamSource\n"
          "sink   sink     STOPPED   0/0     FileStreamSink\n");
    CHECK(connectors_view(parse("{}")) == "NAME   TYPE   STATE   TASKS   CLASS\n");
}

TEST_CASE("status shows the connector and each task, with the first line of a trace") {
    const json::value status = *parse(kExpanded).find("src")->find("status");
    CHECK(status_view(status) ==
          "src (source)\n"
          "WHAT        STATE     WORKER    TRACE\n"
          "connector   RUNNING   w1:8083\n"
          "task 0      RUNNING   w2:8083\n"
          "task 1      FAILED    w1:8083   boom\n");
}

TEST_CASE("get shows the config as key/value rows") {
    const json::value info = *parse(kExpanded).find("src")->find("info");
    CHECK(connector_view(info) ==
          "src (source, 1 tasks)\n"
          "KEY               VALUE\n"
          "connector.class   FileStreamSource\n"
          "name              src\n");
}

TEST_CASE("plugins, validation errors and offsets") {
    CHECK(plugins_view(parse(R"([{"class":"org.a.Source","type":"source","version":"1.0"}])")) ==
          "CLASS          TYPE     VERSION\n"
          "org.a.Source   source   1.0\n");
    CHECK(validation_view(parse(R"({"name":"FileStreamSource","error_count":1,"groups":[],"configs":[
            {"definition":{"name":"topic"},"value":{"name":"topic","value":null,"errors":["Missing required configuration \"topic\""]}},
            {"value":{"name":"file","value":"x","errors":[]}}]})")) ==
          "FileStreamSource: 1 error(s)\n"
          "KEY     ERROR\n"
          "topic   Missing required configuration \"topic\"\n");
    CHECK(validation_view(parse(R"({"name":"P","error_count":0,"configs":[]})")) == "P: 0 error(s)\n");
    CHECK(offsets_view(parse(R"({"offsets":[{"partition":{"filename":"/in"},"offset":{"position":42}}]})")) ==
          "PARTITION            OFFSET\n"
          "{\"filename\":\"/in\"}   {\"position\":42}\n");
}

TEST_CASE("cluster info groups connectors and tasks by the worker that runs them") {
    const json::value info =
        cluster_info(parse(R"({"version":"0.1.0","commit":"abc","kafka_cluster_id":"K1"})"), parse(kExpanded));
    CHECK(json::dump(info) == R"({"version":"0.1.0","commit":"abc","kafka_cluster_id":"K1","workers":[)"
                              R"({"id":"w1:8083","connectors":["src"],"tasks":["src-1"]},)"
                              R"({"id":"w2:8083","connectors":["sink"],"tasks":["src-0"]}]})");
    CHECK(cluster_view(info) ==
          "version 0.1.0 (commit abc), Kafka cluster K1\n"
          "WORKER    CONNECTORS   TASKS\n"
          "w1:8083   src          src-1\n"
          "w2:8083   sink         src-0\n");
}

TEST_CASE("views read odd answers leniently") {
    CHECK(status_view(parse("[]")) == " ()\nWHAT   STATE   WORKER   TRACE\n");
    CHECK(text_at(parse(R"({"n":5,"z":null})"), "n") == "5");
    CHECK(text_at(parse(R"({"n":5,"z":null})"), "z").empty());
    CHECK(array_at(parse(R"({"a":1})"), "a").empty());
}
