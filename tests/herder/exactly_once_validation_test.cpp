// The exactly-once checks of a source connector's validation (docs/exactly-once-source.md#validation):
// texts checked against a Kafka Connect 4.1.1 distributed worker with
// exactly.once.source.support=enabled (PUT /connector-plugins/FileStreamSource/config/validate),
// and a standalone worker, which makes none of them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "herder/connector_validator.hpp"
#include "loader/plugin_registry.hpp"
#include "test_plugins.hpp"

using namespace copycat;
using namespace copycat::herder;
using runtime::exactly_once_source_support;

namespace {

config_infos validate(std::optional<exactly_once_source_support> worker, string_map extra) {
    string_map config{{"name", "c"}, {"connector.class", "TestSource"}, {"topic", "events"}};
    for (auto& [k, v] : extra) config[k] = v;
    auto infos = connector_validator(testing::test_plugin_registry(), {}, worker).validate(config);
    REQUIRE(infos.ok());
    return *infos;
}

std::vector<std::string> errors_of(const config_infos& infos, const std::string& name) {
    auto it = std::find_if(infos.configs.begin(), infos.configs.end(),
                           [&](const config_info& c) { return c.value && c.value->name == name; });
    REQUIRE(it != infos.configs.end());
    return it->value->errors;
}

const std::string not_supported =
    "The connector does not support exactly-once semantics with the provided configuration.";
const std::string no_boundaries =
    "The connector does not support connector-defined transaction boundaries with the given configuration. Please "
    "reconfigure it to use a different transaction boundary definition.";

}  // namespace

TEST_CASE("exactly.once.support=required passes when the worker is enabled and the connector supports it") {
    auto infos = validate(exactly_once_source_support::enabled, {{"exactly.once.support", "required"},
                                                                 {"declare", "supported"}});
    CHECK(infos.error_count == 0);
    // Case-insensitive, as Kafka's validator.
    CHECK(validate(exactly_once_source_support::enabled, {{"exactly.once.support", "REQUIRED"},
                                                          {"declare", "supported"}})
              .error_count == 0);
}

TEST_CASE("exactly.once.support=required on a connector that declares no support: Kafka's messages") {
    auto unsupported = validate(exactly_once_source_support::enabled,
                                {{"exactly.once.support", "required"}, {"declare", "unsupported"}});
    CHECK(unsupported.error_count == 1);
    CHECK(errors_of(unsupported, "exactly.once.support") == std::vector<std::string>{not_supported});

    auto silent = validate(exactly_once_source_support::enabled, {{"exactly.once.support", "required"}});
    CHECK(errors_of(silent, "exactly.once.support") ==
          std::vector<std::string>{
              "The connector does not implement the API required for preflight validation of exactly-once source "
              "support. Please consult the documentation for the connector to determine whether it supports "
              "exactly-once semantics, and then consider reconfiguring the connector to use the value \"requested\" "
              "for this property (which will disable this preflight check and allow the connector to be created)."});

    auto thrown = validate(exactly_once_source_support::enabled,
                           {{"exactly.once.support", "required"}, {"declare", "throw"}});
    CHECK(errors_of(thrown, "exactly.once.support") ==
          std::vector<std::string>{"An unexpected error occurred during validation: cannot tell"});
}

TEST_CASE("exactly.once.support=required on a worker without exactly-once source support enabled") {
    for (auto worker : {exactly_once_source_support::disabled, exactly_once_source_support::preparing}) {
        auto infos =
            validate(worker, {{"exactly.once.support", "required"}, {"declare", "unsupported"}});
        CHECK(infos.error_count == 2);  // Kafka counts messages, not keys
        CHECK(errors_of(infos, "exactly.once.support") ==
              std::vector<std::string>{"This worker does not have exactly-once source support enabled.",
                                       not_supported});
    }
}

