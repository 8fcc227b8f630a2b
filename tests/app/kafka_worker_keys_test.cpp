// Kafka Connect 4.4's worker keys that Copycat has no behaviour of its own for: accepted in both
// modes, passed to the worker's librdkafka clients under librdkafka's names and ranges, or
// accepted with one warning; invalid values and REST extensions still stop the worker.
#include <catch2/catch.hpp>

#include <algorithm>

#include "app/worker_clients.hpp"
#include "app/worker_properties.hpp"

using namespace copycat;
using namespace copycat::app;

namespace {

string_map standalone_props() {
    return {{"key.converter", "org.apache.kafka.connect.json.JsonConverter"},
            {"value.converter", "org.apache.kafka.connect.json.JsonConverter"},
            {"offset.storage.file.filename", "/tmp/connect.offsets"}};
}

string_map distributed_props() {
    return {{"group.id", "connect-cluster"},
            {"key.converter", "org.apache.kafka.connect.json.JsonConverter"},
            {"value.converter", "org.apache.kafka.connect.json.JsonConverter"},
            {"offset.storage.topic", "connect-offsets"},
            {"config.storage.topic", "connect-configs"},
            {"status.storage.topic", "connect-status"}};
}

string_map with(string_map props, const string_map& more) {
    for (const auto& [key, value] : more) props[key] = value;
    return props;
}

// The warnings that name `key` (quoted, as every warning names its key).
std::size_t warnings_naming(const common_worker_config& config, const std::string& key) {
    return static_cast<std::size_t>(std::count_if(config.warnings.begin(), config.warnings.end(), [&](const auto& w) {
        return w.find("'" + key + "'") != std::string::npos;
    }));
}

const string_map client_keys = {{"reconnect.backoff.ms", "200"},
                                {"reconnect.backoff.max.ms", "5000"},
                                {"socket.connection.setup.timeout.ms", "15000"},
                                {"send.buffer.bytes", "-1"},
                                {"receive.buffer.bytes", "65536"},
                                {"connections.max.idle.ms", "600000"},
                                {"metadata.max.age.ms", "60000"},
                                {"retry.backoff.ms", "250"},
                                {"request.timeout.ms", "20000"},
                                {"retry.backoff.max.ms", "2000"},
                                {"metadata.recovery.strategy", "rebootstrap"}};

}  // namespace

TEST_CASE("Kafka's client keys go to the worker's librdkafka clients under librdkafka's names, in both modes") {
    const std::map<std::string, std::string> expected = {
        {"reconnect.backoff.ms", "200"},          {"reconnect.backoff.max.ms", "5000"},
        {"socket.connection.setup.timeout.ms", "15000"},
        {"socket.send.buffer.bytes", "0"},  // Java's -1: the OS default
        {"socket.receive.buffer.bytes", "65536"}, {"connections.max.idle.ms", "600000"},
        {"metadata.max.age.ms", "60000"},         {"retry.backoff.ms", "250"},
        {"socket.timeout.ms", "20000"}};
    auto standalone = parse_standalone_config(with(standalone_props(), client_keys));
    REQUIRE(standalone.ok());
    auto distributed = parse_distributed_config(with(distributed_props(), client_keys));
    REQUIRE(distributed.ok());
    for (const common_worker_config* config : {static_cast<const common_worker_config*>(&*standalone),
                                               static_cast<const common_worker_config*>(&*distributed)}) {
        for (const auto& [key, value] : expected) {
            INFO(key);
            REQUIRE(config->worker.client_settings.contains(key));
            CHECK(config->worker.client_settings.at(key) == value);
        }
        // librdkafka takes every one of them.
        auto client = shared_client_config(config->worker);
        REQUIRE(client.ok());
        for (const auto& [key, value] : expected) CHECK(client->get(key) == value);
        // Without an equivalent: one warning each, naming the key and why.
        CHECK(warnings_naming(*config, "retry.backoff.max.ms") == 1);
        CHECK(warnings_naming(*config, "metadata.recovery.strategy") == 1);
        CHECK(warnings_naming(*config, "reconnect.backoff.ms") == 0);
        CHECK(config->warnings.size() == 2);
    }
}

TEST_CASE("keys the worker file does not set leave librdkafka's defaults") {
    auto config = parse_distributed_config(distributed_props());
    REQUIRE(config.ok());
    CHECK(config->worker.client_settings.empty());
    CHECK(config->warnings.empty());
}

