#pragma once
// connector_plugins_resource: /connector-plugins (Kafka: ConnectorPluginsResource) — the plugin
// list, a plugin's config keys, and config validation.
//
// herder_requests must outlive the router the routes are added to. Thread-safe.

#include <vector>

#include "rest/handlers/endpoint.hpp"
#include "rest/handlers/herder_requests.hpp"

namespace copycat::rest::handlers {

class connector_plugins_resource {
public:
    explicit connector_plugins_resource(herder_requests& requests) : requests_(requests) {}

    std::vector<endpoint> endpoints();

private:
    void validate(const request& req, const responder& respond);

    herder_requests& requests_;
};

}  // namespace copycat::rest::handlers
