// cluster_connector: bootstrap servers tried in turn, per-broker reconnect backoff, cancel; and
// the parsing of bootstrap.servers.
#include <catch2/catch.hpp>

#include <chrono>
#include <memory>
#include <optional>

#include <boost/asio/ip/tcp.hpp>

#include "client_loop.hpp"
#include "fake_broker.hpp"
#include "kafka/client/broker_address.hpp"
#include "kafka/client/cluster_connector.hpp"

using namespace copycat;
using namespace copycat::kafka_client;
using namespace copycat::kafka_client::testing;
using namespace std::chrono_literals;

namespace {

using connection_result = std::optional<result<std::shared_ptr<broker_connection>>>;

// A loopback port nothing listens on.
broker_address dead_address(client_loop& loop) {
    boost::asio::ip::tcp::acceptor probe(loop.io, {boost::asio::ip::make_address("127.0.0.1"), 0});
    return {"127.0.0.1", probe.local_endpoint().port()};
}

connection_options fast_options() {
    connection_options options;
    options.connect_timeout = 2s;
    options.reconnect_backoff = 200ms;
    options.reconnect_backoff_max = 1s;
    return options;
}

}  // namespace

TEST_CASE("bootstrap.servers lists parse, bad entries are refused") {
    auto parsed = parse_bootstrap_servers(" a:1, [::1]:9092 ,b.example:65535,");
    REQUIRE(parsed.ok());
    REQUIRE(parsed->size() == 3);
    CHECK((*parsed)[0] == broker_address{"a", 1});
    CHECK((*parsed)[1] == broker_address{"::1", 9092});
    CHECK((*parsed)[1].to_string() == "[::1]:9092");
    CHECK((*parsed)[2].to_string() == "b.example:65535");
    CHECK_FALSE(parse_bootstrap_servers("").ok());
    CHECK_FALSE(parse_bootstrap_servers("host").ok());
    CHECK_FALSE(parse_bootstrap_servers("host:0").ok());
    CHECK_FALSE(parse_bootstrap_servers("host:65536").ok());
    CHECK_FALSE(parse_bootstrap_servers("[::1:9092").ok());
}

TEST_CASE("connect_any tries the bootstrap servers in turn") {
    client_loop loop;
    fake_broker broker;
    auto connector =
        cluster_connector::create(loop.io.get_executor(), {dead_address(loop), broker.address()}, fast_options());
    connection_result first;
    connector->connect_any([&](auto r) { first = std::move(r); });
    REQUIRE(loop.run_until([&] { return first.has_value(); }));
    REQUIRE(first->ok());
    CHECK(first->value()->address() == broker.address());
    first->value()->close();
}

TEST_CASE("connect_any reports the last error when no bootstrap server answers") {
    client_loop loop;
    auto connector =
        cluster_connector::create(loop.io.get_executor(), {dead_address(loop), dead_address(loop)}, fast_options());
    connection_result outcome;
    connector->connect_any([&](auto r) { outcome = std::move(r); });
    REQUIRE(loop.run_until([&] { return outcome.has_value(); }));
    REQUIRE_FALSE(outcome->ok());
    CHECK(outcome->err().message.find("no bootstrap server is reachable") != std::string::npos);
}

TEST_CASE("a broker that refused a connection is retried only after the reconnect backoff") {
    client_loop loop;
    const broker_address dead = dead_address(loop);
    auto connector = cluster_connector::create(loop.io.get_executor(), {dead}, fast_options());
    connection_result first, second;
    connector->connect_to(dead, [&](auto r) { first = std::move(r); });
    REQUIRE(loop.run_until([&] { return first.has_value(); }));
    const auto failed_at = std::chrono::steady_clock::now();
    connector->connect_to(dead, [&](auto r) { second = std::move(r); });
    REQUIRE(loop.run_until([&] { return second.has_value(); }));
    // 200 ms with -20% jitter at most, counted from the failure, which the test sees a moment
    // later (under load, milliseconds later); a retry without the backoff fails within 1 ms.
    CHECK(std::chrono::steady_clock::now() - failed_at >= 100ms);

    // cancel() ends an attempt waiting out its backoff at once.
    connection_result cancelled;
    connector->connect_to(dead, [&](auto r) { cancelled = std::move(r); });
    connector->cancel();
    REQUIRE(loop.run_until([&] { return cancelled.has_value(); }, 100ms));
    REQUIRE_FALSE(cancelled->ok());
    CHECK(cancelled->err().message.find("cancelled") != std::string::npos);
}
