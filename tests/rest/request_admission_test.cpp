// What the REST server decides from a request's header, before it reads the body: targets that
// could name another route (400), credentials on the matched route (401), writes that are not
// JSON (415), and a listener's caps on connections and body bytes (docs/security.md). Through a
// real server on port 0 with hand-made requests.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>

#include "rest/basic_auth.hpp"
#include "rest/error_mapping.hpp"
#include "rest/http_server.hpp"
#include "rest/test_client.hpp"

using namespace copycat;
using namespace copycat::rest;
using copycat::rest::testing::http_reply;
using copycat::rest::testing::test_client;
using namespace std::chrono_literals;

namespace {

const std::string user_basic = "Basic dXNlcjpwYXNzd29yZA==";  // user:password

// Counts what each handler was called for, so a test can tell which route a request reached.
struct calls {
    std::atomic<int> create{0};
    std::atomic<int> internal{0};
    std::atomic<int> restart{0};
};

router routes(calls& c) {
    router r;
    r.post("/connectors", [&c](request, responder respond) {
        ++c.create;
        respond(json_response(201, json::value::make_object()));
    });
    r.get("/connectors/{connector}", [](request, responder respond) {
        respond(json_response(200, json::value::make_object()));
    });
    r.put("/connectors/{connector}/config", [&c](request, responder respond) {
        ++c.create;
        respond(json_response(201, json::value::make_object()));
    });
    r.post("/connectors/{connector}/restart", [&c](request, responder respond) {
        ++c.restart;
        respond(empty_response(204));
    });
    r.add("POST", "/connectors/{connector}/tasks",
          [&c](request, responder respond) {
              ++c.internal;
              respond(empty_response(204));
          },
          router::access::internal);
    return r;
}

std::unique_ptr<http_server> start(router r, http_server_options o) {
    o.listener = "http://127.0.0.1:0";
    o.read_timeout = 5s;
    o.shutdown_timeout = 5s;
    auto server = std::make_unique<http_server>(std::move(r), std::move(o));
    const auto started = server->start();
    INFO((started.ok() ? std::string() : started.err().describe()));
    REQUIRE(started.ok());
    return server;
}

std::shared_ptr<const basic_auth> users() {
    return std::make_shared<const basic_auth>(std::map<std::string, std::string>{{"user", "password"}}, true);
}

std::string raw_request(const std::string& method, const std::string& target, const std::string& body,
                        const std::string& extra_headers = "Content-Type: application/json\r\n") {
    return method + " " + target + " HTTP/1.1\r\nHost: localhost\r\n" + extra_headers +
           "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

http_reply send(std::uint16_t port, const std::string& bytes) {
    test_client client(port);
    REQUIRE(client.send_raw(bytes));
    return client.read_reply();
}

const std::string connector_body = R"({"name":"evil","config":{"connector.class":"FileStreamSink","file":"/tmp/x"}})";

}  // namespace

TEST_CASE("a target that could name another route is refused before any handler, with or without basic auth") {
    // Each of these reached POST /connectors (or could, after another normalisation) when the
    // exemption of internal routes was decided on the raw target: "/connectors/#/tasks" created a
    // connector without credentials.
    const char* targets[] = {
        "/connectors/#/tasks",       "/connectors#/c/tasks",          "/connectors/c/tasks#",
        "//connectors",              "/connectors//tasks",            "/connectors/./c/tasks",
        "/connectors/c/../../connectors", "/connectors/%2E%2E/tasks", "/connectors/%2e/tasks",
        "/connectors;x=1",           "/connectors/c;x/tasks",         "/connectors/a%2Fb/tasks",
        "/connectors/a%2fb/tasks",   "/connectors/a%5Cb/tasks",       "/connectors\\c\\tasks",
        "/connectors/%00/tasks",     "/connectors/%zz/tasks",         "/connectors/%2/tasks",
        "http://localhost/connectors", "localhost:8083",              "*",
    };
    for (const bool with_auth : {false, true}) {
        calls c;
        auto server = start(routes(c), {.auth = with_auth ? users() : nullptr});
        for (const char* target : targets) {
            INFO("auth " << with_auth << ", POST " << target);
            const auto reply = send(server->port(), raw_request("POST", target, connector_body));
            CHECK(reply.status == 400);
            CHECK(reply.json().find("error_code") != nullptr);
        }
        CHECK(c.create == 0);
        CHECK(c.internal == 0);
    }
}

TEST_CASE("basic authentication is decided on the matched route: internal routes only where they are signed") {
    calls c;
    auto server = start(routes(c), {.auth = users()});
    // The internal route, matched after decoding: exempt (its handler verifies the signature).
    CHECK(send(server->port(), raw_request("POST", "/connectors/c/tasks?forward=true", "[]")).status == 204);
    CHECK(send(server->port(), raw_request("POST", "/connectors/%63/tasks/", "[]")).status == 204);
    CHECK(c.internal == 2);
    // Everything else needs credentials, unknown routes included.
    CHECK(send(server->port(), raw_request("POST", "/connectors", connector_body)).status == 401);
    CHECK(send(server->port(), raw_request("POST", "/connectors?x=/tasks", connector_body)).status == 401);
    CHECK(send(server->port(), raw_request("POST", "/connectors/c/tasks/x", "[]")).status == 401);
    CHECK(send(server->port(), raw_request("GET", "/connectors/c/tasks", "")).status == 401);
    CHECK(send(server->port(), raw_request("GET", "/no/such/route", "")).status == 401);
    CHECK(c.create == 0);
    CHECK(send(server->port(), raw_request("POST", "/connectors", connector_body,
                                           "Content-Type: application/json\r\nAuthorization: " + user_basic + "\r\n"))
              .status == 201);
    CHECK(c.create == 1);
}

TEST_CASE("credentials are checked when the header arrives, before the body is read or 100-continue is sent") {
    calls c;
    auto server = start(routes(c), {.auth = users()});
    {
        // A 16 MiB body announced with Expect: 100-continue: 401 at once, no 100 Continue.
        test_client client(server->port());
        REQUIRE(client.send_raw("POST /connectors HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                                "Expect: 100-continue\r\nContent-Length: 16777216\r\n\r\n"));
        const auto reply = client.read_reply();
        CHECK(reply.status == 401);
        CHECK_FALSE(reply.keep_alive);  // the unread body cannot be skipped: the connection closes
        CHECK(client.wait_closed(5s));
    }
    {
        // The same without Expect, the body not sent: the answer does not wait for it.
        test_client client(server->port());
        REQUIRE(client.send_raw("POST /connectors HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                                "Content-Length: 16777216\r\n\r\n{\"name\":"));
        CHECK(client.read_reply().status == 401);
    }
    CHECK(c.create == 0);
}

TEST_CASE("writes with a body must be JSON: 415 otherwise, as Kafka Connect answers") {
    calls c;
    auto server = start(routes(c), {});
    // A cross-site form or text/plain POST is a "simple" request a web page can send without a preflight.
    for (const char* headers : {"Content-Type: text/plain\r\n", "Content-Type: application/x-www-form-urlencoded\r\n",
                                "Content-Type: multipart/form-data; boundary=x\r\n", "",
                                "Content-Type: application/jsonx\r\n", "Content-Type: text/json\r\n"}) {
        INFO(headers);
        const auto reply = send(server->port(), raw_request("POST", "/connectors", connector_body, headers));
        CHECK(reply.status == 415);
        CHECK(reply.body == R"({"error_code":415,"message":"HTTP 415 Unsupported Media Type"})");
    }
    CHECK(send(server->port(), raw_request("PUT", "/connectors/c/config", connector_body, "Content-Type: text/plain\r\n"))
              .status == 415);
    CHECK(c.create == 0);
    for (const char* headers : {"Content-Type: application/json\r\n", "Content-Type: application/json; charset=UTF-8\r\n",
                                "Content-Type: Application/JSON\r\n", "content-type:  application/json ;charset=utf-8\r\n"}) {
        INFO(headers);
        CHECK(send(server->port(), raw_request("POST", "/connectors", connector_body, headers)).status == 201);
    }
    CHECK(c.create == 4);
    // A write without a body needs no Content-Type (curl -X POST .../restart).
    CHECK(send(server->port(), raw_request("POST", "/connectors/c/restart", "", "")).status == 204);
    CHECK(c.restart == 1);
}

TEST_CASE("a listener holds at most rest.max.pending.request.bytes of bodies: 503 before the body is read") {
    calls c;
    auto server = start(routes(c), {.body_limit = 1000, .max_pending_body_bytes = 1000});
    const std::string body = R"({"name":")" + std::string(580, 'x') + R"("})";  // 592 bytes
    test_client slow(server->port());
    const std::string request = raw_request("POST", "/connectors", body);
    const std::size_t head = request.size() - body.size();
    REQUIRE(slow.send_raw(request.substr(0, head + 10)));  // holds 592 bytes until the rest arrives

    // The slow request's reservation is taken once its header is read: poll until a second one is refused.
    const auto deadline = std::chrono::steady_clock::now() + 5s;
    http_reply refused;
    while (std::chrono::steady_clock::now() < deadline) {
        refused = send(server->port(), request);
        if (refused.status == 503) break;
        std::this_thread::sleep_for(10ms);
    }
    CHECK(refused.status == 503);
    CHECK(refused.header("retry-after") == "1");
    REQUIRE(slow.send_raw(request.substr(head + 10)));
    CHECK(slow.read_reply().status == 201);
    CHECK(send(server->port(), request).status == 201);  // released once the slow one was answered
}

TEST_CASE("a listener keeps at most rest.max.connections open: further ones are closed when accepted") {
    calls c;
    auto server = start(routes(c), {.max_connections = 2});
    auto first = std::make_unique<test_client>(server->port());
    test_client second(server->port());
    CHECK(first->request("GET", "/connectors/a").status == 200);
    CHECK(second.request("GET", "/connectors/a").status == 200);
    {
        test_client third(server->port());
        CHECK(third.wait_closed(5s));
    }
    first.reset();  // frees a place once the server has seen the close
    const auto deadline = std::chrono::steady_clock::now() + 5s;
    int status = 0;
    while (status != 200 && std::chrono::steady_clock::now() < deadline) {
        test_client next(server->port(), 1s);
        status = next.request("GET", "/connectors/a").status;
        if (status != 200) std::this_thread::sleep_for(10ms);
    }
    CHECK(status == 200);
}
