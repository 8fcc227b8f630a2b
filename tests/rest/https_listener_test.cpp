// HTTPS listeners: TLS with PEM keystores and truststores made by the openssl tool for each test
// run (JKS and PKCS12 stores: https_java_keystores_test.cpp), client authentication (none / requested / required), several listeners on one server, and
// net::http_request as the TLS client (the one workers forward requests with).
#include <catch2/catch.hpp>

#include <chrono>
#include <memory>

#include "net/http_client.hpp"
#include "net/tls_context.hpp"
#include "rest/http_server.hpp"
#include "rest/test_certificates.hpp"
#include "rest/test_client.hpp"

using namespace copycat;
using namespace copycat::rest;
using copycat::rest::testing::test_certificates;
using copycat::rest::testing::test_client;
using namespace std::chrono_literals;

namespace {

router hello_router() {
    router r;
    r.get("/hello", [](request req, responder respond) {
        json::value body = json::value::make_object();
        body.set("hello", "world");
        body.set("authorization", std::string(req.header("Authorization").value_or("")));
        respond(json_response(200, body));
    });
    return r;
}

net::tls_settings server_tls(const test_certificates& certs) {
    net::tls_settings s;
    s.keystore_type = "PEM";
    s.keystore_location = certs.server().keystore;
    return s;
}

// What the client trusts (the server's certificate) and, for client authentication, presents.
net::tls_settings client_tls(const test_certificates& certs, bool with_identity) {
    net::tls_settings s;
    s.truststore_type = "PEM";
    s.truststore_location = certs.server().certificate;
    if (with_identity) {
        s.keystore_type = "PEM";
        s.keystore_location = certs.client().keystore;
    }
    return s;
}

std::unique_ptr<http_server> start(http_server_options o) {
    o.read_timeout = 5s;
    o.shutdown_timeout = 5s;
    auto server = std::make_unique<http_server>(hello_router(), std::move(o));
    const auto started = server->start();
    INFO((started.ok() ? std::string() : started.err().describe()));
    REQUIRE(started.ok());
    return server;
}

result<net::http_reply> get(const std::string& url) {
    return net::http_request({.method = "GET", .url = url, .timeout = 10s});
}

std::string https_url(const http_server& server, const std::string& host = "127.0.0.1") {
    for (const auto& l : server.listeners())
        if (l.protocol == "https") return "https://" + host + ":" + std::to_string(l.port) + "/hello";
    return {};
}

}  // namespace

TEST_CASE("an https listener serves requests over TLS with a PEM keystore file") {
    test_certificates certs;
    REQUIRE(certs.ok());
    auto server = start({.listener = "https://127.0.0.1:0", .tls = server_tls(certs)});
    REQUIRE(server->listeners().size() == 1);
    CHECK(server->listeners().front().protocol == "https");

    REQUIRE(net::configure_https_client(client_tls(certs, false)).ok());
    for (const std::string host : {"127.0.0.1", "localhost"}) {  // the IP and the DNS name in the certificate
        auto reply = get(https_url(*server, host));
        INFO(host << ": " << (reply ? std::string() : reply.err().describe()));
        REQUIRE(reply.ok());
        CHECK(reply->status == 200);
        CHECK(reply->body.find("\"hello\":\"world\"") != std::string::npos);
    }

    // Plain HTTP to the TLS port gets no HTTP answer.
    test_client plain(server->port(), 3s);
    CHECK(plain.request("GET", "/hello").status == 0);

    // A client that does not trust the server's certificate fails the handshake.
    REQUIRE(net::configure_https_client(net::tls_settings{}).ok());  // system CAs only
    auto untrusted = get(https_url(*server));
    REQUIRE_FALSE(untrusted.ok());
    CHECK(untrusted.err().code == errc::unavailable);
}

