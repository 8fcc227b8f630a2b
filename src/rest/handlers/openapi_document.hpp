#pragma once
// openapi_document: the OpenAPI 3.0 description of every public endpoint of Copycat's REST API —
// Kafka Connect's (docs/rest-api.md: paths, methods, query and path parameters, request
// bodies, responses with Kafka's JSON shapes and the {"error_code","message"} error body) plus
// Copycat's GET /metrics and GET /openapi.json. Served by GET /openapi.json.
//
// It describes the rows of the route table (endpoint.hpp) that carry an api_doc, in table order;
// internal rows (between workers only) are left out.
//
// Pure functions; thread-safe.

#include <string_view>
#include <vector>

#include "common/json.hpp"
#include "rest/handlers/endpoint.hpp"

namespace copycat::rest::handlers {

// The whole document; `version` becomes info.version.
json::value openapi_document(std::string_view version, const std::vector<endpoint>& endpoints);

}  // namespace copycat::rest::handlers
