// DatagenConnector: validation answers with errors on the keys concerned (never a crash), start()
// refuses what validation refuses, one numbered task configuration per task, offset changes; and
// the built plugin library exports it under its class name.
#include <catch2/catch.hpp>

#include "copycat/errors.hpp"
#include "copycat/plugin.hpp"
#include "datagen/datagen_connector.hpp"
#include "datagen_test_support.hpp"
#include "plugins/loaded_plugin.hpp"

using namespace copycat;
using namespace copycat::datagen;
using namespace copycat::datagen::test;
using Catch::Matchers::Contains;

namespace {

std::size_t error_count(const std::vector<config_value>& values) {
    std::size_t n = 0;
    for (const auto& v : values) n += v.errors.size();
    return n;
}

// The errors of `key` when validating `props`.
std::vector<std::string> errors_of(const config& props, std::string_view key) {
    datagen_connector c;
    return entry(c.validate(props), key).errors;
}

std::string joined(const std::vector<std::string>& errors) {
    std::string out;
    for (const auto& e : errors) out += e + "\n";
    return out;
}

}  // namespace

TEST_CASE("a valid quickstart or schema.string configuration validates without errors") {
    datagen_connector c;
    const auto values = c.validate(quickstart_props("orders"));
    CHECK(error_count(values) == 0);
    CHECK(values.size() == 7);
    CHECK(error_count(c.validate({{"kafka.topic", "t"},
                                  {"schema.string", R"({"fields": [{"name": "a", "type": "string"}]})"},
                                  {"schema.keyfield", "a"}})) == 0);
}

TEST_CASE("validation puts each error on its key") {
    auto props = quickstart_props("users");
    props.erase("kafka.topic");
    CHECK(errors_of(props, "kafka.topic") ==
          std::vector<std::string>{"Missing required configuration \"kafka.topic\" which has no default value."});

    CHECK_THAT(joined(errors_of(quickstart_props("ratings"), "quickstart")),
               Contains("Invalid value ratings for configuration quickstart: must be one of users, pageviews, "
                        "orders, clickstream"));

    auto negative = quickstart_props("users");
    negative["max.interval"] = "-1";
    CHECK_FALSE(errors_of(negative, "max.interval").empty());

    auto both = quickstart_props("users");
    both["schema.string"] = R"({"fields": [{"name": "a", "type": "string"}]})";
    CHECK(errors_of(both, "schema.string") == std::vector<std::string>{std::string(schema_source_error)});
    CHECK(errors_of(both, "quickstart") == std::vector<std::string>{std::string(schema_source_error)});
    const config neither{{"kafka.topic", "t"}};
    CHECK(errors_of(neither, "schema.string") == std::vector<std::string>{std::string(schema_source_error)});
    CHECK(errors_of(neither, "quickstart") == std::vector<std::string>{std::string(schema_source_error)});

    auto keyfield = quickstart_props("users");
    keyfield["schema.keyfield"] = "user";
    CHECK(errors_of(keyfield, "schema.keyfield") ==
          std::vector<std::string>{
              "schema.keyfield \"user\" is not a top-level field of the schema (registertime, userid, regionid, "
              "gender)"});
}

TEST_CASE("a bad schema.string is an error on schema.string that says what is wrong") {
    const auto bad = GENERATE(as<std::string>{}, "not json", "{\"fields\": [", "[]", "{\"fields\": [{\"name\": 1}]}",
                              R"({"fields": [{"name": "a", "type": "int32", "range": {"min": 9, "max": 1}}]})",
                              R"({"fields": [{"name": "a", "type": "string", "regex": "(x"}]})");
    const config props{{"kafka.topic", "t"}, {"schema.string", bad}, {"schema.keyfield", "a"}};
    datagen_connector c;
    const auto values = c.validate(props);
    const auto& errors = entry(values, "schema.string").errors;
    INFO(bad);
    REQUIRE(errors.size() == 1);
    CHECK_THAT(errors[0], Contains("Invalid value for configuration schema.string: "));
    CHECK(error_count(values) == 1);  // no follow-up error on schema.keyfield
    CHECK_THROWS_AS(c.start(props), config_error);
}

TEST_CASE("start() refuses what validation refuses, with the same message") {
    datagen_connector c;
    CHECK_THROWS_WITH(c.start({{"kafka.topic", "t"}}), std::string(schema_source_error));
    auto keyfield = quickstart_props("users");
    keyfield["schema.keyfield"] = "nope";
    CHECK_THROWS_WITH(c.start(keyfield), Contains("schema.keyfield \"nope\" is not a top-level field"));
    CHECK_THROWS_AS(c.start({{"quickstart", "users"}}), config_error);
}

TEST_CASE("each task gets the configuration and its number") {
    datagen_connector c;
    auto props = quickstart_props("users");
    props["tasks.max"] = "3";
    c.start(props);
    const auto configs = c.task_configs(3);
    REQUIRE(configs.size() == 3);
    for (std::size_t i = 0; i < configs.size(); ++i) {
        auto expected = props;
        expected["task.id"] = std::to_string(i);
        CHECK(configs[i] == expected);
    }
    CHECK(dynamic_cast<datagen_task*>(c.create_task().get()) != nullptr);
    c.stop();
}

TEST_CASE("offsets can be set to a count or reset, per task partition") {
    datagen_connector c;
    const auto props = quickstart_props("users");
    const source_map task0{{"task.id", value(0L)}};
    CHECK(c.alter_offsets(props, {{task0, source_map{{"current.iteration", value(5L)}}}}));
    CHECK(c.alter_offsets(props, {{task0, std::nullopt}}));
    CHECK_THROWS_AS(c.alter_offsets(props, {{source_map{{"file", value("x")}}, std::nullopt}}), connect_error);
    CHECK_THROWS_AS(c.alter_offsets(props, {{task0, source_map{{"current.iteration", value(-1L)}}}}), connect_error);
    CHECK_THROWS_AS(c.alter_offsets(props, {{task0, source_map{{"position", value(5L)}}}}), connect_error);
}

TEST_CASE("copycat-datagen exports DatagenConnector under its class name and version") {
    const testing::loaded_plugin library(COPYCAT_DATAGEN_PLUGIN_PATH);
    const copycat_plugin_manifest* manifest = &library.manifest();
    REQUIRE(manifest->plugin_count == 1);
    const plugin_descriptor& d = manifest->plugins[0];
    CHECK(std::string(d.class_name) == "io.copycat.connect.datagen.DatagenConnector");
    CHECK(d.kind == plugin_kind::source_connector);
    CHECK(std::string(d.version) == COPYCAT_DATAGEN_VERSION);
    {
        auto connector = d.create<source_connector>();
        CHECK(entry(connector->validate({}), "kafka.topic").has_errors());
        CHECK_THROWS_AS(connector->start({}), config_error);  // caught by type across the boundary
    }
}
