// A `copycat distributed` cluster whose workers advertise https URLs: every worker serves an http
// and an https listener (rest.advertised.listener=https), so requests forwarded to the leader and
// task configs sent from a connector's worker to the leader travel over TLS. GET /metrics shows
// the group's rebalances on every worker.
#include <catch2/catch.hpp>

#include <chrono>
#include <optional>
#include <sstream>
#include <string>

#include "distributed/distributed_workers.hpp"
#include "rest/test_certificates.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::itest;
using copycat::rest::testing::test_certificates;
using namespace std::chrono_literals;

namespace {

constexpr auto deadline = 90s;  // an upper bound for failing, never a measure of speed

std::optional<double> sample(const std::string& exposition, const std::string& series) {
    std::istringstream lines(exposition);
    for (std::string line; std::getline(lines, line);) {
        if (line.size() > series.size() && line.compare(0, series.size(), series) == 0 && line[series.size()] == ' ')
            return std::stod(line.substr(series.size() + 1));
    }
    return std::nullopt;
}

std::string https_properties(const test_certificates& certs) {
    return "listeners=http://127.0.0.1:0,https://127.0.0.1:0\n"
           "rest.advertised.listener=https\n"
           "ssl.keystore.type=PEM\n"
           "ssl.keystore.location=" +
           certs.server().keystore +
           "\n"
           "ssl.truststore.type=PEM\n"
           "ssl.truststore.location=" +
           certs.server().certificate + "\n";
}

}  // namespace

TEST_CASE("workers that advertise https forward requests and task configs over TLS", "[cluster]") {
    test_certificates certs;
    REQUIRE(certs.ok());
    distributed_workers cluster({.workers = 2, .extra_properties = https_properties(certs)});
    INFO(cluster.logs());

    // Every worker completed a rebalance; exactly one leads.
    std::string metrics[2];
    REQUIRE(poll_until(deadline, [&] {
        double leaders = 0;
        for (int i = 0; i < 2; ++i) {
            metrics[i] = cluster.call(i, "GET", "/metrics").body;
            if (sample(metrics[i], "copycat_worker_rebalances_completed_total").value_or(0) < 1) return false;
            if (sample(metrics[i], "copycat_worker_rebalancing").value_or(1) != 0) return false;
            leaders += sample(metrics[i], "copycat_worker_leader").value_or(0);
        }
        return leaders == 1;
    }));
    CHECK(sample(metrics[0], "copycat_worker_generation") == sample(metrics[1], "copycat_worker_generation"));
    CHECK(sample(metrics[0], "copycat_worker_rebalance_last_duration_seconds").value_or(-1) >= 0);
    const int follower = sample(metrics[0], "copycat_worker_leader") == 1 ? 1 : 0;
    CHECK(cluster.log(follower).find("advertised as https://127.0.0.1:") != std::string::npos);

    // Creating connectors on the follower forwards them to the leader's https URL; the
    // connectors assigned to the follower send their task configs there too.
    const std::string topic = unique_name("https-cluster");
    for (const std::string name : {"tls-a", "tls-b"}) {
        const std::string file = (cluster.dir().path() / (name + ".txt")).string();
        const auto created = cluster.call(
            follower, "POST", "/connectors",
            R"({"name":")" + name + R"(","config":{"connector.class":"FileStreamSource","tasks.max":"1","file":")" +
                file + R"(","topic":")" + topic + R"("}})");
        INFO(created.body);
        CHECK(created.status == 201);
    }
    for (const std::string name : {"tls-a", "tls-b"}) {
        INFO(name);
        CHECK(poll_until(deadline, [&] {
            const auto tasks = cluster.tasks(follower, name);
            return cluster.connector_state(follower, name) == "RUNNING" && tasks.size() == 1 &&
                   tasks.front().state == "RUNNING";
        }));
    }
    CHECK(poll_until(deadline, [&] {
        double running = 0;
        for (int i = 0; i < 2; ++i)
            running +=
                sample(cluster.call(i, "GET", "/metrics").body, "copycat_worker_tasks{state=\"running\"}").value_or(0);
        return running == 2;
    }));
}
