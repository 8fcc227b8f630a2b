#include "rest/handlers/openapi_resource.hpp"

#include "common/json.hpp"
#include "rest/handlers/openapi_document.hpp"
#include "rest/response.hpp"

namespace copycat::rest::handlers {

void openapi_resource::describe(std::string_view version, const std::vector<endpoint>& endpoints) {
    text_ = json::dump(openapi_document(version, endpoints));
}

std::vector<endpoint> openapi_resource::endpoints() {
    return {
        {"GET", "/openapi.json",
         [this](request, responder respond) {
             response r;
             r.status = 200;
             r.content_type = std::string(json_content_type);
             r.body = text_;
             respond(std::move(r));
         },
         api_doc{"Copycat", "This document", {}, nullptr, {{200, "The OpenAPI 3 document", nullptr}}}},
    };
}

}  // namespace copycat::rest::handlers
