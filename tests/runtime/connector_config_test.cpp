#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "copycat/errors.hpp"
#include "runtime/connector_config.hpp"

using namespace copycat;
using namespace copycat::runtime;

TEST_CASE("connector config defaults follow Kafka") {
    const auto values = connector_config_def().parse({{"name", "c"}, {"connector.class", "X"}});
    CHECK(std::get<std::int32_t>(values.at("tasks.max")) == 1);
    CHECK(std::get<bool>(values.at("tasks.max.enforce")));
    CHECK(std::get<std::string>(values.at("errors.tolerance")) == "none");
    CHECK(std::get<std::int64_t>(values.at("errors.retry.timeout")) == 0);
    CHECK(std::get<std::int64_t>(values.at("errors.retry.delay.max.ms")) == 60000);
    CHECK(std::get<std::string>(values.at("config.action.reload")) == "restart");
    CHECK(is_null(values.at("key.converter")));
    CHECK(is_null(values.at("header.converter")));
    CHECK(std::get<config_list>(values.at("transforms")).empty());
}

TEST_CASE("connector config validators reject bad values with Kafka's messages") {
    auto report = connector_config_def().validate_all(
        {{"name", ""}, {"tasks.max", "0"}, {"errors.tolerance", "some"}, {"transforms", "a,b,a"}});
    CHECK(report.at("name").errors.front() == "Invalid value  for configuration name: String may not be empty");
    CHECK(report.at("connector.class").errors.front() ==
          "Missing required configuration \"connector.class\" which has no default value.");
    CHECK(report.at("tasks.max").errors.front() ==
          "Invalid value 0 for configuration tasks.max: Value must be at least 1");
    CHECK(report.at("errors.tolerance").has_errors());
    CHECK(report.at("transforms").errors.front() ==
          "Invalid value [a, b, a] for configuration transforms: Duplicate alias provided.");
}

TEST_CASE("connector config groups") {
    const auto& groups = connector_config_def().groups();
    CHECK(groups == std::vector<std::string>{"Common", "Transforms", "Predicates", "Error Handling"});
    const auto& source = source_connector_config_def().groups();
    CHECK(std::find(source.begin(), source.end(), "Topic Creation") != source.end());
    CHECK(std::find(source.begin(), source.end(), "Exactly Once Support") != source.end());
    CHECK(std::find(source.begin(), source.end(), "offsets.topic") != source.end());
    CHECK(sink_connector_config_def().contains("errors.deadletterqueue.topic.name"));
}

TEST_CASE("source connector keys") {
    auto values = source_connector_config_def().parse({{"name", "c"}, {"connector.class", "X"}});
    CHECK(std::get<std::string>(values.at("exactly.once.support")) == "requested");
    CHECK(std::get<std::string>(values.at("transaction.boundary")) == "poll");
    CHECK(is_null(values.at("transaction.boundary.interval.ms")));
    CHECK(is_null(values.at("offsets.storage.topic")));
    auto report = source_connector_config_def().validate_all({{"name", "c"},
                                                              {"connector.class", "X"},
                                                              {"transaction.boundary", "INTERVAL"},
                                                              {"transaction.boundary.interval.ms", "-1"}});
    CHECK_FALSE(report.at("transaction.boundary").has_errors());
    CHECK(report.at("transaction.boundary.interval.ms").has_errors());
}

TEST_CASE("sink topics: exactly one of topics and topics.regex, DLQ not consumed") {
    std::map<std::string, config_value, std::less<>> v;
    validate_sink_topics({{"topics", "a"}, {"topics.regex", "b.*"}}, v);
    CHECK(v.at("topics").errors.front() == "topics and topics.regex are mutually exclusive options, but both are set.");
    v.clear();
    validate_sink_topics({}, v);
    CHECK(v.at("topics.regex").errors.front() == "Must configure one of topics or topics.regex");
    v.clear();
    validate_sink_topics({{"topics", "a,dlq"}, {"errors.deadletterqueue.topic.name", "dlq"}}, v);
    CHECK(
        v.at("topics").errors.front() ==
        "The DLQ topic 'dlq' may not be included in the list of topics ('topics=[a, dlq]') consumed by the connector");
    v.clear();
    validate_sink_topics({{"topics", "a"}}, v);
    CHECK(v.empty());
    CHECK_THROWS_AS(ensure_valid_sink_topics({}), config_error);
    auto report = sink_connector_config_def().validate_all({{"topics.regex", "("}});
    CHECK(report.at("topics.regex").has_errors());
}
