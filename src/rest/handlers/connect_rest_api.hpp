#pragma once
// connect_rest_api: every Kafka Connect REST resource on one router — /, /health, /connectors
// (with their offsets and topics), /connector-plugins, /admin/loggers — and Copycat's /metrics
// and /openapi.json. The resources' endpoint rows form one route table (endpoint.hpp), which
// both the router and the OpenAPI document read.
//
//   handlers::connect_rest_api api({.info = {"0.1.0", "abc123"}});
//   router routes;
//   api.add_routes(routes);
//   api.add_admin_routes(routes);                   // /admin/loggers: here, on admin listeners, or nowhere
//   http_server server(std::move(routes), {...});
//   api.use_timers(server.timers());                // request deadlines on the server's io_context
//   server.start();
//   ... build the herder (it needs the bound port for the worker id) ...
//   api.attach(herder);                             // requests before this get 503
//
// Ownership: the application owns it; it must outlive the http_server and the herder (herder
// callbacks reach back into it). Thread-safe.

#include <chrono>
#include <memory>
#include <vector>

#include "rest/handlers/connector_plugins_resource.hpp"
#include "rest/handlers/connectors_resource.hpp"
#include "rest/handlers/endpoint.hpp"
#include "rest/handlers/entities_json.hpp"
#include "rest/handlers/herder_requests.hpp"
#include "rest/handlers/logging_resource.hpp"
#include "rest/handlers/metrics_resource.hpp"
#include "rest/handlers/offsets_resource.hpp"
#include "rest/handlers/openapi_resource.hpp"
#include "rest/handlers/root_resource.hpp"
#include "rest/handlers/topics_resource.hpp"
#include "rest/router.hpp"

namespace copycat::rest::handlers {

struct rest_api_options {
    server_info info;
    std::chrono::milliseconds request_timeout{90'000};
    std::chrono::milliseconds health_check_timeout{10'000};
    // topic.tracking.enable / topic.tracking.allow.reset (KIP-558).
    topic_tracking topics{};
    // GET /metrics exposes this registry (the application's; null: an empty exposition).
    const metrics::registry* metrics = nullptr;
};

class connect_rest_api {
public:
    explicit connect_rest_api(rest_api_options options);

    // The route table: every endpoint, in the order of the OpenAPI document.
    std::vector<endpoint> endpoints();
    // Everything but the /admin endpoints.
    void add_routes(router& routes);
    // /admin/loggers (Kafka serves them on admin.listeners when that is set).
    void add_admin_routes(router& routes);
    void attach(herder::herder& h) { requests_.attach(h); }
    // The REST server's timers, for request deadlines (see request_timer).
    void use_timers(std::shared_ptr<scheduler> timers) { requests_.timer().use(std::move(timers)); }

private:
    herder_requests requests_;
    openapi_resource openapi_;
    metrics_resource metrics_;
    root_resource root_;
    connectors_resource connectors_;
    offsets_resource offsets_;
    topics_resource topics_;
    connector_plugins_resource plugins_;
    logging_resource loggers_;
};

}  // namespace copycat::rest::handlers