TEST_CASE("a value outside librdkafka's range is moved into it, with a warning") {
    auto config = parse_distributed_config(with(distributed_props(), {{"socket.connection.setup.timeout.ms", "500"},
                                                                      {"send.buffer.bytes", "200000000"},
                                                                      {"request.timeout.ms", "600000"},
                                                                      {"connections.max.idle.ms", "-1"}}));
    REQUIRE(config.ok());
    const auto& s = config->worker.client_settings;
    CHECK(s.at("socket.connection.setup.timeout.ms") == "1000");
    CHECK(s.at("socket.send.buffer.bytes") == "100000000");
    CHECK(s.at("socket.timeout.ms") == "300000");
    CHECK(s.at("connections.max.idle.ms") == "0");  // Java's negative: never close idle connections
    CHECK(warnings_naming(*config, "socket.connection.setup.timeout.ms") == 1);
    CHECK_THAT(config->warnings[2], Catch::Contains("'connections.max.idle.ms' is -1: the worker's clients use 0"));
    CHECK(config->warnings.size() == 4);
    CHECK(shared_client_config(config->worker).ok());
}

TEST_CASE("the group member takes the reconnect backoffs and the connection setup timeout") {
    auto defaults = parse_distributed_config(distributed_props());
    REQUIRE(defaults.ok());
    auto member = group_member_settings(*defaults);
    REQUIRE(member.ok());
    CHECK(member->connection.reconnect_backoff == std::chrono::milliseconds(50));
    CHECK(member->connection.reconnect_backoff_max == std::chrono::milliseconds(1000));
    CHECK(member->connection.connect_timeout == std::chrono::milliseconds(10000));
    auto config = parse_distributed_config(with(distributed_props(), client_keys));
    REQUIRE(config.ok());
    member = group_member_settings(*config);
    REQUIRE(member.ok());
    CHECK(member->connection.reconnect_backoff == std::chrono::milliseconds(200));
    CHECK(member->connection.reconnect_backoff_max == std::chrono::milliseconds(5000));
    CHECK(member->connection.connect_timeout == std::chrono::milliseconds(15000));
}

TEST_CASE("Kafka's TLS and SASL keys: librdkafka's ssl.ca.location and OAuth client credentials reach librdkafka") {
    auto config = parse_distributed_config(
        with(distributed_props(), {{"ssl.ca.location", "/etc/ca.pem"},
                                   {"ssl.endpoint.identification.algorithm", ""},
                                   {"sasl.kerberos.service.name", "kafka-svc"},
                                   {"sasl.oauthbearer.token.endpoint.url", "https://idp/token"},
                                   {"sasl.oauthbearer.client.credentials.client.id", "worker"},
                                   {"sasl.oauthbearer.client.credentials.client.secret", "s3cret"},
                                   {"ssl.provider", "SunJSSE"},
                                   {"sasl.login.refresh.buffer.seconds", "120"}}));
    REQUIRE(config.ok());
    const auto& s = config->worker.client_settings;
    CHECK(s.at("ssl.endpoint.identification.algorithm") == "none");  // Kafka's empty: no host name check
    CHECK(s.at("sasl.kerberos.service.name") == "kafka-svc");
    CHECK(warnings_naming(*config, "ssl.provider") == 1);
    CHECK(warnings_naming(*config, "sasl.login.refresh.buffer.seconds") == 1);
    // OAuth/OIDC, where librdkafka was built with it; otherwise one warning per key.
    if (s.contains("sasl.oauthbearer.client.id")) {
        CHECK(s.at("sasl.oauthbearer.method") == "oidc");
        CHECK(s.at("sasl.oauthbearer.client.id") == "worker");
        CHECK(s.at("sasl.oauthbearer.client.secret") == "s3cret");
        CHECK(config->warnings.size() == 2);
    } else {
        CHECK_FALSE(s.contains("sasl.oauthbearer.method"));
        for (const char* key : {"sasl.oauthbearer.token.endpoint.url", "sasl.oauthbearer.client.credentials.client.id",
                                "sasl.oauthbearer.client.credentials.client.secret"})
            CHECK(warnings_naming(*config, key) == 1);
        CHECK(config->warnings.size() == 5);
    }
    // SASL settings reach librdkafka with a SASL protocol only (it warns about them otherwise).
    auto plaintext = shared_client_config(config->worker);
    REQUIRE(plaintext.ok());
    CHECK_FALSE(plaintext->contains("sasl.kerberos.service.name"));
    CHECK(plaintext->get("ssl.ca.location") == "/etc/ca.pem");
    auto sasl = parse_distributed_config(with(distributed_props(), {{"security.protocol", "SASL_SSL"},
                                                                    {"sasl.mechanism", "PLAIN"},
                                                                    {"sasl.kerberos.service.name", "kafka-svc"}}));
    REQUIRE(sasl.ok());
    auto sasl_client = shared_client_config(sasl->worker);
    REQUIRE(sasl_client.ok());
    CHECK(sasl_client->get("sasl.kerberos.service.name") == "kafka-svc");
    CHECK(sasl_client->get("sasl.mechanism") == "PLAIN");
    // The stores are read at start-up, not when the file is parsed (kafka_client_stores_test.cpp).
    auto jks = parse_distributed_config(with(distributed_props(), {{"ssl.truststore.location", "/etc/ts.jks"}}));
    REQUIRE(jks.ok());
    CHECK_FALSE(jks->worker.client_settings.contains("ssl.ca.location"));
}

