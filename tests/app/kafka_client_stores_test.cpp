// The Kafka clients' JKS, PKCS12 and PEM key and trust stores, read at start-up into librdkafka's
// PEM settings: the worker's own clients and group member (top-level keys) and the tasks'
// producer., consumer. and admin. clients. Stores are made by keytool for each run.
#include <catch2/catch.hpp>

#include <fstream>

#include "app/kafka_client_stores.hpp"
#include "app/worker_clients.hpp"
#include "app/worker_properties.hpp"
#include "net/java_keystores.hpp"
#include "runtime/client_configs.hpp"

using namespace copycat;
using namespace copycat::app;
using copycat::testing::java_keystores;

namespace {

string_map distributed_props(const string_map& more) {
    string_map props = {{"group.id", "connect-cluster"},
                        {"key.converter", "org.apache.kafka.connect.json.JsonConverter"},
                        {"value.converter", "org.apache.kafka.connect.json.JsonConverter"},
                        {"offset.storage.topic", "connect-offsets"},
                        {"config.storage.topic", "connect-configs"},
                        {"status.storage.topic", "connect-status"}};
    for (const auto& [key, value] : more) props[key] = value;
    return props;
}

// A key pair and a trust store of its certificate, as JKS and PKCS12.
struct stores {
    java_keystores made;
    std::string jks = made.generate("worker", "JKS");
    std::string pkcs12 = made.generate("other", "PKCS12");
    std::string ca_pem;
    copycat::testing::java_store_pair trust;

    stores() {
        ca_pem = made.path("worker.pem");
        std::ofstream(ca_pem) << made.exported_certificate(jks, "worker");
        trust = made.trust_stores("worker", ca_pem);
    }
};

}  // namespace

TEST_CASE("worker-level JKS stores reach librdkafka and the group member as PEM in memory") {
    stores s;
    REQUIRE_FALSE(s.trust.jks.empty());
    auto config = parse_distributed_config(distributed_props({{"security.protocol", "SSL"},
                                                              {"ssl.keystore.location", s.jks},
                                                              {"ssl.keystore.password", java_keystores::store_password},
                                                              {"ssl.key.password", java_keystores::key_password},
                                                              {"ssl.truststore.location", s.trust.jks},
                                                              {"ssl.truststore.password", java_keystores::store_password}}));
    REQUIRE(config.ok());
    CHECK_FALSE(config->worker.client_settings.contains("ssl.ca.pem"));  // read at start-up, not when parsed
    const auto read = read_client_stores(config->worker);
    INFO((read.ok() ? std::string() : read.err().message));
    REQUIRE(read.ok());
    const auto& settings = config->worker.client_settings;
    CHECK(settings.at("ssl.ca.pem") == s.made.exported_certificate(s.jks, "worker"));
    CHECK(settings.at("ssl.certificate.pem") == settings.at("ssl.ca.pem"));
    CHECK(settings.at("ssl.key.pem").starts_with("-----BEGIN PRIVATE KEY-----"));
    CHECK_FALSE(settings.contains("ssl.keystore.location"));
    const auto client = shared_client_config(config->worker);
    INFO((client.ok() ? std::string() : client.err().message));
    CHECK(client.ok());
    const auto member = group_member_settings(*config);
    REQUIRE(member.ok());
    CHECK(member->connection.tls.ca_pem == settings.at("ssl.ca.pem"));
    CHECK(member->connection.tls.key_pem == settings.at("ssl.key.pem"));
    CHECK(member->connection.tls.ca_file.empty());
    // The admin clients made for connectors start from these, without Kafka's store keys.
    auto admin = runtime::admin_settings(config->worker, {}, "admin");
    REQUIRE(admin.ok());
    CHECK(admin->at("ssl.ca.pem") == settings.at("ssl.ca.pem"));
    CHECK_FALSE(admin->contains("ssl.truststore.location"));
    CHECK_FALSE(admin->contains("ssl.keystore.password"));
}

