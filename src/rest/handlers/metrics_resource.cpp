#include "rest/handlers/metrics_resource.hpp"

#include <string>

namespace copycat::rest::handlers {

void metrics_resource::add_routes(router& routes) {
    routes.get("/metrics", [this](request, responder respond) {
        response r;
        r.status = 200;
        r.content_type = std::string(metrics::exposition_content_type);
        if (registry_ != nullptr) r.body = registry_->expose();
        respond(std::move(r));
    });
}

}  // namespace copycat::rest::handlers
