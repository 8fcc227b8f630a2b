#include <catch2/catch.hpp>

#include <string>

#include "runtime/task_converters.hpp"
#include "runtime/test_plugins.hpp"

using namespace copycat;
using namespace copycat::runtime;

namespace {

const std::string json = "org.apache.kafka.connect.json.JsonConverter";
const std::string string_conv = "org.apache.kafka.connect.storage.StringConverter";

worker_config test_worker() {
    worker_config w;
    w.key_converter = string_conv;
    w.value_converter = json;
    w.originals = {{"key.converter", string_conv},
                   {"value.converter", json},
                   {"value.converter.schemas.enable", "true"},
                   {"key.converter.encoding", "UTF-8"}};
    return w;
}

std::string serialize(converter& c, const value& v) {
    headers h;
    auto out = c.from_connect_data("t", h, nullptr, v);
    return out ? std::string(out->begin(), out->end()) : "<null>";
}

}  // namespace

TEST_CASE("a converter named by the connector takes its sub-configs from the connector") {
    auto spec = resolve_converter(
        "value.converter",
        {{"value.converter", " JsonConverter "}, {"value.converter.schemas.enable", "false"}, {"key.converter.x", "y"}},
        test_worker());
    REQUIRE(spec.ok());
    CHECK(spec->from_connector);
    CHECK(spec->class_name == "JsonConverter");
    CHECK(spec->configs == std::map<std::string, std::string>{{"schemas.enable", "false"}});
}

TEST_CASE("without a connector converter the worker's class and originals apply") {
    // The connector's own sub-configs are ignored when it does not name the converter.
    auto spec = resolve_converter("value.converter", {{"value.converter.schemas.enable", "false"}}, test_worker());
    REQUIRE(spec.ok());
    CHECK_FALSE(spec->from_connector);
    CHECK(spec->class_name == json);
    CHECK(spec->configs == std::map<std::string, std::string>{{"schemas.enable", "true"}});
    auto header = resolve_converter("header.converter", {}, test_worker());
    CHECK(header->class_name == "org.apache.kafka.connect.storage.SimpleHeaderConverter");
    worker_config none;
    CHECK_FALSE(resolve_converter("key.converter", {}, none).ok());
}

TEST_CASE("task converters are created and configured from the registry") {
    loader::plugin_registry registry;
    testing::register_test_plugins(registry);
    auto c = task_converters::create(registry, {{"value.converter", json}, {"value.converter.schemas.enable", "false"}},
                                     test_worker());
    REQUIRE(c.ok());
    CHECK(serialize(*c->value, value("x")) == "\"x\"");
    CHECK(serialize(*c->key, value("k")) == "k");

    auto worker_json = task_converters::create(registry, {}, test_worker());
    REQUIRE(worker_json.ok());
    CHECK(serialize(*worker_json->value, value("x")) == "{\"schema\":null,\"payload\":\"x\"}");

    // JsonConverter as a header converter, though the registry knows it as a key/value converter.
    auto json_headers = task_converters::create(registry, {{"header.converter", json}}, test_worker());
    REQUIRE(json_headers.ok());
    CHECK(json_headers->header != nullptr);
}

TEST_CASE("an unknown converter class is an error naming the key") {
    loader::plugin_registry registry;
    testing::register_test_plugins(registry);
    auto c = task_converters::create(registry, {{"key.converter", "com.example.Missing"}}, test_worker());
    REQUIRE_FALSE(c.ok());
    CHECK(c.err().message.find("key.converter") != std::string::npos);
}
