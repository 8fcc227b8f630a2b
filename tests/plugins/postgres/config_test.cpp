// The connectors' configuration checks, and the built plugin as the worker loads it.
#include <catch2/catch.hpp>

#include <string>

#include "copycat/plugin.hpp"
#include "postgres/postgres_sink_connector.hpp"
#include "postgres/postgres_source_connector.hpp"
#include "postgres/table_names.hpp"
#include "plugins/loaded_plugin.hpp"

using namespace copycat;
using namespace copycat::postgres;

namespace {

std::vector<std::string> errors_of(const std::vector<config_value>& values, const std::string& key) {
    for (const auto& v : values) {
        if (v.name == key) return v.errors;
    }
    return {"<no such key>"};
}

}  // namespace

TEST_CASE("the source's validate() reports the checks that involve several keys") {
    postgres_source_connector c;
    const std::map<std::string, std::string> base = {{"connection.url", "jdbc:postgresql://localhost/db"},
                                                     {"topic.prefix", "pg-"}};
    auto props = base;
    props["mode"] = "timestamp+incrementing";
    const auto values = c.validate(props);
    CHECK(errors_of(values, "incrementing.column.name").size() == 1);
    CHECK(errors_of(values, "timestamp.column.name").size() == 1);

    props = base;
    props["mode"] = "bulk";
    props["table.whitelist"] = "a";
    props["table.blacklist"] = "b";
    CHECK(errors_of(c.validate(props), "table.blacklist").size() == 1);

    props = base;
    props["mode"] = "incrementing";
    props["incrementing.column.name"] = "id";
    CHECK(errors_of(c.validate(props), "incrementing.column.name").empty());
    props["mode"] = "sometimes";
    CHECK_FALSE(errors_of(c.validate(props), "mode").empty());
    CHECK_THROWS_AS(c.start(props), config_error);
}

TEST_CASE("the sink's validate() puts combination errors on the key concerned") {
    postgres_sink_connector c;
    std::map<std::string, std::string> props = {{"connection.url", "jdbc:postgresql://localhost/db"},
                                                {"insert.mode", "upsert"}};
    CHECK(errors_of(c.validate(props), "insert.mode").size() == 1);
    props["pk.mode"] = "record_value";
    CHECK(errors_of(c.validate(props), "insert.mode").empty());
    props["delete.enabled"] = "true";
    CHECK(errors_of(c.validate(props), "delete.enabled").size() == 1);
    CHECK_THROWS_AS(c.start(props), config_error);
}

TEST_CASE("whitelists and blacklists name tables with or without their schema") {
    const std::vector<table_id> all = {{"public", "a"}, {"public", "b"}, {"sales", "a"}, {"sales", "c"}};
    CHECK(select_tables(all, {"a"}, {}) == std::vector<table_id>{{"public", "a"}, {"sales", "a"}});
    CHECK(select_tables(all, {"sales.a"}, {}) == std::vector<table_id>{{"sales", "a"}});
    CHECK(select_tables(all, {}, {"a", "sales.c"}) == std::vector<table_id>{{"public", "b"}});
    CHECK(table_id{"public", "a"}.display() == "a");
    CHECK(table_id{"sales", "a"}.display() == "sales.a");
    CHECK(parse_table_id(" sales . a ") == table_id{"sales", "a"});
}

TEST_CASE("copycat-postgres exports both connectors under their class names") {
    const testing::loaded_plugin library(COPYCAT_POSTGRES_PLUGIN_PATH);
    const copycat_plugin_manifest* manifest = &library.manifest();
    REQUIRE(manifest->plugin_count == 2);
    CHECK(std::string(manifest->plugins[0].class_name) == "io.copycat.connect.postgres.PostgresSourceConnector");
    CHECK(manifest->plugins[0].kind == plugin_kind::source_connector);
    CHECK(std::string(manifest->plugins[1].class_name) == "io.copycat.connect.postgres.PostgresSinkConnector");
    CHECK(manifest->plugins[1].kind == plugin_kind::sink_connector);
    {
        auto source = manifest->plugins[0].create<source_connector>();
        CHECK_THROWS_AS(source->start({}), config_error);  // caught by type across the boundary
    }
}