TEST_CASE("keys without effect here are accepted with one warning each, saying why") {
    auto config = parse_standalone_config(with(standalone_props(), {{"metric.reporters", ""},
                                                                    {"client.dns.lookup", "use_all_dns_ips"},
                                                                    {"key.converter.plugin.version", "4.4.0"}}));
    REQUIRE(config.ok());
    CHECK(config->warnings.size() == 3);
    CHECK(warnings_naming(*config, "metric.reporters") == 1);
    CHECK_THAT(config->warnings.front(),
               Catch::StartsWith("Ignoring worker configuration 'client.dns.lookup': librdkafka 2.0 always tries"));
    auto distributed =
        parse_distributed_config(with(distributed_props(), {{"internal.topics.automatic.creation.enable", "false"},
                                                            {"metadata.cluster.check.enable", "true"}}));
    REQUIRE(distributed.ok());
    CHECK(distributed->warnings.size() == 2);
}

TEST_CASE("an invalid value of a Kafka key still stops the worker, with Kafka's message") {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"send.buffer.bytes", "Invalid value -2 for configuration send.buffer.bytes: Value must be at least -1"},
        {"metadata.recovery.strategy",
         "Invalid value sometimes for configuration metadata.recovery.strategy: String must be one of (case "
         "insensitive): REBOOTSTRAP, NONE"},
        {"reconnect.backoff.ms",
         "Invalid value soon for configuration reconnect.backoff.ms: Not a number of type LONG"},
        {"sasl.login.refresh.window.factor", "for configuration sasl.login.refresh.window.factor"},
        {"metadata.cluster.check.enable", "Invalid value maybe for configuration metadata.cluster.check.enable"},
    };
    const std::map<std::string, std::string> values = {{"send.buffer.bytes", "-2"},
                                                       {"metadata.recovery.strategy", "sometimes"},
                                                       {"reconnect.backoff.ms", "soon"},
                                                       {"sasl.login.refresh.window.factor", "2"},
                                                       {"metadata.cluster.check.enable", "maybe"}};
    for (const auto& [key, message] : cases) {
        INFO(key);
        auto standalone = parse_standalone_config(with(standalone_props(), {{key, values.at(key)}}));
        REQUIRE_FALSE(standalone.ok());
        CHECK_THAT(standalone.err().message, Catch::Contains(message));
        auto distributed = parse_distributed_config(with(distributed_props(), {{key, values.at(key)}}));
        REQUIRE_FALSE(distributed.ok());
        CHECK_THAT(distributed.err().message, Catch::Contains(message));
    }
}

TEST_CASE("rest.extension.classes is parsed without a warning; rest_server_options decides on it") {
    const std::string basic_auth = "org.apache.kafka.connect.rest.basic.auth.extension.BasicAuthSecurityRestExtension";
    auto config = parse_distributed_config(with(distributed_props(), {{"rest.extension.classes", basic_auth}}));
    REQUIRE(config.ok());
    CHECK(config->rest_extension_classes == std::vector<std::string>{basic_auth});
    CHECK(config->warnings.empty());
}

TEST_CASE("config.providers keys are neither refused nor warned about") {
    auto config = parse_distributed_config(
        with(distributed_props(),
             {{"config.providers", "file,env"},
              {"config.providers.file.class", "org.apache.kafka.common.config.provider.FileConfigProvider"},
              {"config.providers.env.param.allowlist.pattern", ".*"}}));
    REQUIRE(config.ok());
    CHECK(config->warnings.empty());
}