TEST_CASE("producer., consumer. and admin. PKCS12, JKS and PEM stores become the clients' librdkafka settings") {
    stores s;
    REQUIRE_FALSE(s.trust.pkcs12.empty());
    runtime::worker_config worker;
    worker.originals = {{"producer.security.protocol", "SSL"},
                        {"producer.ssl.truststore.type", "PKCS12"},
                        {"producer.ssl.truststore.location", s.trust.pkcs12},
                        {"producer.ssl.truststore.password", java_keystores::store_password},
                        {"producer.ssl.keystore.location", s.pkcs12},
                        {"producer.ssl.keystore.password", java_keystores::store_password},
                        {"consumer.security.protocol", "SASL_SSL"},
                        {"consumer.ssl.truststore.type", "PEM"},
                        {"consumer.ssl.truststore.location", s.ca_pem},
                        {"admin.security.protocol", "PLAINTEXT"},
                        {"admin.ssl.truststore.location", "/no/such/store.jks"}};  // not read without TLS
    const auto read = read_client_stores(worker);
    INFO((read.ok() ? std::string() : read.err().message));
    REQUIRE(read.ok());
    auto producer = runtime::producer_settings(worker, {}, {"c", 0});
    REQUIRE(producer.ok());
    CHECK(producer->at("ssl.ca.pem") == s.made.exported_certificate(s.jks, "worker"));
    CHECK(producer->at("ssl.certificate.pem") == s.made.exported_certificate(s.pkcs12, "other"));
    CHECK(producer->contains("ssl.key.pem"));
    for (const char* key : {"ssl.truststore.location", "ssl.truststore.type", "ssl.truststore.password",
                            "ssl.keystore.location", "ssl.keystore.password"})
        CHECK_FALSE(producer->contains(key));
    CHECK(runtime::to_client_config(*producer, "producer").ok());
    auto consumer = runtime::consumer_settings(worker, {}, {"c", 0});
    REQUIRE(consumer.ok());
    CHECK(consumer->at("ssl.ca.location") == s.ca_pem);
    CHECK_FALSE(consumer->contains("ssl.truststore.location"));
    CHECK_FALSE(worker.client_store_settings.contains("admin."));
}

TEST_CASE("a wrong store password or type stops the worker at start-up naming the prefixed key") {
    stores s;
    REQUIRE_FALSE(s.trust.jks.empty());
    runtime::worker_config worker;
    worker.originals = {{"consumer.security.protocol", "SSL"},
                        {"consumer.ssl.truststore.location", s.trust.jks},
                        {"consumer.ssl.truststore.password", "wrong-one"}};
    auto read = read_client_stores(worker);
    REQUIRE_FALSE(read.ok());
    CHECK(read.err().message == "Invalid value [hidden] for configuration consumer.ssl.truststore.password: Failed "
                                "to load SSL truststore " + s.trust.jks +
                                    " of type JKS: Keystore was tampered with, or password was incorrect");
    worker.originals = {{"security.protocol", "SASL_SSL"},
                        {"ssl.keystore.type", "PEM"},
                        {"ssl.keystore.location", s.jks}};
    read = read_client_stores(worker);
    REQUIRE_FALSE(read.ok());
    CHECK_THAT(read.err().message, Catch::StartsWith("Invalid value PEM for configuration ssl.keystore.type"));
}

TEST_CASE("a connector's override stores are read when its tasks' clients are built, over the worker's") {
    stores s;
    REQUIRE_FALSE(s.trust.jks.empty());
    runtime::worker_config worker;
    worker.originals = {{"producer.security.protocol", "SSL"},
                        {"producer.ssl.truststore.location", s.trust.jks},
                        {"producer.ssl.truststore.password", java_keystores::store_password},
                        {"consumer.security.protocol", "PLAINTEXT"}};
    REQUIRE(read_client_stores(worker).ok());
    // A JKS keystore of the connector's own; the worker's truststore stays.
    const string_map connector = {{"producer.override.ssl.keystore.location", s.jks},
                                  {"producer.override.ssl.keystore.password", java_keystores::store_password},
                                  {"producer.override.ssl.key.password", java_keystores::key_password},
                                  {"consumer.override.ssl.keystore.location", "/no/such/store.jks"}};
    auto producer = runtime::producer_settings(worker, connector, {"c", 0});
    INFO((producer.ok() ? std::string() : producer.err().message));
    REQUIRE(producer.ok());
    CHECK(producer->at("ssl.certificate.pem") == s.made.exported_certificate(s.jks, "worker"));
    CHECK(producer->contains("ssl.key.pem"));
    CHECK(producer->at("ssl.ca.pem") == s.made.exported_certificate(s.jks, "worker"));
    for (const char* key : {"ssl.keystore.location", "ssl.keystore.password", "ssl.key.password", "ssl.truststore.location"})
        CHECK_FALSE(producer->contains(key));
    CHECK(runtime::to_client_config(*producer, "producer").ok());
    // Not a TLS client: the override keys are left as they are, unread.
    auto consumer = runtime::consumer_settings(worker, connector, {"c", 0});
    REQUIRE(consumer.ok());
    CHECK(consumer->at("ssl.keystore.location") == "/no/such/store.jks");

    const string_map wrong = {{"producer.override.ssl.keystore.location", s.jks},
                              {"producer.override.ssl.keystore.password", "wrong-one"},
                              {"producer.override.ssl.key.password", java_keystores::key_password}};
    producer = runtime::producer_settings(worker, wrong, {"c", 0});
    REQUIRE_FALSE(producer.ok());
    CHECK_THAT(producer.err().message,
               Catch::StartsWith("Invalid value [hidden] for configuration producer.override.ssl.keystore.password"));
}
