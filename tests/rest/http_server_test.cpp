// End-to-end tests of the REST HTTP layer: a real server on 127.0.0.1 port 0, driven by a
// blocking client. No fixed ports, no sleeps: waits are deadlines on I/O or condition variables.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>
#include <vector>

#include "rest/error_mapping.hpp"
#include "rest/http_server.hpp"
#include "rest/test_client.hpp"

using namespace copycat;
using namespace copycat::rest;
using copycat::rest::testing::test_client;
using namespace std::chrono_literals;

namespace {

http_server_options test_options() {
    http_server_options o;
    o.listener = "http://127.0.0.1:0";
    o.body_limit = 1024;
    o.read_timeout = 5s;
    o.shutdown_timeout = 5s;
    return o;
}

std::unique_ptr<http_server> start_server(router r, http_server_options o = test_options()) {
    auto server = std::make_unique<http_server>(std::move(r), std::move(o));
    const auto started = server->start();
    REQUIRE(started.ok());
    REQUIRE(server->port() != 0);
    return server;
}

// Hands a responder from a handler to the test thread.
struct mailbox {
    std::mutex mutex;
    std::condition_variable cv;
    std::optional<responder> held;

    void put(responder r) {
        std::lock_guard lock(mutex);
        held.emplace(std::move(r));
        cv.notify_all();
    }
    std::optional<responder> take(std::chrono::milliseconds deadline) {
        std::unique_lock lock(mutex);
        cv.wait_for(lock, deadline, [&] { return held.has_value(); });
        auto out = std::move(held);
        held.reset();
        return out;
    }
};

}  // namespace

TEST_CASE("server routes requests with decoded path parameters and repeated query parameters") {
    router r;
    r.get("/connectors/{connector}/tasks/{task}/status", [](request req, responder respond) {
        json::value body = json::value::make_object();
        body.set("connector", req.path_param("connector"));
        body.set("task", req.path_param("task"));
        respond(json_response(200, body));
    });
    r.get("/connectors", [](request req, responder respond) {
        json::value expand = json::value::make_array();
        for (auto v : req.query_values("expand")) expand.push_back(v);
        respond(json_response(200, expand));
    });
    auto server = start_server(std::move(r));
    test_client client(server->port());

    auto reply = client.request("GET", "/connectors/my%20conn%3Av2/tasks/3/status");
    REQUIRE(reply.status == 200);
    CHECK(reply.header("content-type") == "application/json");
    CHECK(reply.body == R"({"connector":"my conn:v2","task":"3"})");

    reply = client.request("GET", "/connectors/?expand=status&expand=info");
    REQUIRE(reply.status == 200);
    CHECK(reply.body == R"(["status","info"])");
}

TEST_CASE("server answers an unknown path with 404 and a wrong method with 405, as JSON") {
    router r;
    r.get("/connectors", [](request, responder respond) { respond(json_response(200, json::value::make_array())); });
    r.post("/connectors", [](request, responder respond) { respond(empty_response(201)); });
    auto server = start_server(std::move(r));
    test_client client(server->port());

    auto reply = client.request("GET", "/nope");
    CHECK(reply.status == 404);
    CHECK(reply.body == R"({"error_code":404,"message":"HTTP 404 Not Found"})");
    CHECK(reply.keep_alive);

    reply = client.request("DELETE", "/connectors");
    CHECK(reply.status == 405);
    CHECK(reply.body == R"({"error_code":405,"message":"HTTP 405 Method Not Allowed"})");
    CHECK(reply.header("allow") == "GET, HEAD, OPTIONS, POST");
}

TEST_CASE("server answers a malformed JSON body with 400 and the error body") {
    router r;
    r.post("/connectors", [](request req, responder respond) {
        auto body = parse_json_body(req);
        if (!body) return void(respond(error_response(body.err())));
        respond(json_response(201, *body));
    });
    auto server = start_server(std::move(r));
    test_client client(server->port());

    auto reply = client.request("POST", "/connectors", R"({"name": "x", )");
    REQUIRE(reply.status == 400);
    const auto err = reply.json();
    CHECK(err.find("error_code")->as_int64() == 400);
    CHECK_THAT(err.find("message")->as_string(), Catch::Contains("Invalid JSON"));

    reply = client.request("POST", "/connectors", R"({"name":"x"})", {{"Content-Type", "application/json; charset=utf-8"}});
    CHECK(reply.status == 201);
    CHECK(reply.body == R"({"name":"x"})");
}

