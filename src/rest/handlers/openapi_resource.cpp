#include "rest/handlers/openapi_resource.hpp"

#include "common/json.hpp"
#include "rest/handlers/openapi_document.hpp"
#include "rest/response.hpp"

namespace copycat::rest::handlers {

openapi_resource::openapi_resource(std::string_view version) : text_(json::dump(openapi_document(version))) {}

void openapi_resource::add_routes(router& routes) {
    routes.get("/openapi.json", [this](request, responder respond) {
        response r;
        r.status = 200;
        r.content_type = std::string(json_content_type);
        r.body = text_;
        respond(std::move(r));
    });
}

}  // namespace copycat::rest::handlers
