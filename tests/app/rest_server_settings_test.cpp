// The REST server as worker.properties describe it: every listener, TLS settings with Kafka's
// listeners.https. prefix rule, CORS, basic authentication, and the advertised URL (Kafka:
// RestServer.advertisedUrl / determineAdvertisedProtocol).
#include <catch2/catch.hpp>

#include <cstdlib>
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

TEST_CASE("rest.max.connections and rest.max.pending.request.bytes cap each listener") {
    auto defaults = rest_server_options(parsed({}));
    REQUIRE(defaults.ok());
    CHECK(defaults->max_connections == 512);
    CHECK(defaults->max_pending_body_bytes == 64 * 1024 * 1024);
    auto set = rest_server_options(parsed({{"rest.max.connections", "8"}, {"rest.max.pending.request.bytes", "4096"}}));
    REQUIRE(set.ok());
    CHECK(set->max_connections == 8);
    CHECK(set->max_pending_body_bytes == 4096);
}

namespace {

std::string write_temp(const std::string& name, const std::string& text) {
    const auto path = std::filesystem::temp_directory_path() / ("copycat-" + std::to_string(::getpid()) + "-" + name);
    std::ofstream(path) << text;
    return path.string();
}

}  // namespace

TEST_CASE("Kafka's BasicAuthSecurityRestExtension is served from its JAAS file; any other extension stops the worker") {
    const std::string extension = "org.apache.kafka.connect.rest.basic.auth.extension.BasicAuthSecurityRestExtension";
    const std::string users = write_temp("connect.password", "admin: secret\nops=ops-secret\n");
    const std::string jaas = write_temp("connect.jaas", "/* Kafka Connect's REST users */\nKafkaConnect {\n"
                                                        "  org.apache.kafka.connect.rest.basic.auth.extension."
                                                        "PropertyFileLoginModule required\n  file=\"" +
                                                            users + "\";\n};\n");
    // Found the way Kafka finds it: -Djava.security.auth.login.config in the JVM options.
    auto options = rest_server_options(parsed({{"rest.extension.classes", extension},
                                               {"java.bridge.jvm.options", "-Xmx1g -Djava.security.auth.login.config=" + jaas}}));
    INFO((options ? std::string() : options.err().describe()));
    REQUIRE(options.ok());
    REQUIRE(options->auth);
    CHECK(options->auth->users() == 2);
    rest::request req;
    req.headers = {{"Authorization", "Basic YWRtaW46c2VjcmV0"}};  // admin:secret
    CHECK(options->auth->authenticates(req));

    // Without a JAAS file the worker does not start (its REST API would be open).
    auto no_jaas = rest_server_options(parsed({{"rest.extension.classes", extension}}));
    if (std::getenv("KAFKA_OPTS") == nullptr) {
        REQUIRE_FALSE(no_jaas.ok());
        CHECK_THAT(no_jaas.err().message, Catch::Contains("java.security.auth.login.config"));
    }
    // A JAAS file without the KafkaConnect entry, or with another login module, neither.
    const std::string other = write_temp("other.jaas", "KafkaServer { com.example.Ldap required url=\"x\"; };");
    auto wrong_entry = rest_server_options(parsed({{"rest.extension.classes", extension},
                                                   {"java.bridge.jvm.options", "-Djava.security.auth.login.config=" + other}}));
    REQUIRE_FALSE(wrong_entry.ok());
    CHECK_THAT(wrong_entry.err().message, Catch::Contains("KafkaConnect"));
    const std::string ldap = write_temp("ldap.jaas", "KafkaConnect { com.example.LdapLoginModule required; };");
    auto wrong_module = rest_server_options(parsed({{"rest.extension.classes", extension},
                                                    {"java.bridge.jvm.options", "-Djava.security.auth.login.config==" + ldap}}));
    REQUIRE_FALSE(wrong_module.ok());
    CHECK_THAT(wrong_module.err().message, Catch::Contains("com.example.LdapLoginModule"));

    // Any other extension class: the worker refuses to start, naming it.
    auto unknown = rest_server_options(parsed({{"rest.extension.classes", "com.example.AuditExtension"}}));
    REQUIRE_FALSE(unknown.ok());
    CHECK_THAT(unknown.err().message, Catch::Contains("com.example.AuditExtension"));
    for (const auto& f : {users, jaas, other, ldap}) std::filesystem::remove(f);
}
