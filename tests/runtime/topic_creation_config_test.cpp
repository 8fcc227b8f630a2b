// KIP-158 topic creation groups of a source connector config: parsing, Kafka's messages for
// missing and invalid keys, and which group a topic falls into.
#include <catch2/catch.hpp>

#include <string>

#include "copycat/errors.hpp"
#include "runtime/topic_creation_config.hpp"

using namespace copycat;
using namespace copycat::runtime;

namespace {

string_map with_defaults(string_map extra = {}) {
    string_map props{{"name", "c"},
                     {"connector.class", "FileStreamSource"},
                     {"topic.creation.default.replication.factor", "1"},
                     {"topic.creation.default.partitions", "3"}};
    for (auto& [k, v] : extra) props.insert_or_assign(k, v);
    return props;
}

std::string error_of(const string_map& props) {
    try {
        (void)topic_creation_groups(props);
    } catch (const config_error& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("a config without topic.creation keys has no topic creation groups") {
    CHECK_FALSE(uses_topic_creation({{"name", "c"}, {"topic", "t"}}));
    CHECK(topic_creation_groups({{"name", "c"}, {"topic", "t"}}).empty());
}

TEST_CASE("the default group takes every topic with its partitions, replication factor and topic configs") {
    const auto groups = topic_creation_groups(
        with_defaults({{"topic.creation.default.cleanup.policy", "delete"},
                       {"topic.creation.default.include", "nothing"},  // ignored: the default takes all
                       {"topic.creation.default.exclude", ".*"}}));
    REQUIRE(groups.size() == 1);
    const auto& g = groups.front();
    CHECK(g.name == "default");
    CHECK(g.partitions == 3);
    CHECK(g.replication_factor == 1);
    CHECK(g.configs == std::map<std::string, std::string>{{"cleanup.policy", "delete"}});
    CHECK(g.matches("anything"));
    const auto topic = g.new_topic("orders");
    CHECK(topic.name == "orders");
    CHECK(topic.partitions == 3);
    CHECK(topic.replication_factor == 1);
}

TEST_CASE("listed groups come first, in order, and inherit the default group's numbers") {
    const auto groups = topic_creation_groups(with_defaults({
        {"topic.creation.groups", "compacted, default, logs, compacted"},
        {"topic.creation.compacted.include", ".*-compacted, orders"},
        {"topic.creation.compacted.exclude", "skip-.*"},
        {"topic.creation.compacted.partitions", "2"},
        {"topic.creation.compacted.cleanup.policy", "compact"},
        {"topic.creation.logs.include", "log.*"},
        {"topic.creation.logs.replication.factor", "-1"},
    }));
    REQUIRE(groups.size() == 3);
    CHECK(groups[0].name == "compacted");
    CHECK(groups[1].name == "logs");
    CHECK(groups[2].name == "default");
    CHECK(groups[0].partitions == 2);
    CHECK(groups[0].replication_factor == 1);
    CHECK(groups[0].configs == std::map<std::string, std::string>{{"cleanup.policy", "compact"}});
    CHECK(groups[1].partitions == 3);
    CHECK(groups[1].replication_factor == -1);
    CHECK(groups[1].configs.empty());

    CHECK(groups[0].matches("a-compacted"));
    CHECK(groups[0].matches("orders"));
    CHECK_FALSE(groups[0].matches("orders-2"));     // the whole name must match
    CHECK_FALSE(groups[0].matches("skip-compacted"));  // exclusion wins
    CHECK(groups[1].matches("log-compacted"));
    CHECK_FALSE(groups[1].matches("other"));
}

TEST_CASE("a group without include matches no topic") {
    const auto groups =
        topic_creation_groups(with_defaults({{"topic.creation.groups", "empty"}, {"topic.creation.empty.partitions", "5"}}));
    REQUIRE(groups.size() == 2);
    CHECK_FALSE(groups[0].matches("t"));
}

TEST_CASE("the default group's replication factor and partitions are required") {
    CHECK(error_of({{"topic.creation.groups", "a"}}) ==
          "Missing required configuration \"topic.creation.default.replication.factor\" which has no default value.");
    CHECK(error_of({{"topic.creation.default.replication.factor", "1"}}) ==
          "Missing required configuration \"topic.creation.default.partitions\" which has no default value.");
}

TEST_CASE("replication factors and partition counts must be positive or -1, as Kafka says") {
    CHECK(error_of(with_defaults({{"topic.creation.default.replication.factor", "0"}})) ==
          "Invalid value 0 for configuration replication.factor: Replication factor must be positive and not larger "
          "than the number of brokers in the Kafka cluster, or -1 to use the broker's default");
    CHECK(error_of(with_defaults({{"topic.creation.default.replication.factor", "-2"}})) ==
          "Invalid value -2 for configuration replication.factor: Replication factor must be positive and not "
          "larger than the number of brokers in the Kafka cluster, or -1 to use the broker's default");
    CHECK(error_of(with_defaults({{"topic.creation.default.partitions", "0"}})) ==
          "Invalid value 0 for configuration partitions: Number of partitions must be positive, or -1 to use the "
          "broker's default");
    CHECK(error_of(with_defaults({{"topic.creation.default.partitions", "three"}})) ==
          "Invalid value three for configuration topic.creation.default.partitions: Not a number of type INT");
    CHECK(error_of(with_defaults({{"topic.creation.default.partitions", "-1"},
                                  {"topic.creation.default.replication.factor", "-1"}})) == "");
}

TEST_CASE("the keys of a listed group are validated") {
    CHECK(error_of(with_defaults({{"topic.creation.groups", "g"}, {"topic.creation.g.partitions", "0"}})) ==
          "Invalid value 0 for configuration partitions: Number of partitions must be positive, or -1 to use the "
          "broker's default");
    CHECK(error_of(with_defaults({{"topic.creation.groups", "g"}, {"topic.creation.g.replication.factor", "-5"}}))
              .starts_with("Invalid value -5 for configuration replication.factor: Replication factor must be"));
    CHECK(error_of(with_defaults({{"topic.creation.groups", "g"}, {"topic.creation.g.include", "a(b"}}))
              .starts_with("Invalid value [a(b] for configuration include: Syntax error in regular expression: "));
    // A group that is not listed is not a group: its keys are not checked.
    CHECK(error_of(with_defaults({{"topic.creation.other.partitions", "0"}})) == "");
}