TEST_CASE("http and https listeners are served side by side") {
    test_certificates certs;
    REQUIRE(certs.ok());
    auto server = start({.listeners = {"http://127.0.0.1:0", "https://127.0.0.1:0"}, .tls = server_tls(certs)});
    const auto bound = server->listeners();
    REQUIRE(bound.size() == 2);
    CHECK(bound[0].protocol == "http");
    CHECK(bound[1].protocol == "https");
    CHECK(bound[0].port != bound[1].port);
    CHECK(server->port() == bound[0].port);

    test_client plain(bound[0].port);
    CHECK(plain.request("GET", "/hello").status == 200);
    REQUIRE(net::configure_https_client(client_tls(certs, false)).ok());
    auto reply = get(https_url(*server));
    REQUIRE(reply.ok());
    CHECK(reply->status == 200);
}

TEST_CASE("ssl.client.auth=required asks for a certificate the truststore trusts") {
    test_certificates certs;
    REQUIRE(certs.ok());
    auto tls = server_tls(certs);
    tls.client_auth = "required";
    tls.truststore_type = "PEM";
    tls.truststore_location = certs.client().certificate;
    auto server = start({.listener = "https://127.0.0.1:0", .tls = tls});

    REQUIRE(net::configure_https_client(client_tls(certs, false)).ok());
    CHECK_FALSE(get(https_url(*server)).ok());  // no client certificate

    REQUIRE(net::configure_https_client(client_tls(certs, true)).ok());
    auto reply = get(https_url(*server));
    INFO((reply ? std::string() : reply.err().describe()));
    REQUIRE(reply.ok());
    CHECK(reply->status == 200);

    // A certificate the server does not trust is refused too.
    auto stranger = client_tls(certs, false);
    stranger.keystore_type = "PEM";
    stranger.keystore_location = certs.server().keystore;  // valid, but not in the server's truststore
    REQUIRE(net::configure_https_client(stranger).ok());
    CHECK_FALSE(get(https_url(*server)).ok());
}

TEST_CASE("ssl.client.auth=requested lets clients without a certificate in") {
    test_certificates certs;
    REQUIRE(certs.ok());
    auto tls = server_tls(certs);
    tls.client_auth = "requested";
    tls.truststore_type = "PEM";
    tls.truststore_location = certs.client().certificate;
    auto server = start({.listener = "https://127.0.0.1:0", .tls = tls});
    for (const bool identity : {false, true}) {
        REQUIRE(net::configure_https_client(client_tls(certs, identity)).ok());
        auto reply = get(https_url(*server));
        REQUIRE(reply.ok());
        CHECK(reply->status == 200);
    }
}

TEST_CASE("an inline PEM keystore with an encrypted key and an inline truststore") {
    test_certificates certs;
    REQUIRE(certs.ok());
    net::tls_settings tls;
    tls.keystore_type = "PEM";
    tls.keystore_certificate_chain = test_certificates::read(certs.server().certificate);
    tls.keystore_key = test_certificates::read(certs.server().encrypted_key);
    tls.key_password = test_certificates::key_password;
    auto server = start({.listener = "https://127.0.0.1:0", .tls = tls});

    net::tls_settings client;
    client.truststore_type = "PEM";
    client.truststore_certificates = test_certificates::read(certs.server().certificate);
    REQUIRE(net::configure_https_client(client).ok());
    auto reply = get(https_url(*server));
    REQUIRE(reply.ok());
    CHECK(reply->status == 200);
}