TEST_CASE("HEAD answers with the GET route's status and headers and no body; OPTIONS with Allow") {
    router r;
    r.get("/connectors", [](request, responder respond) { respond(json_response(200, json::value("abc"))); });
    r.post("/connectors", [](request, responder respond) { respond(empty_response(204)); });
    r.post("/connectors/{connector}/restart", [](request, responder respond) { respond(empty_response(204)); });
    auto server = start_server(std::move(r));
    test_client client(server->port());

    auto head = client.request("HEAD", "/connectors");
    CHECK(head.status == 200);
    CHECK(head.header("content-length") == "5");  // "abc" as JSON
    CHECK(head.header("content-type") == "application/json");
    CHECK(head.body.empty());
    CHECK(head.keep_alive);
    CHECK(client.request("GET", "/connectors").body == R"("abc")");  // the connection serves on

    auto options = client.request("OPTIONS", "/connectors");
    CHECK(options.status == 200);
    CHECK(options.header("allow") == "GET, HEAD, OPTIONS, POST");
    CHECK(options.body.empty());
    CHECK(client.request("OPTIONS", "/connectors/c/restart").header("allow") == "OPTIONS, POST");

    auto not_get = client.request("HEAD", "/connectors/c/restart");
    CHECK(not_get.status == 405);
    CHECK(not_get.header("allow") == "OPTIONS, POST");
    CHECK(client.request("OPTIONS", "/nowhere").status == 404);
}

TEST_CASE("server refuses a body over the limit with 413 and closes the connection") {
    router r;
    r.post("/connectors", [](request, responder respond) { respond(empty_response(204)); });
    auto server = start_server(std::move(r));
    test_client client(server->port());

    auto reply = client.request("POST", "/connectors", std::string(2000, 'x'));
    REQUIRE(reply.status == 413);
    CHECK(reply.json().find("error_code")->as_int64() == 413);
    CHECK_FALSE(reply.keep_alive);
    CHECK(client.wait_closed(5s));
}

TEST_CASE("server refuses a chunked body with 413 as soon as it passes the limit") {
    router r;
    r.post("/connectors", [](request, responder respond) { respond(empty_response(204)); });
    auto server = start_server(std::move(r));
    test_client client(server->port());

    // 2000 bytes in one chunk, and the body never ends: the answer cannot wait for its end.
    REQUIRE(client.send_raw("POST /connectors HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                            "Transfer-Encoding: chunked\r\n\r\n7d0\r\n" +
                            std::string(2000, 'x') + "\r\n"));
    const auto reply = client.read_reply();
    REQUIRE(reply.status == 413);
    CHECK(reply.body == R"({"error_code":413,"message":"Request body is larger than the limit of 1024 bytes"})");
    CHECK(client.wait_closed(5s));
}

TEST_CASE("server answers Expect: 100-continue before the body arrives") {
    router r;
    r.put("/echo", [](request req, responder respond) { respond(json_response(200, json::value(req.body.str()))); });
    auto server = start_server(std::move(r));
    test_client client(server->port());

    REQUIRE(client.send_raw("PUT /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4\r\n"
                            "Expect: 100-continue\r\n\r\n"));
    CHECK(client.read_reply().status == 100);
    REQUIRE(client.send_raw("abcd"));
    const auto reply = client.read_reply();
    CHECK(reply.status == 200);
    CHECK(reply.body == R"("abcd")");
}

