// The request policies of the REST server: CORS (as Kafka Connect configures Jetty's
// CrossOriginHandler) and HTTP basic authentication, through a real server on port 0; and a
// request forwarded to another worker keeping the client's credentials (over http and https).
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>

#include <unistd.h>

#include "net/http_client.hpp"
#include "rest/basic_auth.hpp"
#include "rest/cors_policy.hpp"
#include "rest/error_mapping.hpp"
#include "rest/http_server.hpp"
#include "rest/request_forwarder.hpp"
#include "rest/test_certificates.hpp"
#include "rest/test_client.hpp"

using namespace copycat;
using namespace copycat::rest;
using copycat::rest::testing::test_certificates;
using copycat::rest::testing::test_client;
using namespace std::chrono_literals;

namespace {

router ok_router() {
    router r;
    r.get("/connectors", [](request, responder respond) { respond(json_response(200, json::value::make_array())); });
    r.add("POST", "/connectors/{connector}/tasks", [](request, responder respond) { respond(empty_response(204)); },
          router::access::internal);
    return r;
}

std::unique_ptr<http_server> start(router r, http_server_options o) {
    if (o.listeners.empty()) o.listener = "http://127.0.0.1:0";
    o.read_timeout = 5s;
    o.shutdown_timeout = 5s;
    auto server = std::make_unique<http_server>(std::move(r), std::move(o));
    const auto started = server->start();
    INFO((started.ok() ? std::string() : started.err().describe()));
    REQUIRE(started.ok());
    return server;
}

const std::string user_basic = "Basic dXNlcjpwYXNzd29yZA==";  // user:password
std::shared_ptr<const basic_auth> users(bool signed_internal_routes = true) {
    return std::make_shared<const basic_auth>(std::map<std::string, std::string>{{"user", "password"}, {"ops", "x"}},
                                              signed_internal_routes);
}

std::string temp_file(const std::string& text) {
    static int counter = 0;
    const auto path = std::filesystem::temp_directory_path() /
                      ("copycat-cred-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + ".properties");
    std::ofstream(path) << text;
    return path.string();
}

request with_headers(std::string method, std::string target, header_list headers) {
    request r;
    r.method = std::move(method);
    r.target = std::move(target);
    r.headers = std::move(headers);
    return r;
}

}  // namespace

TEST_CASE("without access.control.allow.origin there are no CORS headers and OPTIONS is Jersey's answer") {
    auto server = start(ok_router(), {});
    test_client client(server->port());
    auto reply = client.request("GET", "/connectors", {}, {{"Origin", "https://ui.example.com"}});
    CHECK(reply.status == 200);
    CHECK(reply.header("access-control-allow-origin").empty());
    CHECK(reply.header("vary").empty());
    auto preflight = client.request("OPTIONS", "/connectors", {},
                                    {{"Origin", "https://ui.example.com"}, {"Access-Control-Request-Method", "GET"}});
    CHECK(preflight.status == 200);
    CHECK(preflight.header("allow") == "GET, HEAD, OPTIONS");
    CHECK(preflight.header("access-control-allow-origin").empty());
}

TEST_CASE("an allowed origin gets Access-Control-Allow-Origin and its preflights are answered") {
    auto server = start(ok_router(), {.cors = {.allowed_origins = "https://ui\\.example\\.com, http://localhost:3000",
                                               .allowed_methods = "GET,POST,PUT,DELETE"}});
    test_client client(server->port());

    auto simple = client.request("GET", "/connectors", {}, {{"Origin", "https://UI.example.com"}});
    CHECK(simple.status == 200);
    CHECK(simple.header("access-control-allow-origin") == "https://UI.example.com");
    CHECK(simple.header("access-control-allow-credentials") == "true");
    CHECK(simple.header("vary") == "Origin");

    auto preflight = client.request("OPTIONS", "/connectors", {},
                                    {{"Origin", "http://localhost:3000"}, {"Access-Control-Request-Method", "PUT"}});
    CHECK(preflight.status == 204);
    CHECK(preflight.header("access-control-allow-origin") == "http://localhost:3000");
    CHECK(preflight.header("access-control-allow-methods") == "GET,POST,PUT,DELETE");
    CHECK(preflight.header("access-control-allow-headers") == "Content-Type");
    CHECK(preflight.header("access-control-max-age") == "60");

    // Another origin is served without CORS headers (the browser refuses the answer), and its
    // preflight goes to the router.
    auto other = client.request("GET", "/connectors", {}, {{"Origin", "https://evil.example.org"}});
    CHECK(other.status == 200);
    CHECK(other.header("access-control-allow-origin").empty());
    CHECK(other.header("vary") == "Origin");
    auto other_preflight =
        client.request("OPTIONS", "/connectors", {},
                       {{"Origin", "https://evil.example.org"}, {"Access-Control-Request-Method", "GET"}});
    CHECK(other_preflight.status == 200);  // the router's OPTIONS answer, as Jersey gives it
    CHECK(other_preflight.header("access-control-allow-origin").empty());

    auto no_origin = client.request("GET", "/connectors");
    CHECK(no_origin.header("access-control-allow-origin").empty());
    CHECK(no_origin.header("vary") == "Origin");
}

TEST_CASE("access.control.allow.origin=* allows any origin; methods default to GET,POST,HEAD") {
    cors_policy cors({.allowed_origins = "*"});
    auto d =
        cors.inspect(with_headers("OPTIONS", "/x", {{"Origin", "null"}, {"Access-Control-Request-Method", "GET"}}));
    CHECK(d.preflight);
    const auto has = [&](std::string name, std::string value) {
        return std::find(d.headers.begin(), d.headers.end(), std::pair{name, value}) != d.headers.end();
    };
    CHECK(has("Access-Control-Allow-Origin", "null"));
    CHECK(has("Access-Control-Allow-Methods", "GET,POST,HEAD"));
    CHECK_FALSE(cors.inspect(with_headers("OPTIONS", "/x", {{"Origin", "a"}})).preflight);  // no request method
    CHECK_FALSE(cors_policy({.allowed_origins = "  "}).enabled());
    cors_policy literal({.allowed_origins = "http://a(b"});  // not a regular expression: matched literally
    CHECK(literal.origin_allowed("HTTP://A(B"));
    CHECK_FALSE(literal.origin_allowed("http://ab"));
}

TEST_CASE("basic authentication: 401 with WWW-Authenticate unless the credentials are right") {
    auto server = start(ok_router(), {.cors = {.allowed_origins = "*"}, .auth = users()});
    test_client client(server->port());

    auto missing = client.request("GET", "/connectors", {}, {{"Origin", "https://ui"}});
    CHECK(missing.status == 401);
    CHECK(missing.header("www-authenticate").rfind("Basic realm=", 0) == 0);
    CHECK(missing.json().find("error_code")->as_int64() == 401);
    CHECK(missing.json().find("message")->as_string() == "User cannot access the resource.");
    CHECK(missing.header("access-control-allow-origin") == "https://ui");  // the browser may read the 401
    CHECK(missing.keep_alive);

    CHECK(client.request("GET", "/connectors", {}, {{"Authorization", user_basic}}).status == 200);
    CHECK(client.request("GET", "/connectors", {}, {{"Authorization", "basic dXNlcjpwYXNzd29yZA"}}).status == 200);
    CHECK(client.request("GET", "/connectors", {}, {{"Authorization", "Basic dXNlcjpwYXNzd29yZUI="}}).status == 401);
    CHECK(client.request("GET", "/connectors", {}, {{"Authorization", "Bearer dXNlcjpwYXNzd29yZA=="}}).status == 401);
    CHECK(client.request("GET", "/connectors", {}, {{"Authorization", "Basic !!!"}}).status == 401);

    // Preflights carry no credentials; the internal task-config route has none either (its
    // requests are signed under connect.protocol=sessioned).
    auto preflight = client.request("OPTIONS", "/connectors", {},
                                    {{"Origin", "https://ui"}, {"Access-Control-Request-Method", "GET"}});
    CHECK(preflight.status == 204);
    CHECK(client.request("POST", "/connectors/c/tasks", "[]").status == 204);
}

TEST_CASE("basic authentication: without signed internal requests (eager, compatible) internal routes need credentials") {
    auto server = start(ok_router(), {.auth = users(false)});
    test_client client(server->port());
    CHECK(client.request("POST", "/connectors/c/tasks", "[]").status == 401);
    CHECK(client.request("POST", "/connectors/c/tasks", "[]", {{"Authorization", user_basic}}).status == 204);
}

TEST_CASE("the credentials file is a properties file of user=password lines") {
    auto auth = basic_auth::from_file(temp_file("# users\nuser=password\nops: with space\n"), true);
    REQUIRE(auth.ok());
    CHECK(auth->users() == 2);
    CHECK(auth->authenticates(with_headers("GET", "/", {{"Authorization", user_basic}})));
    CHECK(auth->authenticates(with_headers("GET", "/", {{"authorization", "Basic b3BzOndpdGggc3BhY2U="}})));
    CHECK_FALSE(auth->authenticates(with_headers("GET", "/", {{"Authorization", "Basic dW5rbm93bjpwYXNzd29yZA=="}})));
    CHECK_FALSE(auth->authenticates(with_headers("GET", "/", {})));
    // The credentials are decoded as java.util.Base64.getDecoder() does: padding may be left out, not cut short.
    CHECK(auth->authenticates(with_headers("GET", "/", {{"Authorization", "Basic dXNlcjpwYXNzd29yZA"}})));
    CHECK_FALSE(auth->authenticates(with_headers("GET", "/", {{"Authorization", "Basic dXNlcjpwYXNzd29yZA="}})));

    // Exemption comes from the route the router matched, never from the target's text.
    const router routes = ok_router();
    const auto allowed = [&](std::string method, std::string target) {
        return auth->allows(routes.find(method, target), with_headers(method, target, {}));
    };
    CHECK(allowed("POST", "/connectors/c/tasks?forward=true"));
    CHECK_FALSE(allowed("GET", "/connectors"));
    CHECK_FALSE(allowed("POST", "/connectors/#/tasks"));   // refused by the router: not its internal route
    CHECK_FALSE(allowed("POST", "/connectors/c/tasks/"  "x"));
    CHECK_FALSE(allowed("GET", "/connectors/c/tasks"));     // another method: not internal
    CHECK_FALSE(basic_auth::from_file(temp_file("user=password\n"), false)->allows(
        routes.find("POST", "/connectors/c/tasks"), with_headers("POST", "/connectors/c/tasks", {})));

    CHECK(basic_auth::from_file(temp_file(""), true).err().code == errc::invalid_argument);
    CHECK_THAT(basic_auth::from_file("/no/such/credentials", true).err().message,
               Catch::Contains("/no/such/credentials"));
}

TEST_CASE("a forwarded request keeps the client's Authorization header, over http and https") {
    test_certificates certs;
    REQUIRE(certs.ok());
    // The worker that serves the request (the "leader"), with both listeners and auth on.
    router leader_routes;
    leader_routes.post("/connectors", [](request req, responder respond) {
        json::value body = json::value::make_object();
        body.set("served_by", "leader");
        body.set("target", req.target);
        respond(json_response(201, body));
    });
    net::tls_settings tls;
    tls.keystore_type = "PEM";
    tls.keystore_location = certs.server().keystore;
    auto leader = start(std::move(leader_routes),
                        {.listeners = {"http://127.0.0.1:0", "https://127.0.0.1:0"}, .tls = tls, .auth = users()});
    const auto bound = leader->listeners();
    REQUIRE(bound.size() == 2);
    net::tls_settings trust;
    trust.truststore_type = "PEM";
    trust.truststore_location = certs.server().certificate;
    REQUIRE(net::configure_https_client(trust).ok());

    for (const auto& l : bound) {
        const std::string leader_url = l.protocol + "://127.0.0.1:" + std::to_string(l.port) + "/";
        router follower_routes;
        follower_routes.post("/connectors", [leader_url](request, responder respond) {
            respond(forward_response(leader_url));
        });
        auto follower = start(std::move(follower_routes), {.auth = users()});
        test_client client(follower->port());
        auto reply = client.request("POST", "/connectors", "{}", {{"Authorization", user_basic}});
        INFO(l.protocol << ": " << reply.body);
        CHECK(reply.status == 201);
        CHECK(reply.json().find("served_by")->as_string() == "leader");
        CHECK(reply.json().find("target")->as_string() == "/connectors?forward=false");
        CHECK(client.request("POST", "/connectors", "{}").status == 401);  // refused before forwarding
    }
}

TEST_CASE("a forwarded URL keeps the query but its forward flags, and adds forward=false") {
    CHECK(forwarded_url("http://leader:8083/", "/connectors") == "http://leader:8083/connectors?forward=false");
    CHECK(forwarded_url("http://leader:8083", "/connectors/a/restart?includeTasks=true&onlyFailed=false") ==
          "http://leader:8083/connectors/a/restart?includeTasks=true&onlyFailed=false&forward=false");
    CHECK(forwarded_url("http://l:1/", "/connectors?forward=true&expand=status&forward&") ==
          "http://l:1/connectors?expand=status&forward=false");
    CHECK(forwarded_url("http://l:1/", "/connectors?") == "http://l:1/connectors?forward=false");
}

TEST_CASE("the Location of a forwarded answer names the worker the client called") {
    CHECK(relocated("http://10.0.0.1:8083/connectors/a", std::string("localhost:9000")) ==
          "http://localhost:9000/connectors/a");
    CHECK(relocated("/connectors/a%20b", std::string("w2:8083")) == "http://w2:8083/connectors/a%20b");
    CHECK(relocated("http://10.0.0.1:8083/connectors/a", std::nullopt) == "/connectors/a");
    CHECK(relocated("http://10.0.0.1:8083", std::string("w2:1")) == "http://w2:1/");
}
