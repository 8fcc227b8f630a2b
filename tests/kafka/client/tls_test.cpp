// The TLS transport (security.protocol SSL): broker_connection through tls_proxy to fake_broker,
// with certificates made for the test: trust, host name verification, SNI by name.
#include <catch2/catch.hpp>

#include <optional>
#include <string>

#include "client_loop.hpp"
#include "fake_broker.hpp"
#include "kafka/client/broker_connection.hpp"
#include "kafka/client/kafka_error.hpp"
#include "test_certificate.hpp"
#include "tls_proxy.hpp"

using namespace copycat;
using namespace copycat::kafka_client;
using namespace copycat::kafka_client::testing;

namespace {

result<void> connect_tls(client_loop& loop, const broker_address& where, tls_options tls) {
    connection_options options;
    options.security = security_protocol::ssl;
    options.tls = std::move(tls);
    auto conn = broker_connection::create(loop.io.get_executor(), options);
    std::optional<result<void>> ready;
    conn->connect(where, [&](result<void> r) { ready = std::move(r); });
    REQUIRE(loop.run_until([&] { return ready.has_value(); }));
    conn->close();
    return *ready;
}

tls_options trusting(const std::string& ca_file, bool verify_hostname = true) {
    tls_options tls;
    tls.ca_file = ca_file;
    tls.verify_hostname = verify_hostname;
    return tls;
}

}  // namespace

TEST_CASE("an SSL connection trusts only the configured CA and checks the host name") {
    fake_broker broker;
    client_loop loop;

    SECTION("a trusted certificate naming the host") {
        const auto cert = make_test_certificate("localhost", {"DNS:localhost", "IP:127.0.0.1"});
        tls_proxy proxy(cert, broker.address());
        auto by_name = connect_tls(loop, {"localhost", proxy.address().port}, trusting(cert.cert_file));
        INFO((by_name.ok() ? std::string("ok") : by_name.err().describe()));
        CHECK(by_name.ok());
        CHECK(connect_tls(loop, proxy.address(), trusting(cert.cert_file)).ok());
        CHECK(proxy.handshakes() == 2);
        CHECK(broker.count(kp::api_key::api_versions) == 2);  // the Kafka exchange ran inside TLS
    }
    SECTION("a certificate from an unknown CA") {
        const auto cert = make_test_certificate("localhost", {"IP:127.0.0.1"});
        const auto other = make_test_certificate("someone-else", {"IP:127.0.0.1"});
        tls_proxy proxy(cert, broker.address());
        auto ready = connect_tls(loop, proxy.address(), trusting(other.cert_file));
        REQUIRE_FALSE(ready.ok());
        CHECK(is_tls_refusal(ready.err().code));  // an authentication failure, not a network one
        CHECK(is_authentication_failure(ready.err()));
        CHECK(broker.requests().empty());
    }
    SECTION("a trusted certificate for another host") {
        const auto cert = make_test_certificate("elsewhere", {"DNS:elsewhere.example"});
        tls_proxy proxy(cert, broker.address());
        auto mismatch = connect_tls(loop, proxy.address(), trusting(cert.cert_file));
        REQUIRE_FALSE(mismatch.ok());
        CHECK(is_authentication_failure(mismatch.err()));
        // ssl.endpoint.identification.algorithm="" turns the host check off.
        CHECK(connect_tls(loop, proxy.address(), trusting(cert.cert_file, false)).ok());
    }
}
