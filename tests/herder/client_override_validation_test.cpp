// Validation of a connector config's producer.override.*, consumer.override.* and
// admin.override.* keys: the worker's override policy, the librdkafka properties no connector
// may set (runtime/denied_client_configs.hpp), and secrets shown as "[hidden]".
#include <catch2/catch.hpp>

#include <string>

#include "herder/connector_validator.hpp"
#include "herder/plugin_validation.hpp"
#include "loader/plugin_registry.hpp"
#include "test_plugins.hpp"

using namespace copycat;
using namespace copycat::herder;

namespace {

using testing::test_source_config;

string_map sink_config(string_map extra) {
    extra.insert({{"name", "s"}, {"connector.class", "TestSink"}, {"tasks.max", "1"}, {"topics", "events"}});
    return extra;
}

const config_value_info* value_of(const config_infos& infos, std::string_view name) {
    for (const config_info& info : infos.configs)
        if (info.value && info.value->name == name) return &*info.value;
    return nullptr;
}

config_infos validate(const string_map& config, runtime::override_policy policy = {}) {
    auto infos = connector_validator(testing::test_plugin_registry(), std::move(policy)).validate(config);
    REQUIRE(infos.ok());
    return *infos;
}

}  // namespace

TEST_CASE("a denied librdkafka property is an error naming its key, under the All policy too") {
    const auto infos = validate(test_source_config({{"producer.override.plugin.library.paths", "/tmp/evil.so"}}));
    CHECK(infos.error_count == 1);
    const auto* value = value_of(infos, "producer.override.plugin.library.paths");
    REQUIRE(value != nullptr);
    REQUIRE(value->errors.size() == 1);
    CHECK(value->errors[0] ==
          "Client property 'producer.override.plugin.library.paths' cannot be set in a connector configuration "
          "under any override policy: it loads shared libraries (librdkafka plugins) into the worker");
    CHECK_THAT(*connector_validator::invalid_config_message(infos),
               Catch::Contains("'producer.override.plugin.library.paths'"));
}

TEST_CASE("denied properties are errors under the prefixes of clients the connector does not have") {
    // A source connector without topic creation has neither a consumer nor an admin client.
    const auto infos = validate(test_source_config({{"consumer.override.sasl.kerberos.kinit.cmd", "touch /tmp/x"},
                                               {"admin.override.ssl.providers", "/tmp/provider"},
                                               {"consumer.override.fetch.min.bytes", "1"}}));
    CHECK(infos.error_count == 2);
    CHECK(value_of(infos, "consumer.override.sasl.kerberos.kinit.cmd") != nullptr);
    CHECK(value_of(infos, "admin.override.ssl.providers") != nullptr);
    CHECK(value_of(infos, "consumer.override.fetch.min.bytes") == nullptr);  // as Kafka: not validated

    const auto sink = validate(sink_config({{"producer.override.Plugin.Library.Paths", "/tmp/evil.so"}}));
    CHECK(sink.error_count == 1);
}

TEST_CASE("Principal validates Kafka's three keys, as the runtime does") {
    const runtime::override_policy principal{runtime::client_override_policy::principal, {}};
    const auto infos = validate(test_source_config({{"producer.override.sasl.jaas.config", "x"},
                                               {"producer.override.sasl.mechanism", "PLAIN"},
                                               {"producer.override.security.protocol", "SASL_SSL"},
                                               {"producer.override.sasl.username", "u"}}),
                                principal);
    CHECK(infos.error_count == 1);
    REQUIRE(value_of(infos, "producer.override.sasl.username") != nullptr);
    CHECK(value_of(infos, "producer.override.sasl.username")->errors.at(0) ==
          "The 'Principal' policy does not allow 'sasl.username' to be overridden in the connector configuration.");
}

TEST_CASE("Allowlist validates the keys of connector.client.config.override.allowlist") {
    const runtime::override_policy allowlist{runtime::client_override_policy::allowlist, {"linger.ms"}};
    const auto infos =
        validate(test_source_config({{"producer.override.linger.ms", "5"}, {"producer.override.acks", "1"}}), allowlist);
    CHECK(infos.error_count == 1);
    CHECK(value_of(infos, "producer.override.acks")->errors.at(0) ==
          "The 'Allowlist' policy does not allow 'acks' to be overridden in the connector configuration.");
    CHECK(value_of(infos, "producer.override.linger.ms")->errors.empty());
    CHECK(validate(test_source_config({{"producer.override.acks", "1"}}),
                   {runtime::client_override_policy::allowlist, {}})
              .error_count == 1);
}

TEST_CASE("the validate answer hides the values of secret overrides") {
    const auto infos = validate(test_source_config({{"producer.override.sasl.jaas.config", "x password=\"p\";"},
                                               {"producer.override.sasl.password", "p"},
                                               {"producer.override.ssl.key.password", "p"},
                                               {"producer.override.sasl.oauthbearer.client.secret", "p"},
                                               {"producer.override.basic.auth.user.info", "u:p"},
                                               {"producer.override.ssl.key.pem", "-----BEGIN"},
                                               {"producer.override.linger.ms", "5"}}));
    for (const char* key : {"producer.override.sasl.jaas.config", "producer.override.sasl.password",
                            "producer.override.ssl.key.password", "producer.override.sasl.oauthbearer.client.secret",
                            "producer.override.basic.auth.user.info", "producer.override.ssl.key.pem"}) {
        INFO(key);
        REQUIRE(value_of(infos, key) != nullptr);
        CHECK(value_of(infos, key)->value == "[hidden]");
    }
    CHECK(value_of(infos, "producer.override.linger.ms")->value == "5");
}
