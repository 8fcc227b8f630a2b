// The router without a network: matching, precedence, parameters and error answers.
#include <catch2/catch.hpp>

#include <optional>
#include <string>

#include "rest/router.hpp"

using namespace copycat;
using namespace copycat::rest;

namespace {

// Dispatches a request and returns what was answered synchronously.
std::optional<response> call(const router& r, std::string method, std::string target, std::string body = {}) {
    std::optional<response> answer;
    request req;
    req.method = std::move(method);
    req.target = std::move(target);
    req.body = std::move(body);
    r.dispatch(std::move(req), responder([&answer](response out) { answer = std::move(out); }));
    return answer;
}

router::handler echo(std::string name) {
    return [name](request req, responder respond) {
        json::value body = json::value::make_object();
        body.set("route", name);
        for (const auto& [key, value] : req.path_params) body.set(key, value);
        respond(json_response(200, body));
    };
}

}  // namespace

TEST_CASE("router lists its routes in registration order") {
    router r;
    r.get("/connectors", echo("list"))
        .post("/connectors", echo("create"))
        .del("/connectors/{connector}", echo("delete"));
    const std::vector<router::route_info> expected{
        {"GET", "/connectors"}, {"POST", "/connectors"}, {"DELETE", "/connectors/{connector}"}};
    CHECK(r.routes() == expected);
}

TEST_CASE("router matches templates and decodes each segment on its own") {
    router r;
    r.get("/", echo("root"));
    r.get("/connectors/{connector}", echo("info"));
    r.get("/connectors/{connector}/tasks/{task}/status", echo("task-status"));
    r.put("/connector-plugins/{plugin}/config/validate", echo("validate"));

    auto a = call(r, "GET", "/");
    REQUIRE(a);
    CHECK(a->body == R"({"route":"root"})");
    CHECK(call(r, "GET", "")->status == 400);  // not origin-form

    a = call(r, "GET", "/connectors/a%3Fb%20c+d%23");
    REQUIRE(a);
    CHECK(a->body == R"({"route":"info","connector":"a?b c+d#"})");
    CHECK(call(r, "GET", "/connectors/a%2Fb")->status == 400);  // as Kafka Connect's Jetty answers

    a = call(r, "GET", "/connectors/c1/tasks/0/status/");  // trailing slash tolerated
    REQUIRE(a);
    CHECK(a->body == R"({"route":"task-status","connector":"c1","task":"0"})");

    a = call(r, "PUT", "/connector-plugins/FileStreamSource/config/validate");
    REQUIRE(a);
    CHECK(a->body == R"({"route":"validate","plugin":"FileStreamSource"})");

    CHECK(call(r, "GET", "/connectors//tasks/0/status")->status == 400);  // an empty segment is refused
    CHECK(call(r, "GET", "/connectors/c1/tasks/0")->status == 404);
}

TEST_CASE("router prefers a literal segment over a parameter") {
    router r;
    r.get("/admin/{thing}", echo("param"));
    r.get("/admin/loggers", echo("literal"));
    CHECK(call(r, "GET", "/admin/loggers")->body == R"({"route":"literal"})");
    CHECK(call(r, "GET", "/admin/other")->body == R"({"route":"param","thing":"other"})");
}

TEST_CASE("router parses query parameters, keeping repeats and decoding '+'") {
    router r;
    std::optional<request> seen;
    r.get("/connectors", [&seen](request req, responder respond) {
        seen = req;
        respond(empty_response(204));
    });
    REQUIRE(call(r, "GET", "/connectors?expand=status&expand=info&forward=true&q=a+b%26c&flag")->status == 204);
    REQUIRE(seen);
    CHECK(seen->path == "/connectors");
    CHECK(seen->raw_query == "expand=status&expand=info&forward=true&q=a+b%26c&flag");
    CHECK(seen->query_values("expand") == std::vector<std::string_view>{"status", "info"});
    CHECK(seen->query_param("forward") == "true");
    CHECK(seen->query_param("q") == "a b&c");
    CHECK(seen->query_param("flag") == "");
    CHECK_FALSE(seen->query_param("missing").has_value());
}

TEST_CASE("router answers 404, 405 and malformed escapes with the JSON error body") {
    router r;
    r.get("/connectors/{connector}", echo("info"));
    r.del("/connectors/{connector}", echo("delete"));

    auto a = call(r, "GET", "/unknown/path");
    CHECK(a->status == 404);
    CHECK(a->content_type == "application/json");
    CHECK(a->body == R"({"error_code":404,"message":"HTTP 404 Not Found"})");

    a = call(r, "POST", "/connectors/c1");
    CHECK(a->status == 405);
    CHECK(a->body == R"({"error_code":405,"message":"HTTP 405 Method Not Allowed"})");
    REQUIRE(a->headers.size() == 1);
    CHECK(a->headers[0] == std::pair<std::string, std::string>{"Allow", "DELETE, GET, HEAD, OPTIONS"});

    a = call(r, "GET", "/connectors/bad%zzescape");
    CHECK(a->status == 400);
    CHECK(a->body == R"({"error_code":400,"message":"Malformed request URI: the request path has a malformed percent-encoding"})");
}

TEST_CASE("router turns a throwing or silent handler into 500") {
    router r;
    r.get("/throws", [](request, responder) -> void { throw std::runtime_error("it broke"); });
    r.get("/silent", [](request, responder) {});
    r.get("/answers-then-throws", [](request, responder respond) -> void {
        respond(empty_response(204));
        throw std::runtime_error("after the answer");
    });

    auto a = call(r, "GET", "/throws");
    CHECK(a->status == 500);
    CHECK(a->body == R"({"error_code":500,"message":"it broke"})");
    a = call(r, "GET", "/silent");
    CHECK(a->status == 500);
    CHECK(call(r, "GET", "/answers-then-throws")->status == 204);
}

TEST_CASE("responder delivers once, and a dropped responder answers 500") {
    int deliveries = 0;
    int last_status = 0;
    {
        responder respond([&](response r) {
            ++deliveries;
            last_status = r.status;
        });
        const responder copy = respond;
        CHECK(copy(empty_response(202)));
        CHECK_FALSE(respond(empty_response(204)));
        CHECK(respond.answered());
    }
    CHECK(deliveries == 1);
    CHECK(last_status == 202);

    {
        responder dropped([&](response r) { last_status = r.status; });
    }
    CHECK(last_status == 500);
}