TEST_CASE("a handler may respond later from another thread") {
    mailbox box;
    router r;
    r.get("/slow", [&box](request, responder respond) { box.put(std::move(respond)); });
    auto server = start_server(std::move(r));

    std::ostringstream answering_thread;
    std::thread answerer([&] {
        auto respond = box.take(10s);
        if (!respond) return;
        answering_thread << std::this_thread::get_id();
        json::value body = json::value::make_object();
        body.set("from", answering_thread.str());
        CHECK((*respond)(json_response(200, body)));
        CHECK_FALSE((*respond)(empty_response(204)));  // only the first answer counts
    });
    test_client client(server->port());
    const auto reply = client.request("GET", "/slow");
    answerer.join();
    REQUIRE(reply.status == 200);
    CHECK(reply.json().find("from")->as_string() == answering_thread.str());
}

TEST_CASE("server keeps the connection alive across requests") {
    std::atomic<int> calls{0};
    router r;
    r.get("/", [&calls](request, responder respond) {
        ++calls;
        respond(json_response(200, json::value("ok")));
    });
    auto server = start_server(std::move(r));
    test_client client(server->port());

    const auto first = client.request("GET", "/");
    const auto second = client.request("GET", "/");
    CHECK(first.status == 200);
    CHECK(first.keep_alive);
    CHECK(second.status == 200);
    CHECK(second.error.empty());
    CHECK(calls == 2);
}

