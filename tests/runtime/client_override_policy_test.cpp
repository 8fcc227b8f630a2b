#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "runtime/client_configs.hpp"
#include "runtime/client_override_policy.hpp"

using namespace copycat;
using namespace copycat::runtime;

namespace {

worker_config worker_with(std::string policy, std::vector<std::string> allowlist = {}) {
    worker_config w;
    w.bootstrap_servers = "broker:9092";
    w.client_config_override_policy = std::move(policy);
    w.client_config_override_allowlist = std::move(allowlist);
    return w;
}

}  // namespace

TEST_CASE("policy names: aliases and Kafka's class names, whatever their case") {
    CHECK(parse_client_override_policy("All").value() == client_override_policy::all);
    CHECK(parse_client_override_policy("none").value() == client_override_policy::none);
    CHECK(parse_client_override_policy("PRINCIPAL").value() == client_override_policy::principal);
    CHECK(parse_client_override_policy("Allowlist").value() == client_override_policy::allowlist);
    CHECK(parse_client_override_policy("AllowlistConnectorClientConfigOverridePolicy").value() ==
          client_override_policy::allowlist);
    CHECK(parse_client_override_policy(
              "org.apache.kafka.connect.connector.policy.AllowlistConnectorClientConfigOverridePolicy")
              .value() == client_override_policy::allowlist);
    auto unknown = parse_client_override_policy("Some");
    REQUIRE_FALSE(unknown.ok());
    CHECK(unknown.err().message ==
          "Unknown connector.client.config.override.policy 'Some'; expected All, None, Principal or Allowlist");
    const auto names = client_override_policy_names();
    CHECK(std::find(names.begin(), names.end(),
                    "org.apache.kafka.connect.connector.policy.AllowlistConnectorClientConfigOverridePolicy") !=
          names.end());
    for (const auto& name : names) CHECK(parse_client_override_policy(name).ok());
}

TEST_CASE("Principal allows Kafka's three keys and no other") {
    const override_policy principal{client_override_policy::principal, {}};
    CHECK(principal_override_keys().size() == 3);
    for (auto key : {"sasl.jaas.config", "sasl.mechanism", "security.protocol"}) CHECK(principal.allows(key));
    for (auto key : {"sasl.username", "sasl.password", "sasl.kerberos.kinit.cmd", "sasl.mechanisms", "acks"})
        CHECK_FALSE(principal.allows(key));
}

TEST_CASE("Allowlist allows exactly the keys of connector.client.config.override.allowlist") {
    const override_policy empty{client_override_policy::allowlist, {}};
    CHECK_FALSE(empty.allows("acks"));
    const override_policy some{client_override_policy::allowlist, {"acks", "linger.ms"}};
    CHECK(some.allows("acks"));
    CHECK(some.allows("linger.ms"));
    CHECK_FALSE(some.allows("ACKS"));
    CHECK_FALSE(some.allows("batch.size"));
    CHECK(some.name() == "Allowlist");

    const string_map config{{"producer.override.acks", "1"}, {"producer.override.batch.size", "9"}};
    auto refused = disallowed_client_overrides(some, config, "producer.override.");
    REQUIRE(refused.size() == 1);
    CHECK(refused.at("producer.override.batch.size") ==
          "The 'Allowlist' policy does not allow 'batch.size' to be overridden in the connector configuration.");
    auto settings = producer_settings(worker_with("Allowlist", {"acks"}), {{"producer.override.acks", "1"}}, {"c", 0});
    REQUIRE(settings.ok());
    CHECK(settings->at("acks") == "1");
    CHECK_FALSE(producer_settings(worker_with("Allowlist"), {{"producer.override.acks", "1"}}, {"c", 0}).ok());
}

TEST_CASE("a denied key is refused under every policy, even one that allows it by name") {
    const string_map config{{"producer.override.plugin.library.paths", "/tmp/evil.so"}};
    for (const override_policy& policy :
         {override_policy{client_override_policy::all, {}},
          override_policy{client_override_policy::allowlist, {"plugin.library.paths"}},
          override_policy{client_override_policy::none, {}}}) {
        auto refused = disallowed_client_overrides(policy, config, "producer.override.");
        REQUIRE(refused.size() == 1);
        CHECK_THAT(refused.begin()->second,
                   Catch::StartsWith("Client property 'producer.override.plugin.library.paths' cannot be set in a "
                                     "connector configuration under any override policy"));
    }
}

TEST_CASE("clients are not built from a connector config that sets a denied key (one already stored, say)") {
    const auto all = worker_with("All");
    auto producer = producer_settings(all, {{"producer.override.plugin.library.paths", "/tmp/evil.so"}}, {"c", 0});
    REQUIRE_FALSE(producer.ok());
    CHECK(producer.err().code == errc::invalid_argument);
    CHECK_THAT(producer.err().message, Catch::StartsWith("Client Config Overrides not allowed: Client property "
                                                         "'producer.override.plugin.library.paths'"));
    auto consumer = consumer_settings(all, {{"consumer.override.sasl.kerberos.kinit.cmd", "touch /tmp/x"}}, {"c", 0});
    REQUIRE_FALSE(consumer.ok());
    CHECK_THAT(consumer.err().message, Catch::Contains("'consumer.override.sasl.kerberos.kinit.cmd'"));
    auto admin = admin_settings(all, {{"admin.override.ssl.engine.location", "/tmp/engine.so"}}, "admin-c");
    REQUIRE_FALSE(admin.ok());
    CHECK_THAT(admin.err().message, Catch::Contains("'admin.override.ssl.engine.location'"));
    auto principal =
        consumer_settings(all, {{"consumer.override.sasl.kerberos.principal", "x;touch /tmp/x"}}, {"c", 0});
    CHECK_FALSE(principal.ok());
    CHECK(consumer_settings(all, {{"consumer.override.sasl.kerberos.principal", "connect@EXAMPLE.COM"}}, {"c", 0})
              .ok());
}
