// The built copycat-file library, loaded the way the worker loads plugins.
#include <catch2/catch.hpp>

#include <string>

#include "copycat/plugin.hpp"
#include "plugins/loaded_plugin.hpp"

using namespace copycat;

TEST_CASE("copycat-file exports both connectors under Kafka's class names") {
    const testing::loaded_plugin library(COPYCAT_FILE_PLUGIN_PATH);
    const copycat_plugin_manifest* manifest = &library.manifest();
    REQUIRE(manifest->plugin_count == 2);

    const plugin_descriptor& source = manifest->plugins[0];
    CHECK(std::string(source.class_name) == "org.apache.kafka.connect.file.FileStreamSourceConnector");
    CHECK(source.kind == plugin_kind::source_connector);
    CHECK(std::string(source.version) == "4.0.0");
    const plugin_descriptor& sink = manifest->plugins[1];
    CHECK(std::string(sink.class_name) == "org.apache.kafka.connect.file.FileStreamSinkConnector");
    CHECK(sink.kind == plugin_kind::sink_connector);
    CHECK(std::string(sink.version) == "4.0.0");
    {
        auto connector = source.create<source_connector>();
        CHECK(connector->version() == "4.0.0");
        const auto report = connector->validate({});
        bool topic_error = false;
        for (const auto& v : report) topic_error |= v.name == "topic" && v.has_errors();
        CHECK(topic_error);
        CHECK_THROWS_AS(connector->start({}), config_error);  // caught by type across the boundary
        CHECK(connector->create_task() != nullptr);
        auto sink_connector_instance = sink.create<sink_connector>();
        CHECK(sink_connector_instance->config().contains("file"));
    }
}
