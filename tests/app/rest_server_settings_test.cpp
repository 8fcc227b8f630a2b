// The REST server as worker.properties describe it: every listener, TLS settings with Kafka's
// listeners.https. prefix rule, CORS, basic authentication, and the advertised URL (Kafka:
// RestServer.advertisedUrl / determineAdvertisedProtocol).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "app/rest_server_settings.hpp"

using namespace copycat;
using namespace copycat::app;

namespace {

standalone_config parsed(string_map extra) {
    string_map props = {{"key.converter", "org.apache.kafka.connect.json.JsonConverter"},
                        {"value.converter", "org.apache.kafka.connect.json.JsonConverter"},
                        {"offset.storage.file.filename", "/tmp/connect.offsets"}};
    for (auto& [k, v] : extra) props.insert_or_assign(k, v);
    auto config = parse_standalone_config(props);
    INFO((config ? std::string() : config.err().describe()));
    REQUIRE(config.ok());
    return std::move(*config);
}

std::vector<rest::bound_listener> bound_http_https() {
    return {{"http", "127.0.0.1", 40001, "127.0.0.1:40001"}, {"https", "localhost", 40002, "127.0.0.1:40002"}};
}

}  // namespace

TEST_CASE("every listener is served, with CORS and TLS settings from the worker config") {
    auto config = parsed({{"listeners", "http://127.0.0.1:0,https://localhost:0"},
                          {"access.control.allow.origin", "*"},
                          {"access.control.allow.methods", "GET,PUT"},
                          {"ssl.keystore.type", "PEM"},
                          {"ssl.keystore.location", "/etc/copycat/rest.pem"},
                          {"listeners.https.ssl.client.auth", "requested"},
                          {"listeners.https.ssl.keystore.type", "PEM"},
                          {"listeners.https.ssl.keystore.location", "/etc/copycat/https.pem"}});
    auto options = rest_server_options(config);
    REQUIRE(options.ok());
    CHECK(options->listeners == std::vector<std::string>{"http://127.0.0.1:0", "https://localhost:0"});
    REQUIRE(options->tls.has_value());
    CHECK(options->tls->keystore_location == "/etc/copycat/https.pem");  // listeners.https.* win as a whole
    CHECK(options->tls->client_auth == "requested");
    CHECK(options->cors.allowed_origins == "*");
    CHECK(options->cors.allowed_methods == "GET,PUT");
    CHECK_FALSE(options->auth);
    CHECK(uses_https(config));

    auto plain = parsed({{"listeners", "http://:0"}});
    auto plain_options = rest_server_options(plain);
    REQUIRE(plain_options.ok());
    CHECK_FALSE(plain_options->tls.has_value());
    CHECK(plain_options->cors.allowed_origins.empty());
    CHECK_FALSE(uses_https(plain));
}

TEST_CASE("rest.basic.auth.credentials.file turns basic authentication on") {
    const auto file = std::filesystem::temp_directory_path() / ("copycat-users-" + std::to_string(::getpid()));
    std::ofstream(file) << "admin=secret\n";
    auto options = rest_server_options(parsed({{"rest.basic.auth.credentials.file", file.string()}}));
    REQUIRE(options.ok());
    REQUIRE(options->auth);
    CHECK(options->auth->users() == 1);
    CHECK(options->cors.allowed_headers == std::vector<std::string>{"Content-Type", "Authorization"});
    std::filesystem::remove(file);

    auto missing = rest_server_options(parsed({{"rest.basic.auth.credentials.file", "/no/such/file"}}));
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.err().code == errc::invalid_argument);
}

TEST_CASE("rest.max.request.bytes is the server's body limit, 16 MiB unless set") {
    auto defaults = rest_server_options(parsed({}));
    REQUIRE(defaults.ok());
    CHECK(defaults->body_limit == 16 * 1024 * 1024);
    auto small = rest_server_options(parsed({{"rest.max.request.bytes", "65536"}}));
    REQUIRE(small.ok());
    CHECK(small->body_limit == 65536);

    string_map props = {{"key.converter", "org.apache.kafka.connect.json.JsonConverter"},
                        {"value.converter", "org.apache.kafka.connect.json.JsonConverter"},
                        {"offset.storage.file.filename", "/tmp/connect.offsets"},
                        {"rest.max.request.bytes", "0"}};
    CHECK_FALSE(parse_standalone_config(props).ok());
}

TEST_CASE("the advertised URL prefers http, unless rest.advertised.listener says otherwise") {
    auto both = parsed({{"listeners", "http://127.0.0.1:0,https://localhost:0"}});
    auto endpoint = advertised(both, bound_http_https());
    CHECK(endpoint.url == "http://127.0.0.1:40001/");
    CHECK(endpoint.worker_id == "127.0.0.1:40001");

    auto tls = parsed({{"listeners", "http://127.0.0.1:0,https://localhost:0"}, {"rest.advertised.listener", "HTTPS"}});
    endpoint = advertised(tls, bound_http_https());
    CHECK(endpoint.url == "https://localhost:40002/");
    CHECK(endpoint.worker_id == "localhost:40002");

    auto only_https = parsed({{"listeners", "https://localhost:0"}});
    endpoint = advertised(only_https, {{"https", "localhost", 40003, "127.0.0.1:40003"}});
    CHECK(endpoint.url == "https://localhost:40003/");

    auto overridden = parsed({{"listeners", "https://localhost:0"},
                              {"rest.advertised.host.name", "connect-1.example.com"},
                              {"rest.advertised.port", "8443"}});
    endpoint = advertised(overridden, {{"https", "localhost", 40003, "127.0.0.1:40003"}});
    CHECK(endpoint.url == "https://connect-1.example.com:8443/");

    auto v6 = parsed({{"listeners", "http://[::1]:0"}});
    endpoint = advertised(v6, {{"http", "::1", 40004, "[::1]:40004"}});
    CHECK(endpoint.url == "http://[::1]:40004/");
    CHECK(endpoint.worker_id == "::1:40004");
}
