// group_member against the real broker's secured listeners: members that connect over TLS
// (verifying the test CA and the broker's host name, 127.0.0.1 or localhost) and authenticate
// with SASL SCRAM-SHA-256 or SCRAM-SHA-512 form one connect group with members on the SSL-only
// listener; a wrong password or an unknown user is a fatal authentication error, reported
// through on_fatal_error.
#include <catch2/catch.hpp>

#include <chrono>
#include <iostream>
#include <string>

#include "group/cluster_member.hpp"
#include "group/group_settling.hpp"
#include "kafka/client/broker_address.hpp"
#include "kafka/client/kafka_error.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::itest;
using namespace std::chrono_literals;
namespace kc = copycat::kafka_client;
using kafka_protocol::error_code;

namespace {

using clock_type = std::chrono::steady_clock;

kc::group_member_config base_config(const std::string& group, const std::string& servers) {
    auto parsed = kc::parse_bootstrap_servers(servers);
    REQUIRE(parsed.ok());
    kc::group_member_config config;
    config.group_id = group;
    config.bootstrap_servers = *parsed;
    config.session_timeout = 6s;
    config.heartbeat_interval = 500ms;
    config.rebalance_timeout = 20s;
    config.retry_backoff = 100ms;
    config.connection.request_timeout = 30s;
    config.connection.tls.ca_file = kafka_ca_file();
    config.connection.tls.verify_hostname = true;
    return config;
}

// SASL_SSL with the given mechanism and credentials.
kc::group_member_config sasl_ssl_config(const std::string& group, const std::string& mechanism,
                                        const std::string& username, const std::string& password) {
    auto config = base_config(group, sasl_ssl_bootstrap_servers());
    config.connection.security = kc::security_protocol::sasl_ssl;
    config.connection.sasl = {mechanism, username, password};
    return config;
}

// The SASL_SSL listener as "localhost:PORT": the certificate is checked against a DNS name.
std::string sasl_ssl_by_name() {
    const std::string servers = sasl_ssl_bootstrap_servers();
    const auto colon = servers.rfind(':');
    REQUIRE(colon != std::string::npos);
    return "localhost" + servers.substr(colon);
}

}  // namespace

TEST_CASE("members over SASL_SSL with SCRAM-SHA-256 and SCRAM-SHA-512, and over SSL, form one group") {
    const auto group = unique_name("copycat-group-secured");
    auto sha256 = sasl_ssl_config(group, "SCRAM-SHA-256", scram_username(), scram_password());
    auto sha512 = sasl_ssl_config(group, "SCRAM-SHA-512", scram_username(), scram_password());
    auto by_name = sha256;
    auto servers = kc::parse_bootstrap_servers(sasl_ssl_by_name());
    REQUIRE(servers.ok());
    by_name.bootstrap_servers = *servers;

    const auto started = clock_type::now();
    cluster_member a("sasl256-a", sha256), b("sasl512-b", sha512), c("sasl256-localhost-c", by_name);
    std::vector<cluster_member*> three{&a, &b, &c};
    const auto first = wait_until_settled(three, 0, 60s);
    std::cout << "[secured] 3 SASL_SSL members (SCRAM-SHA-256, SCRAM-SHA-512, SCRAM-SHA-256 via localhost) settled at "
              << "generation " << first << " in " << millis_since(started) << " ms" << std::endl;

    // A member on the TLS-only listener joins the same group: the coordinator is found through
    // the listener it asked on.
    auto tls_only = base_config(group, ssl_bootstrap_servers());
    tls_only.connection.security = kc::security_protocol::ssl;
    const auto joined_at = clock_type::now();
    cluster_member d("ssl-d", tls_only);
    std::vector<cluster_member*> four{&a, &b, &c, &d};
    const auto second = wait_until_settled(four, first, 60s);
    std::cout << "[secured] an SSL member joined: generation " << first << " -> " << second << " in "
              << millis_since(joined_at) << " ms" << std::endl;
    for (auto* m : four) {
        CHECK_FALSE(m->listener().fatal());
        CHECK(m->listener().last_assignment()->protocol_name == "sessioned");
    }
    for (auto* m : four) CHECK(m->stop("test over", 30s));
}

TEST_CASE("bad SCRAM credentials are a fatal authentication error, not a hang") {
    const auto group = unique_name("copycat-group-badauth");
    std::string mechanism, username, password;
    SECTION("a wrong password with SCRAM-SHA-256") {
        mechanism = "SCRAM-SHA-256";
        username = scram_username();
        password = scram_password() + "-wrong";
    }
    SECTION("a wrong password with SCRAM-SHA-512") {
        mechanism = "SCRAM-SHA-512";
        username = scram_username();
        password = "not-" + scram_password();
    }
    SECTION("an unknown user") {
        mechanism = "SCRAM-SHA-256";
        username = "nobody-" + unique_name("user");
        password = scram_password();
    }
    const auto started = clock_type::now();
    cluster_member bad("bad-credentials", sasl_ssl_config(group, mechanism, username, password));
    REQUIRE(poll_until([&] { return bad.listener().fatal().has_value(); }, 30s));
    const auto fatal = *bad.listener().fatal();
    std::cout << "[secured] " << mechanism << " as " << username << ": fatal after " << millis_since(started)
              << " ms: " << fatal.describe() << std::endl;
    CHECK(kc::kafka_code_of(fatal.code) == error_code::sasl_authentication_failed);
    CHECK_FALSE(bad.listener().last_assignment());
    CHECK(bad.stop("test over", 10s));
}

TEST_CASE("a broker certificate the member does not trust is a fatal authentication error") {
    const auto group = unique_name("copycat-group-untrusted");
    auto config = sasl_ssl_config(group, "SCRAM-SHA-256", scram_username(), scram_password());
    SECTION("SASL_SSL, trusting only the system's CAs") { config.connection.tls.ca_file.clear(); }
    SECTION("SSL, trusting only the system's CAs") {
        config = base_config(group, ssl_bootstrap_servers());
        config.connection.security = kc::security_protocol::ssl;
        config.connection.tls.ca_file.clear();
    }
    const auto started = clock_type::now();
    cluster_member untrusting("untrusting", config);
    REQUIRE(poll_until([&] { return untrusting.listener().fatal().has_value(); }, 30s));
    const auto fatal = *untrusting.listener().fatal();
    std::cout << "[secured] untrusted certificate: fatal after " << millis_since(started) << " ms: " << fatal.describe()
              << std::endl;
    CHECK(kc::is_tls_refusal(fatal.code));
    CHECK(kc::is_authentication_failure(fatal));
    CHECK_FALSE(untrusting.listener().last_assignment());
    CHECK(untrusting.stop("test over", 10s));
}
