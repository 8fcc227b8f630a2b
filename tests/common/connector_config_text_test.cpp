#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>

#include "common/connector_config_text.hpp"

using namespace copycat;

TEST_CASE("a JSON object of strings is the config; numbers and booleans are read as text") {
    auto r = parse_connector_config_text(R"({"connector.class":"FileStreamSource","tasks.max":2,"x":true})", "a.json");
    REQUIRE(r.ok());
    CHECK_FALSE(r->name);
    CHECK(r->config == string_map{{"connector.class", "FileStreamSource"}, {"tasks.max", "2"}, {"x", "true"}});

    auto named = parse_connector_config_text(R"({"name":"src","topic":"t"})", "b.json");
    REQUIRE(named.ok());
    CHECK(named->name == "src");
    CHECK(named->config.at("name") == "src");
}

TEST_CASE("a creation request gives its name, config and initial_state; the name may be left out") {
    auto r = parse_connector_config_text(
        R"({"name":"src","config":{"topic":"t","tasks.max":1},"initial_state":"PAUSED","other":[1]})", "c.json");
    REQUIRE(r.ok());
    CHECK(r->name == "src");
    CHECK(r->config == string_map{{"tasks.max", "1"}, {"topic", "t"}});
    CHECK(r->initial_state == "PAUSED");

    auto unnamed = parse_connector_config_text(R"({"config":{"name":"in-config","topic":"t"}})", "d.json");
    REQUIRE(unnamed.ok());
    CHECK(unnamed->name == "in-config");
    CHECK_FALSE(unnamed->initial_state);

    auto bad = parse_connector_config_text(R"({"name":7,"config":{}})", "e.json");
    REQUIRE_FALSE(bad.ok());
    CHECK_THAT(bad.err().message, Catch::StartsWith("Connector configuration at 'e.json' is neither"));
}

TEST_CASE("other text is a .properties file") {
    auto r = parse_connector_config_text("# a comment\nname=src\nconnector.class = FileStreamSource\n", "f.properties");
    REQUIRE(r.ok());
    CHECK(r->name == "src");
    CHECK(r->config == string_map{{"connector.class", "FileStreamSource"}, {"name", "src"}});
}

TEST_CASE("read_text_input reads a whole file and names a missing one") {
    const std::string path = "connector_config_text_test.json";
    std::ofstream(path) << "{\"a\":\"b\"}\n";
    auto text = read_text_input(path);
    std::remove(path.c_str());
    REQUIRE(text.ok());
    CHECK(*text == "{\"a\":\"b\"}\n");

    auto missing = read_text_input("/nonexistent/c.json");
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.err().message == "Could not read file '/nonexistent/c.json'");
}
