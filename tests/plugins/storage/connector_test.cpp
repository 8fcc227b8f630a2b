// The connector: configuration checks, task configs, and the plugin library as the worker
// loads it.
#include <catch2/catch.hpp>

#include "copycat/errors.hpp"
#include "copycat/plugin.hpp"
#include "storage/partitioned_file_sink_connector.hpp"
#include "storage/storage_configs.hpp"
#include "plugins/loaded_plugin.hpp"

using namespace copycat;
using namespace copycat::storage;

TEST_CASE("the connector checks its configuration and gives each task a copy") {
    partitioned_file_sink_connector connector;
    CHECK_THROWS_AS(connector.start({{"flush.size", "10"}}), config_error);     // no store.url
    CHECK_THROWS_AS(connector.start({{"store.url", "/tmp/x"}}), config_error);  // no flush.size
    CHECK_THROWS_AS(connector.start({{"store.url", "/tmp/x"}, {"flush.size", "0"}}), config_error);
    CHECK_THROWS_AS(connector.start({{"store.url", "s3://bucket"}, {"flush.size", "1"}}), config_error);
    CHECK_THROWS_AS(connector.start({{"store.url", "/tmp/x"}, {"flush.size", "1"}, {"format.class", "Avro"}}),
                    config_error);
    const std::map<std::string, std::string> props = {
        {"store.url", "file:///data"}, {"flush.size", "5"}, {"topics", "t"}};
    connector.start(props);
    const auto tasks = connector.task_configs(3);
    REQUIRE(tasks.size() == 3);
    CHECK(tasks[2] == props);
    CHECK(connector.create_task() != nullptr);
    bool store_url_error = false;
    for (const auto& v : connector.validate({})) store_url_error |= v.name == "store.url" && v.has_errors();
    CHECK(store_url_error);
}

TEST_CASE("validation reports the rules that span keys on the key concerned") {
    partitioned_file_sink_connector connector;
    const auto errors_of = [&](const std::map<std::string, std::string>& props) {
        std::map<std::string, std::vector<std::string>> errors;
        for (const auto& v : connector.validate(props))
            if (v.has_errors()) errors[v.name] = v.errors;
        return errors;
    };
    std::map<std::string, std::string> props = {
        {"store.url", "/data"},
        {"flush.size", "5"},
        {"partitioner.class", "io.confluent.connect.storage.partitioner.FieldPartitioner"}};
    auto errors = errors_of(props);
    REQUIRE(errors.size() == 1);
    CHECK_THAT(errors["partition.field.name"].front(), Catch::Contains("FieldPartitioner needs"));
    props["partition.field.name"] = "region";
    CHECK(errors_of(props).empty());
    props = {{"store.url", "/data"},
             {"flush.size", "5"},
             {"partitioner.class", "io.confluent.connect.storage.partitioner.DailyPartitioner"},
             {"locale", "en"},
             {"timezone", "Mars/Olympus"}};
    errors = errors_of(props);
    REQUIRE(errors.size() == 1);
    CHECK(errors.contains("timezone"));
}

TEST_CASE("store.url and topics.dir give the root of the topic directories") {
    CHECK(parse_storage_settings({{"store.url", "file:///data/sink"}, {"flush.size", "1"}}).topics_root ==
          "/data/sink/topics");
    CHECK(parse_storage_settings({{"store.url", "/data/"}, {"topics.dir", "out"}, {"flush.size", "1"}}).topics_root ==
          "/data/out");
    CHECK(parse_storage_settings({{"store.url", "/data"}, {"topics.dir", "/elsewhere"}, {"flush.size", "1"}})
              .topics_root == "/elsewhere");
    // Confluent's class names select the same formats.
    CHECK(parse_storage_settings({{"store.url", "/d"},
                                  {"flush.size", "1"},
                                  {"format.class", "io.confluent.connect.s3.format.bytearray.ByteArrayFormat"}})
              .format == format_kind::bytes);
}

TEST_CASE("copycat-storage exports PartitionedFileSinkConnector") {
    const testing::loaded_plugin library(COPYCAT_STORAGE_PLUGIN_PATH);
    const copycat_plugin_manifest* manifest = &library.manifest();
    REQUIRE(manifest->plugin_count == 1);
    const plugin_descriptor& sink = manifest->plugins[0];
    CHECK(std::string(sink.class_name) == "io.copycat.connect.storage.PartitionedFileSinkConnector");
    CHECK(sink.kind == plugin_kind::sink_connector);
    CHECK(std::string(sink.version) == plugin_version);
    auto connector = sink.create<sink_connector>();
    CHECK_THROWS_AS(connector->start({}), config_error);  // caught by type across the boundary
    CHECK(connector->config().contains("flush.size"));
}
