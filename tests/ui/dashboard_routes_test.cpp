// The dashboard's routes without a network: every embedded file is served with its type and
// caching headers, ETags turn repeated requests into 304s, /ui is redirected to /ui/.
#include <catch2/catch.hpp>

#include <optional>
#include <string>

#include "rest/router.hpp"
#include "ui/dashboard_routes.hpp"
#include "ui/ui_assets.hpp"

using namespace copycat;

namespace {

std::optional<rest::response> get(const std::string& target, rest::header_list headers = {}) {
    rest::router routes;
    ui::add_dashboard_routes(routes);
    std::optional<rest::response> answer;
    rest::request req;
    req.method = "GET";
    req.target = target;
    req.headers = std::move(headers);
    routes.dispatch(std::move(req), rest::responder([&answer](rest::response out) { answer = std::move(out); }));
    return answer;
}

std::string header(const rest::response& r, std::string_view name) {
    for (const auto& [n, v] : r.headers) {
        if (n == name) return v;
    }
    return {};
}

}  // namespace

TEST_CASE("every embedded dashboard file is served whole with its Content-Type") {
    REQUIRE(ui::assets().size() >= 4);
    for (const ui::asset& a : ui::assets()) {
        INFO(a.path);
        auto r = get("/ui/" + std::string(a.path));
        REQUIRE(r);
        CHECK(r->status == 200);
        CHECK(r->body == a.body);
        CHECK_FALSE(r->body.empty());
        CHECK(r->content_type == a.content_type);
        CHECK(header(*r, "ETag") == a.etag);
        CHECK(header(*r, "Cache-Control") == "no-cache");
        CHECK(header(*r, "X-Content-Type-Options") == "nosniff");
    }
    auto js = get("/ui/app.js");
    REQUIRE(js);
    CHECK(js->content_type == "text/javascript; charset=utf-8");
    CHECK(js->body.find("import ") != std::string::npos);
}

TEST_CASE("/ui/ serves index.html and /ui redirects there") {
    auto index = get("/ui/");
    REQUIRE(index);
    CHECK(index->status == 200);
    CHECK(index->content_type == "text/html; charset=utf-8");
    CHECK(index->body.starts_with("<!doctype html>"));
    CHECK(header(*index, "Content-Security-Policy").starts_with("default-src 'self'"));

    auto bare = get("/ui");
    REQUIRE(bare);
    CHECK(bare->status == 302);
    CHECK(header(*bare, "Location") == "ui/");
}

TEST_CASE("a matching If-None-Match gets 304 without a body, another ETag the file") {
    auto first = get("/ui/style.css");
    REQUIRE(first);
    const std::string etag = header(*first, "ETag");
    REQUIRE(etag.size() > 2);

    auto again = get("/ui/style.css", {{"If-None-Match", etag}});
    REQUIRE(again);
    CHECK(again->status == 304);
    CHECK(again->body.empty());
    CHECK(header(*again, "ETag") == etag);

    auto stale = get("/ui/style.css", {{"If-None-Match", "\"0000\""}});
    REQUIRE(stale);
    CHECK(stale->status == 200);
    CHECK(stale->body == first->body);
}

TEST_CASE("an unknown dashboard file is a 404 with Kafka's error body") {
    auto r = get("/ui/no-such-file.js");
    REQUIRE(r);
    CHECK(r->status == 404);
    CHECK(r->body.find("\"error_code\":404") != std::string::npos);
}
