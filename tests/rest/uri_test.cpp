// Pure helpers of the REST layer: URI decoding, listener syntax, errc -> HTTP mapping, bodies.
#include <catch2/catch.hpp>

#include "rest/error_mapping.hpp"
#include "rest/listener_address.hpp"
#include "rest/request.hpp"
#include "rest/uri.hpp"

using namespace copycat;
using namespace copycat::rest;

TEST_CASE("percent_decode handles escapes, '+' and malformed input") {
    CHECK(percent_decode("a%20b%2Fc", false) == "a b/c");
    CHECK(percent_decode("a+b", false) == "a+b");
    CHECK(percent_decode("a+b", true) == "a b");
    CHECK(percent_decode("%e2%82%ac", false) == "\xe2\x82\xac");
    CHECK_FALSE(percent_decode("%", false).has_value());
    CHECK_FALSE(percent_decode("%2", false).has_value());
    CHECK_FALSE(percent_decode("%g0", false).has_value());
}

TEST_CASE("split_request_target and decode_path_segments keep %2F inside a segment") {
    const auto parts = split_request_target("/connectors/a%2Fb/status?expand=info");
    CHECK(parts.path == "/connectors/a%2Fb/status");
    CHECK(parts.query == "expand=info");
    CHECK(split_request_target("").path == "/");
    CHECK(split_request_target("/x?").query.empty());

    CHECK(decode_path_segments("/connectors/a%2Fb/status") == std::vector<std::string>{"connectors", "a/b", "status"});
    CHECK(decode_path_segments("/") == std::vector<std::string>{});
    CHECK(decode_path_segments("/connectors/") == std::vector<std::string>{"connectors"});
    CHECK(decode_path_segments("/a//b") == std::vector<std::string>{"a", "", "b"});
}

TEST_CASE("refused_target accepts only targets that name one path however they are normalised") {
    for (const char* ok : {"/", "/connectors", "/connectors/", "/connectors/a%20b/status?expand=info&x=%2F",
                           "/connectors/a%23b", "/connectors/50%25", "/connectors/a.b/..c", "/connectors?a=b;c"}) {
        INFO(ok);
        CHECK_FALSE(refused_target(ok).has_value());
    }
    for (const char* bad : {"", "connectors", "*", "http://h/connectors", "h:8083", "/a#b", "/a?b#c", "//", "/a//b",
                            "/./a", "/a/..", "/a/%2e%2E/b", "/a;b", "/a/%2F", "/a/%5c", "/a\\b", "/a/%0A", "/a/%7F",
                            "/a/%", "/a/%4", "/a/%x1", "/a b", "/a\x01", "/\xc3\xa9"}) {
        INFO(bad);
        CHECK(refused_target(bad).has_value());
    }
}

TEST_CASE("parse_listener accepts Kafka Connect's listeners syntax") {
    auto l = parse_listener("http://127.0.0.1:8083");
    REQUIRE(l.ok());
    CHECK(*l == listener_address{"http", "127.0.0.1", 8083});
    l = parse_listener("HTTP://:0");
    REQUIRE(l.ok());
    CHECK(*l == listener_address{"http", "", 0});
    l = parse_listener("https://[::1]:8443");
    REQUIRE(l.ok());
    CHECK(*l == listener_address{"https", "::1", 8443});
    l = parse_listener("http://connect-1.example.com:8083");
    REQUIRE(l.ok());
    CHECK(l->host == "connect-1.example.com");

    for (const char* bad : {"127.0.0.1:8083", "http://host", "http://host:port", "http://host:99999", "ftp://h:1",
                            "http://bad host:1", "http://h:-1"}) {
        INFO(bad);
        auto r = parse_listener(bad);
        REQUIRE_FALSE(r.ok());
        CHECK(r.err().code == errc::invalid_argument);
    }
    CHECK_THAT(parse_listener("x").err().message, Catch::Contains("protocol://hostname:port"));
}

TEST_CASE("errc maps to HTTP statuses in one place") {
    CHECK(http_status_for(errc::invalid_argument) == 400);
    CHECK(http_status_for(errc::not_found) == 404);
    CHECK(http_status_for(errc::already_exists) == 409);
    CHECK(http_status_for(errc::conflict) == 409);
    CHECK(http_status_for(errc::timeout) == 500);
    CHECK(http_status_for(errc::unavailable) == 503);
    CHECK(http_status_for(errc::internal) == 500);
    CHECK(http_status_for(errc::io_error) == 500);
    CHECK(http_status_for(std::make_error_code(std::errc::invalid_argument)) == 500);  // foreign category

    const auto r = error_response(make_error(errc::already_exists, "Connector c1 already exists"));
    CHECK(r.status == 409);
    CHECK(r.content_type == "application/json");
    CHECK(r.body == R"({"error_code":409,"message":"Connector c1 already exists"})");
    CHECK(error_response(500, "with \"quotes\"").body == R"({"error_code":500,"message":"with \"quotes\""})");
}

TEST_CASE("parse_json_body reports malformed and empty bodies as invalid_argument") {
    request req;
    req.body = R"({"name":"c1","config":{}})";
    auto ok = parse_json_body(req);
    REQUIRE(ok.ok());
    CHECK(ok->find("name")->as_string() == "c1");

    req.body = "{nope";
    auto bad = parse_json_body(req);
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.err().code == errc::invalid_argument);
    CHECK(error_response(bad.err()).status == 400);

    req.body.clear();
    CHECK_FALSE(parse_json_body(req).ok());
}

TEST_CASE("copies of a request share its body's bytes") {
    request req;
    req.body = std::string(request_body::large + 1, 'x');
    const request copy = req;  // as the forwarding responder and an answer's capture make
    CHECK(copy.body.str().data() == req.body.str().data());
    CHECK(copy.body.size() == request_body::large + 1);
    req.body.clear();  // the copy keeps them
    CHECK(copy.body.size() == request_body::large + 1);
    CHECK(req.body.empty());
}

TEST_CASE("request looks headers up case-insensitively") {
    request req;
    req.headers = {{"Content-Type", "application/json"}, {"X-Connect-Authorization", "abc="}};
    CHECK(req.header("content-type") == "application/json");
    CHECK(req.header("x-connect-authorization") == "abc=");
    CHECK_FALSE(req.header("authorization").has_value());
}

TEST_CASE("response builders set status, body and headers") {
    const auto created = json_response(201, json::value::make_object()).with_header("Location", "/connectors/c1");
    CHECK(created.status == 201);
    CHECK(created.body == "{}");
    CHECK(created.headers.at(0).second == "/connectors/c1");
    const auto none = empty_response();
    CHECK(none.status == 204);
    CHECK(none.body.empty());
    CHECK(none.content_type.empty());
}
