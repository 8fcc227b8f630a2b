// FileStreamSourceConnector and FileStreamSinkConnector: validation, task configurations,
// exactly-once support and offset changes, as in Kafka's connector tests.
#include <catch2/catch.hpp>

#include <algorithm>

#include "copycat/errors.hpp"
#include "file/file_stream_sink_connector.hpp"
#include "file/file_stream_sink_task.hpp"
#include "file/file_stream_source_connector.hpp"
#include "file/file_stream_source_task.hpp"

using namespace copycat;
using namespace copycat::file;

namespace {

const std::map<std::string, std::string> source_props{{"file", "/somefilename"}, {"topic", "test"}};

const config_value& entry(const std::vector<config_value>& values, std::string_view name) {
    const auto it = std::find_if(values.begin(), values.end(), [&](const auto& v) { return v.name == name; });
    REQUIRE(it != values.end());
    return *it;
}

std::size_t error_count(const std::vector<config_value>& values) {
    std::size_t n = 0;
    for (const auto& v : values) n += v.errors.size();
    return n;
}

bool alter(file_stream_source_connector& c, source_map partition, std::optional<source_map> offset,
           const std::map<std::string, std::string>& props = source_props) {
    return c.alter_offsets(props, {source_offset_change{std::move(partition), std::move(offset)}});
}

}  // namespace

TEST_CASE("source connector validates its keys like Kafka") {
    file_stream_source_connector c;
    CHECK(error_count(c.validate(source_props)) == 0);
    CHECK(c.validate(source_props).size() == 3);

    auto missing = source_props;
    missing.erase("topic");
    const auto values = c.validate(missing);
    REQUIRE(entry(values, "topic").errors.size() == 1);
    CHECK(entry(values, "topic").errors[0] == "Missing required configuration \"topic\" which has no default value.");

    CHECK(entry(c.validate({{"topic", "   "}}), "topic").has_errors());
    CHECK(entry(c.validate({{"topic", "t"}, {"batch.size", "abcd"}}), "batch.size").has_errors());
    CHECK(entry(c.validate({{"topic", "a,b"}}), "topic").errors ==
          std::vector<std::string>{std::string(single_topic_error)});
}

TEST_CASE("source connector start refuses an invalid configuration") {
    file_stream_source_connector c;
    CHECK_THROWS_AS(c.start({{"file", "/x"}}), config_error);
    CHECK_THROWS_WITH(c.start({{"topic", "a,b"}}), std::string(single_topic_error));
}

TEST_CASE("source connector gives exactly one task its whole configuration") {
    file_stream_source_connector c;
    auto props = source_props;
    props["transforms"] = "insert";
    c.start(props);
    for (int max_tasks : {1, 2, 5}) {
        const auto configs = c.task_configs(max_tasks);
        REQUIRE(configs.size() == 1);
        CHECK(configs[0] == props);
    }
    CHECK(dynamic_cast<file_stream_source_task*>(c.create_task().get()) != nullptr);
    c.stop();
}

TEST_CASE("source connector supports exactly-once only for a file") {
    file_stream_source_connector c;
    CHECK(c.exactly_once_support(source_props) == exactly_once_support::supported);
    CHECK(c.exactly_once_support({{"file", " "}, {"topic", "t"}}) == exactly_once_support::unsupported);
    CHECK(c.exactly_once_support({{"topic", "t"}}) == exactly_once_support::unsupported);
    CHECK(c.can_define_transaction_boundaries(source_props) == connector_transaction_boundaries::unsupported);
}

TEST_CASE("source connector checks altered offsets like Kafka") {
    file_stream_source_connector c;
    const source_map partition{{"filename", value("/somefilename")}};
    auto position = [](value v) { return source_map{{"position", std::move(v)}}; };

    CHECK(alter(c, partition, position(value(std::int64_t{10}))));
    CHECK(c.alter_offsets(source_props, {}));
    CHECK_THROWS_AS(alter(c, partition, position(value(std::int64_t{-10}))), connect_error);
    CHECK_THROWS_AS(alter(c, partition, position(value("10"))), connect_error);
    CHECK_THROWS_AS(alter(c, partition, position(value(3.14))), connect_error);
    CHECK_THROWS_AS(alter(c, partition, position(value())), connect_error);
    CHECK_THROWS_WITH(alter(c, partition, source_map{{"other_offset_key", value(std::int64_t{0})}}),
                      "Offset objects should either be null or contain the key 'position'");
    CHECK_THROWS_WITH(alter(c, {{"other_partition_key", value("x")}}, position(value(std::int64_t{0}))),
                      "Partition objects should contain the key 'filename'");

    // Resets are allowed for any partition.
    CHECK(alter(c, {}, std::nullopt));
    CHECK(alter(c, {{"garbage_partition_key", value("garbage")}}, std::nullopt));
    CHECK(c.alter_offsets(source_props, {source_offset_change{partition, position(value(std::int64_t{0}))},
                                         source_offset_change{{{"filename", value("/other")}}, std::nullopt}}));

    CHECK_THROWS_WITH(alter(c, partition, position(value(std::int64_t{0})), {{"topic", "t"}}),
                      Catch::Contains("Offsets cannot be modified if the 'file' configuration is unspecified"));
}

TEST_CASE("sink connector validates and gives every task the configuration") {
    file_stream_sink_connector c;
    const std::map<std::string, std::string> props{{"topics", "test1,test2"}, {"file", "/afilename"}};
    CHECK(error_count(c.validate(props)) == 0);
    c.start(props);
    CHECK(c.task_configs(1) == std::vector<std::map<std::string, std::string>>{props});
    const auto configs = c.task_configs(2);
    REQUIRE(configs.size() == 2);
    CHECK(configs[1] == props);
    CHECK(dynamic_cast<file_stream_sink_task*>(c.create_task().get()) != nullptr);
    CHECK(c.alter_offsets(props, {{topic_partition{"test1", 0}, std::int64_t{5}}}));
    c.stop();
}

TEST_CASE("connectors report the plugin version") {
    CHECK(file_stream_source_connector().version() == plugin_version);
    CHECK(file_stream_sink_connector().version() == plugin_version);
    CHECK(file_stream_source_task().version() == plugin_version);
    CHECK(file_stream_sink_task().version() == plugin_version);
}