TEST_CASE("server drops a client that sends half a request within the read timeout") {
    router r;
    r.post("/connectors", [](request, responder respond) { respond(empty_response(204)); });
    auto options = test_options();
    options.read_timeout = 200ms;
    auto server = start_server(std::move(r), options);
    test_client client(server->port());

    REQUIRE(client.send_raw("POST /connectors HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"na"));
    const auto begun = std::chrono::steady_clock::now();
    CHECK(client.wait_closed(10s));
    CHECK(std::chrono::steady_clock::now() - begun < 9s);
}

TEST_CASE("a throwing handler produces 500 and the server keeps serving") {
    router r;
    r.get("/boom", [](request, responder) -> void { throw std::runtime_error("kaboom"); });
    r.get("/fine", [](request, responder respond) { respond(empty_response(204)); });
    auto server = start_server(std::move(r));
    test_client client(server->port());

    const auto reply = client.request("GET", "/boom");
    CHECK(reply.status == 500);
    CHECK(reply.body == R"({"error_code":500,"message":"kaboom"})");
    const auto next = client.request("GET", "/fine");
    CHECK(next.status == 204);
    CHECK(next.body.empty());
    CHECK(next.header("content-length").empty());
}

TEST_CASE("server maps errors to statuses with Kafka Connect's error body") {
    router r;
    r.get("/missing", [](request, responder respond) {
        respond(error_response(make_error(errc::not_found, "Connector c1 not found")));
    });
    auto server = start_server(std::move(r));
    test_client client(server->port());
    const auto reply = client.request("GET", "/missing");
    CHECK(reply.status == 404);
    CHECK(reply.body == R"({"error_code":404,"message":"Connector c1 not found"})");
}

TEST_CASE("stop closes an open idle connection and returns promptly") {
    router r;
    r.get("/", [](request, responder respond) { respond(json_response(200, json::value("ok"))); });
    auto server = start_server(std::move(r));
    test_client client(server->port());
    REQUIRE(client.request("GET", "/").status == 200);

    const auto begun = std::chrono::steady_clock::now();
    server->stop();
    CHECK(std::chrono::steady_clock::now() - begun < 4s);  // well under shutdown_timeout
    CHECK(client.wait_closed(5s));
    server->stop();  // idempotent
}

TEST_CASE("stop gives up on an unanswered request and a late answer is harmless") {
    mailbox box;
    router r;
    r.get("/never", [&box](request, responder respond) { box.put(std::move(respond)); });
    auto options = test_options();
    options.shutdown_timeout = 100ms;
    auto server = start_server(std::move(r), options);

    testing::http_reply reply;
    std::thread caller([&] {
        test_client client(server->port());
        reply = client.request("GET", "/never");
    });
    auto respond = box.take(10s);
    REQUIRE(respond.has_value());
    server->stop();
    caller.join();
    CHECK(reply.status == 0);                // the connection was closed without an answer
    CHECK((*respond)(empty_response(204)));  // delivered into a closed gate: dropped, no crash
    respond.reset();  // before the server: it holds a strand of the server's io_context
    server.reset();
}

TEST_CASE("server listens on all interfaces for http://:0 and refuses https without a keystore") {
    router r;
    r.get("/", [](request, responder respond) { respond(json_response(200, json::value("ok"))); });
    auto options = test_options();
    options.listener = "http://:0";
    auto server = start_server(std::move(r), options);
    CHECK_FALSE(server->local_address().empty());
    test_client client(server->port());  // reaches the wildcard listener over IPv4 loopback
    CHECK(client.request("GET", "/").status == 200);
    CHECK_FALSE(server->start().ok());  // one-shot

    options.listener = "https://127.0.0.1:0";  // https_listener_test.cpp serves TLS
    http_server tls(router{}, options);
    const auto started = tls.start();
    REQUIRE_FALSE(started.ok());
    CHECK(started.err().code == errc::invalid_argument);

    options.listener = "127.0.0.1:8083";
    http_server bad(router{}, options);
    CHECK(bad.start().err().code == errc::invalid_argument);
}

TEST_CASE("a server with several listeners binds all of them or none") {
    auto first = start_server(router{});  // holds a port
    auto options = test_options();
    options.listeners = {"http://127.0.0.1:0", "http://127.0.0.1:" + std::to_string(first->port())};
    http_server second(router{}, options);
    const auto started = second.start();
    REQUIRE_FALSE(started.ok());
    CHECK(started.err().code == errc::io_error);
    CHECK(second.listeners().empty());
    CHECK(second.port() == 0);

    options.listeners = {"http://127.0.0.1:0", "http://127.0.0.1:0"};
    auto both = start_server(router{}, options);
    const auto bound = both->listeners();
    REQUIRE(bound.size() == 2);
    CHECK(bound[0].port != bound[1].port);
    CHECK(bound[1].protocol == "http");
    CHECK(bound[1].local_address == "127.0.0.1:" + std::to_string(bound[1].port));
}

TEST_CASE("idle and slow connections neither block the server nor outlive its read timeout") {
    router r;
    r.get("/", [](request, responder respond) { respond(json_response(200, json::value("ok"))); });
    auto options = test_options();
    options.read_timeout = 2s;
    auto server = start_server(std::move(r), options);

    // 100 connections that send nothing, 100 that send a request a byte every 100 ms up to well
    // before the read timeout and never finish it (progress does not extend the timeout). The
    // clock starts before the first connection, so every connection's timeout ends after the
    // sending window, however slowly a loaded machine opens them.
    constexpr int each = 100;
    const auto opened = std::chrono::steady_clock::now();
    std::vector<std::unique_ptr<test_client>> idle;
    std::vector<std::unique_ptr<test_client>> slow;
    for (int i = 0; i < each; ++i) {
        idle.push_back(std::make_unique<test_client>(server->port()));
        slow.push_back(std::make_unique<test_client>(server->port()));
    }
    const std::string request_text = "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + std::string(64, 's');
    std::chrono::milliseconds slowest_answer{0};
    std::size_t sent = 0;
    while (std::chrono::steady_clock::now() - opened < 3s) {
        if (std::chrono::steady_clock::now() - opened < 1500ms) {
            for (auto& c : slow) REQUIRE(c->send_raw(request_text.substr(sent, 1)));
            ++sent;
        }
        const auto asked = std::chrono::steady_clock::now();
        test_client fresh(server->port());
        REQUIRE(fresh.request("GET", "/").status == 200);
        slowest_answer = std::max(slowest_answer, std::chrono::duration_cast<std::chrono::milliseconds>(
                                                      std::chrono::steady_clock::now() - asked));
        std::this_thread::sleep_for(100ms);  // the slow clients' pace, not a wait for the server
    }
    std::cout << "REST answered within " << slowest_answer.count() << " ms beside " << 2 * each
              << " idle and slow connections\n";
    // A server blocked by those connections would answer only once their read timeout (2 s) freed
    // it; half of it leaves room for a loaded machine.
    CHECK(slowest_answer < 1s);
    // The server closed every one of them after its read timeout.
    for (auto& c : idle) CHECK(c->wait_closed(5s));
    for (auto& c : slow) CHECK(c->wait_closed(5s));
    CHECK(sent > 5);
}
