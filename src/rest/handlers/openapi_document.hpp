#pragma once
// openapi_document: the OpenAPI 3.0 description of every public endpoint of Copycat's REST API —
// Kafka Connect's (docs/rest-api.md: paths, methods, query and path parameters, request
// bodies, responses with Kafka's JSON shapes and the {"error_code","message"} error body) plus
// Copycat's GET /metrics and GET /openapi.json. Served by GET /openapi.json.
//
// The operations are a table in openapi_document.cpp. The unit test openapi_document_test
// compares them with the routes connect_rest_api registers, so a route added without a document
// entry (or the reverse) fails the build's tests. Internal endpoints, called between workers only,
// are left out and listed by internal_routes().
//
// Pure functions; thread-safe.

#include <string>
#include <string_view>
#include <vector>

#include "common/json.hpp"

namespace copycat::rest::handlers {

struct documented_route {
    std::string method;         // "GET"
    std::string path_template;  // "/connectors/{connector}"
    friend bool operator==(const documented_route&, const documented_route&) = default;
};

// The whole document; `version` becomes info.version.
json::value openapi_document(std::string_view version);
// Every documented method + path, in document order.
std::vector<documented_route> documented_routes();
// Routes the router serves that the document leaves out on purpose (between workers only).
std::vector<documented_route> internal_routes();

}  // namespace copycat::rest::handlers
