// Kafka clients reach the test broker's SSL listener trusting its CA through a JKS and through a
// PKCS12 trust store (keytool -importcert of COPYCAT_KAFKA_CA_FILE), read at start-up as a worker
// reads them: the worker-level keys (the worker's own clients, shared_client_config) and the
// admin.-prefixed keys (the admin client a worker makes for a connector).
#include <catch2/catch.hpp>

#include <chrono>

#include "app/kafka_client_stores.hpp"
#include "app/worker_clients.hpp"
#include "kafka/rdkafka/admin_client.hpp"
#include "net/java_keystores.hpp"
#include "runtime/client_configs.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using copycat::testing::java_keystores;
using namespace std::chrono_literals;

namespace {

runtime::string_map truststore_keys(const std::string& prefix, const std::string& type, const std::string& file) {
    return {{prefix + "security.protocol", "SSL"},
            {prefix + "ssl.truststore.type", type},
            {prefix + "ssl.truststore.location", file},
            {prefix + "ssl.truststore.password", java_keystores::store_password}};
}

}  // namespace

TEST_CASE("worker and admin. clients reach the SSL listener through a JKS and a PKCS12 truststore") {
    java_keystores stores;
    const auto trust = stores.trust_stores("broker-ca", itest::kafka_ca_file());
    REQUIRE_FALSE(trust.jks.empty());
    const std::string type = GENERATE("JKS", "PKCS12");
    CAPTURE(type);
    const std::string file = type == "JKS" ? trust.jks : trust.pkcs12;

    runtime::worker_config worker;
    worker.bootstrap_servers = itest::ssl_bootstrap_servers();
    worker.originals = truststore_keys("", type, file);
    for (const auto& [key, value] : truststore_keys("admin.", type, file)) worker.originals[key] = value;

    // Unread, the store is no trust librdkafka has: the broker's certificate is not trusted.
    const auto unread_config = app::shared_client_config(worker);
    REQUIRE(unread_config.ok());
    auto unread = rdkafka::admin_client::create(*unread_config);
    REQUIRE(unread.ok());
    CHECK_FALSE(unread->cluster_id(5s).ok());

    const auto read = app::read_client_stores(worker);
    INFO((read.ok() ? std::string() : read.err().message));
    REQUIRE(read.ok());

    const auto shared = app::shared_client_config(worker);
    REQUIRE(shared.ok());
    auto worker_admin = rdkafka::admin_client::create(*shared);
    REQUIRE(worker_admin.ok());
    const auto cluster_id = worker_admin->cluster_id(60s);
    INFO((cluster_id.ok() ? std::string() : cluster_id.err().describe()));
    REQUIRE(cluster_id.ok());
    CHECK_FALSE(cluster_id->empty());

    auto settings = runtime::admin_settings(worker, {}, "connector-admin");
    REQUIRE(settings.ok());
    auto config = runtime::to_client_config(*settings, "the admin client");
    REQUIRE(config.ok());
    auto admin = rdkafka::admin_client::create(*config);
    REQUIRE(admin.ok());
    const auto admin_cluster_id = admin->cluster_id(60s);
    INFO((admin_cluster_id.ok() ? std::string() : admin_cluster_id.err().describe()));
    REQUIRE(admin_cluster_id.ok());
    CHECK(*admin_cluster_id == *cluster_id);
}
