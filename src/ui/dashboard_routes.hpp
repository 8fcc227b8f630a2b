#pragma once
// The dashboard's routes: GET /ui/ answers index.html and GET /ui/<file> the other static files
// (ui_assets.hpp), with their Content-Type, an ETag (If-None-Match -> 304) and Cache-Control:
// no-cache, so a browser revalidates and picks up a new build at once. GET /ui (no slash) is
// redirected to /ui/, so that the page's relative URLs resolve under /ui/ and its API calls
// ("../connectors") reach the REST API, also behind a proxy that adds a path prefix.
//
//   rest::router routes;
//   api.add_routes(routes);
//   ui::add_dashboard_routes(routes);
//
// The dashboard is a client of the public REST API only (docs/dashboard.md); these routes
// are not part of that API, so they stay out of /openapi.json. Basic authentication, when on,
// applies to them like to every route: the browser asks for the credentials.

#include "rest/request.hpp"
#include "rest/response.hpp"
#include "rest/router.hpp"

namespace copycat::ui {

void add_dashboard_routes(rest::router& routes);

// The answer for the dashboard file at `path` ("" for index.html): 200, 304 when the request's
// If-None-Match names the current ETag, 404 for an unknown file.
rest::response dashboard_file(std::string_view path, const rest::request& req);

}  // namespace copycat::ui
