// group_member across a coordinator restart, against a broker of the test's own: three members
// form a group; the broker stops (controlled shutdown); every member notices (its assignment is
// void once the coordinator stays unreachable for heartbeat.interval.ms); the broker comes back
// on the same ports and storage; the members find the coordinator again and the group re-forms
// at a higher generation. Once with members over PLAINTEXT, once over SASL_SSL (SCRAM-SHA-512,
// CA and host name verified), each against a fresh broker. Prints the time from broker-ready to
// the re-formed group.
#include <catch2/catch.hpp>

#include <chrono>
#include <iostream>
#include <string>
#include <vector>

#include "group/cluster_member.hpp"
#include "group/group_settling.hpp"
#include "group/own_broker.hpp"
#include "kafka/client/broker_address.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::itest;
using namespace std::chrono_literals;
namespace kc = copycat::kafka_client;

namespace {

using clock_type = std::chrono::steady_clock;

kc::group_member_config member_config(const std::string& servers, const std::string& group) {
    INFO("bootstrap servers '" << servers << "'");
    auto parsed = kc::parse_bootstrap_servers(servers);
    REQUIRE(parsed.ok());
    kc::group_member_config config;
    config.group_id = group;
    config.bootstrap_servers = *parsed;
    config.session_timeout = 6s;
    config.heartbeat_interval = 500ms;
    config.rebalance_timeout = 10s;
    config.retry_backoff = 100ms;
    config.connection.request_timeout = 15s;
    return config;
}

}  // namespace

TEST_CASE("after the coordinator broker restarts, the members find it again and the group re-forms") {
    own_broker broker;
    std::cout << "[restart] own broker at " << broker.bootstrap_servers() << " ready in " << broker.startup_seconds()
              << " s" << std::endl;
    const auto group = unique_name("copycat-group-restart");
    kc::group_member_config config;
    std::string how;
    SECTION("over PLAINTEXT") {
        how = "PLAINTEXT";
        config = member_config(broker.bootstrap_servers(), group);
    }
    SECTION("over SASL_SSL with SCRAM-SHA-512") {
        // The TLS sessions and SCRAM exchanges are made afresh against the restarted broker.
        how = "SASL_SSL";
        config = member_config(broker.sasl_ssl_bootstrap_servers(), group);
        config.connection.security = kc::security_protocol::sasl_ssl;
        config.connection.sasl = {"SCRAM-SHA-512", broker.scram_username(), broker.scram_password()};
        config.connection.tls.ca_file = broker.ca_file();
    }
    cluster_member a("a", config), b("b", config), c("c", config);
    const std::vector<cluster_member*> three{&a, &b, &c};
    const auto before = wait_until_settled(three, 0, 30s);
    for (auto* m : three) REQUIRE(m->listener().lost_count() == 0);

    const auto stopping = clock_type::now();
    broker.stop();
    const auto stop_ms = millis_since(stopping);
    // Each member finds the coordinator gone and, after heartbeat.interval.ms without one,
    // voids its assignment.
    const bool noticed = poll_until(
        [&] {
            for (auto* m : three) {
                if (m->listener().lost_count() == 0) return false;
            }
            return true;
        },
        20s);
    for (auto* m : three) INFO(m->name() << " lost " << m->listener().lost_count() << " time(s)");
    REQUIRE(noticed);
    std::cout << "[restart] " << how << ": broker stopped in " << stop_ms
              << " ms; all 3 members voided their assignment " << millis_since(stopping) << " ms after the stop began"
              << std::endl;

    const auto restarting = clock_type::now();
    broker.restart();
    const auto ready_at = clock_type::now();
    const auto after = wait_until_settled(three, before, 40s);
    // kafka.sh polls for readiness every 0.2 s, so the group may re-form before it reports the
    // broker ready (then the second figure is about 0).
    std::cout << "[restart] " << how << ": broker restarted in " << broker.startup_seconds()
              << " s (JVM launch to ready); the group "
              << "re-formed at generation " << before << " -> " << after << " " << millis_since(restarting)
              << " ms after kafka.sh restart began, " << millis_since(ready_at)
              << " ms after it reported the broker ready (reconnect.backoff.max.ms=1000, heartbeat.interval.ms=500)"
              << std::endl;
    CHECK(after > before);
    for (auto* m : three) {
        CHECK_FALSE(m->listener().fatal());
        CHECK(m->listener().lost_count() == 1);
    }
    for (auto* m : three) CHECK(m->stop("test over", 15s));
}
