#pragma once
// openapi_resource: GET /openapi.json — the OpenAPI 3 document of the REST API (openapi_document),
// built once. Beyond Kafka Connect. Thread-safe (immutable after construction).

#include <string>
#include <string_view>

#include "rest/router.hpp"

namespace copycat::rest::handlers {

class openapi_resource {
public:
    explicit openapi_resource(std::string_view version);

    void add_routes(router& routes);

private:
    const std::string text_;
};

}  // namespace copycat::rest::handlers
