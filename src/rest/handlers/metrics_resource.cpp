#include "rest/handlers/metrics_resource.hpp"

#include <string>

namespace copycat::rest::handlers {

std::vector<endpoint> metrics_resource::endpoints() {
    return {
        {"GET", "/metrics",
         [this](request, responder respond) {
             response r;
             r.status = 200;
             r.content_type = std::string(metrics::exposition_content_type);
             if (registry_ != nullptr) r.body = registry_->expose();
             respond(std::move(r));
         },
         api_doc{"Copycat",
                 "Worker and task metrics in the Prometheus text format",
                 {},
                 nullptr,
                 {{200, "The exposition (README.md, Metrics)", nullptr, "text/plain; version=0.0.4"}}}},
    };
}

}  // namespace copycat::rest::handlers
