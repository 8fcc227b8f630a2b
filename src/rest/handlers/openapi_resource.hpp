#pragma once
// openapi_resource: GET /openapi.json — the OpenAPI 3 document of the route table
// (openapi_document.hpp), serialised once. Beyond Kafka Connect.
//
// connect_rest_api calls describe() once with the complete table, before the server starts;
// after that the resource is read-only and thread-safe.

#include <string>
#include <string_view>
#include <vector>

#include "rest/handlers/endpoint.hpp"

namespace copycat::rest::handlers {

class openapi_resource {
public:
    // Serialises the document of `endpoints` (this resource's own row included).
    void describe(std::string_view version, const std::vector<endpoint>& endpoints);

    std::vector<endpoint> endpoints();

private:
    std::string text_;
};

}  // namespace copycat::rest::handlers
