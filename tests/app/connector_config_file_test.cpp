// Connector config files on the command line: a JSON map, a JSON creation request, or Java
// properties, as Kafka's ConnectStandalone reads them.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>

#include "app/connector_config_file.hpp"

using namespace copycat;
using namespace copycat::app;

TEST_CASE("a JSON object of strings is the connector config") {
    auto r = parse_connector_config(R"({"name":"a","connector.class":"FileStreamSource","tasks.max":1})", "a.json");
    REQUIRE(r.ok());
    CHECK(r->name == "a");
    CHECK(r->config == string_map{{"name", "a"}, {"connector.class", "FileStreamSource"}, {"tasks.max", "1"}});
    CHECK_FALSE(r->initial_state);

    auto unnamed = parse_connector_config(R"({"connector.class":"FileStreamSource"})", "b.json");
    CHECK(unnamed.err().message == "Connector configuration at 'b.json' is missing the mandatory 'name' configuration");
}

TEST_CASE("a JSON creation request gives name, config and initial state") {
    auto r = parse_connector_config(
        R"({"name":"a","config":{"connector.class":"FileStreamSink","topics":"t"},"initial_state":"paused","x":1})",
        "a.json");
    REQUIRE(r.ok());
    CHECK(r->name == "a");
    CHECK(r->config.at("name") == "a");
    CHECK(r->initial_state == runtime::target_state::paused);

    auto mismatch = parse_connector_config(R"({"name":"a","config":{"name":"b"}})", "m.json");
    CHECK(mismatch.err().message ==
          "Connector name configuration in 'config' doesn't match the one specified in 'name' at 'm.json'");
    auto bad_state = parse_connector_config(R"({"name":"a","config":{},"initial_state":"ASLEEP"})", "s.json");
    CHECK_THAT(bad_state.err().message, Catch::Contains("invalid initial_state \"ASLEEP\""));
    auto neither = parse_connector_config(R"({"name":"a","config":[1]})", "n.json");
    CHECK_THAT(neither.err().message, Catch::Contains("is neither a JSON object of strings"));
}

TEST_CASE("a key given twice takes its last value, in the request and in its config alike") {
    auto r = parse_connector_config(
        R"({"name":"first","config":{"name":"first","tasks.max":"1","name":"last","tasks.max":"2"},"name":"last"})",
        "d.json");
    REQUIRE(r.ok());
    CHECK(r->name == "last");
    CHECK(r->config == string_map{{"name", "last"}, {"tasks.max", "2"}});
}

TEST_CASE("anything else is read as Java properties") {
    auto r = parse_connector_config(
        "# Kafka's connect-file-source.properties\nname=local-file-source\n"
        "connector.class=FileStreamSource\ntasks.max=1\nfile=test.txt\ntopic=connect-test\n",
        "source.properties");
    REQUIRE(r.ok());
    CHECK(r->name == "local-file-source");
    CHECK(r->config.at("topic") == "connect-test");
    auto unnamed = parse_connector_config("connector.class=FileStreamSource\n", "x.properties");
    CHECK(unnamed.err().message ==
          "Connector configuration at 'x.properties' is missing the mandatory 'name' configuration");
}

TEST_CASE("a file that cannot be read is an error naming it") {
    auto r = read_connector_config_file("/nonexistent/connector.properties");
    REQUIRE_FALSE(r.ok());
    CHECK(r.err().message == "Could not read connector configuration file '/nonexistent/connector.properties'");

    const std::string path = "connector_config_file_test.properties";
    std::ofstream(path) << "name=from-file\nconnector.class=FileStreamSink\n";
    auto read = read_connector_config_file(path);
    std::remove(path.c_str());
    REQUIRE(read.ok());
    CHECK(read->name == "from-file");
}
