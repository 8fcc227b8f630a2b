#include "ui/dashboard_routes.hpp"

#include <string>

#include "rest/error_mapping.hpp"
#include "ui/ui_assets.hpp"

namespace copycat::ui {
namespace {

// Only this worker's own files and API: no external host can be loaded even by mistake, which
// keeps the dashboard air-gapped, and no other site may frame it.
constexpr std::string_view content_security_policy = "default-src 'self'; frame-ancestors 'none'";

const asset* find_asset(std::string_view path) {
    for (const asset& a : assets()) {
        if (a.path == path) return &a;
    }
    return nullptr;
}

// If-None-Match lists ETags ("a", W/"b") or is "*"; a listed current ETag means the copy is fresh.
bool etag_matches(const rest::request& req, std::string_view etag) {
    auto header = req.header("If-None-Match");
    return header && (*header == "*" || header->find(etag) != std::string_view::npos);
}

}  // namespace

rest::response dashboard_file(std::string_view path, const rest::request& req) {
    const asset* a = find_asset(path.empty() ? "index.html" : path);
    if (a == nullptr) return rest::error_response(404, "No such dashboard file: " + std::string(path));
    rest::response r = rest::empty_response(200);
    r.with_header("ETag", std::string(a->etag))
        .with_header("Cache-Control", "no-cache")
        .with_header("X-Content-Type-Options", "nosniff")
        .with_header("Content-Security-Policy", std::string(content_security_policy));
    if (etag_matches(req, a->etag)) {
        r.status = 304;
        return r;
    }
    r.content_type = std::string(a->content_type);
    r.body = std::string(a->body);
    return r;
}

void add_dashboard_routes(rest::router& routes) {
    routes.get("/ui", [](rest::request req, rest::responder respond) {
        // The router also matches "/ui/" here; only "/ui" itself is redirected.
        if (!req.path.ends_with('/')) return respond(rest::empty_response(302).with_header("Location", "ui/")), void();
        respond(dashboard_file("", req));
    });
    routes.get("/ui/{file}", [](rest::request req, rest::responder respond) {
        respond(dashboard_file(req.path_param("file"), req));
    });
}

}  // namespace copycat::ui
