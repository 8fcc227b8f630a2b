// HTTPS listeners and the https client with JKS and PKCS12 key and trust stores, made by keytool
// from the openssl-made certificates of test_certificates for each test run.
#include <catch2/catch.hpp>

#include <chrono>
#include <memory>

#include "net/http_client.hpp"
#include "net/java_keystores.hpp"
#include "net/tls_context.hpp"
#include "rest/http_server.hpp"
#include "rest/test_certificates.hpp"

using namespace copycat;
using namespace copycat::rest;
using copycat::rest::testing::test_certificates;
using copycat::testing::java_keystores;
using namespace std::chrono_literals;

namespace {

router hello_router() {
    router r;
    r.get("/hello", [](request, responder respond) {
        json::value body = json::value::make_object();
        body.set("hello", "world");
        respond(json_response(200, body));
    });
    return r;
}

std::string location(const copycat::testing::java_store_pair& stores, const std::string& type) {
    return type == "JKS" ? stores.jks : stores.pkcs12;
}

// The stores of `type` as Kafka's keys give them ("listeners.https." for the server).
std::map<std::string, std::string, std::less<>> store_keys(const std::string& prefix, const std::string& type,
                                                           const std::string& keystore,
                                                           const std::string& truststore) {
    std::map<std::string, std::string, std::less<>> props = {
        {prefix + "ssl.keystore.type", type},
        {prefix + "ssl.keystore.location", keystore},
        {prefix + "ssl.keystore.password", java_keystores::store_password},
        {prefix + "ssl.truststore.type", type},
        {prefix + "ssl.truststore.location", truststore},
        {prefix + "ssl.truststore.password", java_keystores::store_password},
    };
    if (type == "JKS") props[prefix + "ssl.key.password"] = java_keystores::key_password;
    return props;
}

std::string https_url(const http_server& server) {
    for (const auto& l : server.listeners())
        if (l.protocol == "https") return "https://127.0.0.1:" + std::to_string(l.port) + "/hello";
    return {};
}

}  // namespace

TEST_CASE("an https listener with a JKS or PKCS12 keystore and truststore serves a client with the same") {
    test_certificates certs;
    REQUIRE(certs.ok());
    java_keystores stores;
    const auto server_keys = stores.key_stores("server", certs.server().key, certs.server().certificate);
    const auto client_keys = stores.key_stores("client", certs.client().key, certs.client().certificate);
    const auto server_trust = stores.trust_stores("client", certs.client().certificate);  // trusts the client
    const auto client_trust = stores.trust_stores("server", certs.server().certificate);  // trusts the server
    REQUIRE_FALSE(server_keys.jks.empty());
    REQUIRE_FALSE(client_keys.jks.empty());
    REQUIRE_FALSE(server_trust.jks.empty());
    REQUIRE_FALSE(client_trust.jks.empty());

    const std::string type = GENERATE("JKS", "PKCS12");
    CAPTURE(type);
    auto props = store_keys("listeners.https.", type, location(server_keys, type), location(server_trust, type));
    props["listeners.https.ssl.client.auth"] = "required";
    http_server server(hello_router(), {.listener = "https://127.0.0.1:0",
                                        .read_timeout = 5s,
                                        .shutdown_timeout = 5s,
                                        .tls = net::tls_settings_from(props, "listeners.https.")});
    const auto started = server.start();
    INFO((started.ok() ? std::string() : started.err().describe()));
    REQUIRE(started.ok());

    const auto client = store_keys("", type, location(client_keys, type), location(client_trust, type));
    const auto configured = net::configure_https_client(net::tls_settings_from(client, ""));
    INFO((configured.ok() ? std::string() : configured.err().describe()));
    REQUIRE(configured.ok());
    auto reply = net::http_request({.method = "GET", .url = https_url(server), .timeout = 10s});
    INFO((reply ? std::string() : reply.err().describe()));
    REQUIRE(reply.ok());
    CHECK(reply->status == 200);
    CHECK(reply->body == R"({"hello":"world"})");

    // Without the client's keystore the server refuses the handshake.
    auto anonymous = client;
    anonymous.erase("ssl.keystore.location");
    REQUIRE(net::configure_https_client(net::tls_settings_from(anonymous, "")).ok());
    CHECK_FALSE(net::http_request({.method = "GET", .url = https_url(server), .timeout = 10s}).ok());
}

TEST_CASE("a wrong keystore password stops an https listener with Kafka's message naming the key") {
    test_certificates certs;
    REQUIRE(certs.ok());
    java_keystores stores;
    const auto server_keys = stores.key_stores("server", certs.server().key, certs.server().certificate);
    REQUIRE_FALSE(server_keys.jks.empty());
    for (const std::string prefix : {"listeners.https.", "admin.listeners.https."}) {
        for (const std::string& file : {server_keys.jks, server_keys.pkcs12}) {
            const std::map<std::string, std::string, std::less<>> props = {
                {prefix + "ssl.keystore.location", file}, {prefix + "ssl.keystore.password", "not-it"}};
            http_server server(router{}, {.listener = "https://127.0.0.1:0", .tls = net::tls_settings_from(props, prefix)});
            const auto started = server.start();
            REQUIRE_FALSE(started.ok());
            CHECK(started.err().code == errc::invalid_argument);
            CHECK_THAT(started.err().message,
                       Catch::Contains("Invalid value [hidden] for configuration " + prefix + "ssl.keystore.password: "
                                       "Failed to load SSL keystore " + file) &&
                           Catch::Contains("Keystore was tampered with, or password was incorrect") &&
                           !Catch::Contains("not-it"));
        }
    }
}