TEST_CASE("exactly.once.support=requested is never checked") {
    CHECK(validate(exactly_once_source_support::disabled, {{"exactly.once.support", "requested"}}).error_count == 0);
    CHECK(validate(exactly_once_source_support::enabled, {}).error_count == 0);
}

TEST_CASE("transaction.boundary=connector needs a connector that defines boundaries") {
    auto refused = validate(exactly_once_source_support::enabled,
                            {{"transaction.boundary", "connector"}, {"declare", "unsupported"}});
    CHECK(errors_of(refused, "transaction.boundary") == std::vector<std::string>{no_boundaries});
    CHECK(validate(exactly_once_source_support::enabled,
                   {{"transaction.boundary", "Connector"}, {"declare", "supported"}})
              .error_count == 0);
    auto thrown =
        validate(exactly_once_source_support::enabled, {{"transaction.boundary", "connector"}, {"declare", "throw"}});
    CHECK(errors_of(thrown, "transaction.boundary") ==
          std::vector<std::string>{"An unexpected error occurred during validation: cannot tell"});
    CHECK(validate(exactly_once_source_support::enabled, {{"transaction.boundary", "poll"}}).error_count == 0);
}

TEST_CASE("a standalone worker makes no exactly-once check, as Kafka's StandaloneHerder") {
    auto infos = validate(std::nullopt, {{"exactly.once.support", "required"}, {"transaction.boundary", "connector"}});
    CHECK(infos.error_count == 0);
}

TEST_CASE("invalid exactly-once values: Kafka's texts, and no connector check on top") {
    auto infos = validate(exactly_once_source_support::enabled, {{"exactly.once.support", "maybe"},
                                                                 {"transaction.boundary", "never"},
                                                                 {"transaction.boundary.interval.ms", "-1"},
                                                                 {"offsets.storage.topic", ""}});
    CHECK(infos.error_count == 4);
    CHECK(errors_of(infos, "exactly.once.support") ==
          std::vector<std::string>{"Invalid value maybe for configuration exactly.once.support: String must be one of "
                                   "(case insensitive): REQUIRED, REQUESTED"});
    CHECK(errors_of(infos, "transaction.boundary") ==
          std::vector<std::string>{"Invalid value never for configuration transaction.boundary: String must be one of "
                                   "(case insensitive): INTERVAL, POLL, CONNECTOR"});
    CHECK(errors_of(infos, "transaction.boundary.interval.ms") ==
          std::vector<std::string>{
              "Invalid value -1 for configuration transaction.boundary.interval.ms: Value must be at least 0"});
    CHECK(errors_of(infos, "offsets.storage.topic") ==
          std::vector<std::string>{"Invalid value  for configuration offsets.storage.topic: String must be non-empty"});
    auto not_a_number = validate(exactly_once_source_support::enabled, {{"transaction.boundary.interval.ms", "abc"}});
    CHECK(errors_of(not_a_number, "transaction.boundary.interval.ms") ==
          std::vector<std::string>{
              "Invalid value abc for configuration transaction.boundary.interval.ms: Not a number of type LONG"});
}

TEST_CASE("exactly-once settings parse case-insensitively and name Kafka's transactional ids") {
    CHECK(runtime::parse_exactly_once_source_support("Enabled") == exactly_once_source_support::enabled);
    CHECK(runtime::parse_exactly_once_source_support("PREPARING") == exactly_once_source_support::preparing);
    CHECK(runtime::parse_exactly_once_source_support("on") == std::nullopt);
    CHECK(runtime::parse_transaction_boundary("INTERVAL") == runtime::transaction_boundary::interval);
    CHECK(runtime::parse_transaction_boundary("batch") == std::nullopt);
    // Seen with kafka-transactions list on a Kafka Connect 4.1.1 cluster (group.id jeos).
    CHECK(runtime::task_transactional_id("jeos", "fsrc", 0) == "jeos-fsrc-0");
    CHECK(runtime::leader_transactional_id("jeos") == "connect-cluster-jeos");
}