TEST_CASE("bad TLS settings stop the server from starting with a clear error") {
    test_certificates certs;
    REQUIRE(certs.ok());
    const auto start_error = [](net::tls_settings tls) {
        http_server server(router{}, {.listener = "https://127.0.0.1:0", .tls = std::move(tls)});
        auto started = server.start();
        REQUIRE_FALSE(started.ok());
        CHECK(started.err().code == errc::invalid_argument);
        return started.err().describe();
    };
    CHECK_THAT(start_error({}), Catch::Contains("needs a keystore"));
    auto jks = server_tls(certs);
    jks.keystore_type = "JKS";  // a PEM file
    CHECK_THAT(start_error(jks), Catch::Contains("Invalid value JKS for configuration ssl.keystore.type") &&
                                     Catch::Contains("set ssl.keystore.type=PEM"));
    auto inline_jks = server_tls(certs);
    inline_jks.keystore_location.clear();
    inline_jks.keystore_type = "PKCS12";
    inline_jks.keystore_certificate_chain = test_certificates::read(certs.server().certificate);
    inline_jks.keystore_key = test_certificates::read(certs.server().key);
    CHECK_THAT(start_error(inline_jks), Catch::Contains("are PEM; set ssl.keystore.type=PEM"));
    auto wrong_password = server_tls(certs);
    wrong_password.keystore_location.clear();
    wrong_password.keystore_certificate_chain = test_certificates::read(certs.server().certificate);
    wrong_password.keystore_key = test_certificates::read(certs.server().encrypted_key);
    wrong_password.key_password = "wrong";
    CHECK_THAT(start_error(wrong_password), Catch::Contains("ssl.keystore.key"));
    auto mismatched = server_tls(certs);
    mismatched.keystore_location.clear();
    mismatched.keystore_certificate_chain = test_certificates::read(certs.server().certificate);
    mismatched.keystore_key = test_certificates::read(certs.client().key);
    CHECK_THAT(start_error(mismatched), Catch::Contains("mismatch"));
    auto protocols = server_tls(certs);
    protocols.enabled_protocols = {"SSLv3"};
    CHECK_THAT(start_error(protocols), Catch::Contains("unsupported protocol SSLv3"));
    auto auth = server_tls(certs);
    auth.client_auth = "sometimes";
    CHECK_THAT(start_error(auth), Catch::Contains("ssl.client.auth"));
}

TEST_CASE("TLS protocol and cipher settings are applied") {
    test_certificates certs;
    REQUIRE(certs.ok());
    auto tls = server_tls(certs);
    tls.enabled_protocols = {"TLSv1.3"};
    auto server = start({.listener = "https://127.0.0.1:0", .tls = tls});

    auto client = client_tls(certs, false);
    client.enabled_protocols = {"TLSv1.2"};  // no common protocol
    REQUIRE(net::configure_https_client(client).ok());
    CHECK_FALSE(get(https_url(*server)).ok());
    client.enabled_protocols = {"TLSv1.2", "TLSv1.3"};
    client.cipher_suites = {"TLS_AES_256_GCM_SHA384"};
    REQUIRE(net::configure_https_client(client).ok());
    CHECK(get(https_url(*server)).ok());

    client.cipher_suites = {"TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256"};  // an IANA (Java) name for TLS 1.2
    CHECK(net::make_client_tls_context(client).ok());
    client.cipher_suites = {"NO_SUCH_SUITE"};
    CHECK_FALSE(net::make_client_tls_context(client).ok());
}

TEST_CASE("the listeners.https. prefix wins over ssl.* as a whole") {
    const std::map<std::string, std::string, std::less<>> plain = {
        {"ssl.keystore.type", "PEM"}, {"ssl.keystore.location", "/a.pem"}, {"ssl.client.auth", "required"}};
    auto s = net::tls_settings_from(plain, "listeners.https.");
    CHECK(s.keystore_location == "/a.pem");
    CHECK(s.client_auth == "required");

    auto prefixed = plain;
    prefixed["listeners.https.ssl.keystore.location"] = "/b.pem";
    prefixed["listeners.https.ssl.enabled.protocols"] = "TLSv1.3 , TLSv1.2";
    s = net::tls_settings_from(prefixed, "listeners.https.");
    CHECK(s.keystore_location == "/b.pem");
    CHECK(s.keystore_type.empty());  // ssl.keystore.type is not read once the prefix is used
    CHECK(s.client_auth == "none");
    CHECK(s.enabled_protocols == std::vector<std::string>{"TLSv1.3", "TLSv1.2"});
}
