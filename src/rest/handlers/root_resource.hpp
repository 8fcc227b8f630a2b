#pragma once
// root_resource: GET / (version, commit, Kafka cluster id) and GET /health (Kafka:
// RootResource). The health check asks the herder's thread to answer within 10 s: 200 healthy,
// 503 while the worker is starting, 500 when the herder does not answer.
//
// herder_requests must outlive the router the routes are added to. Thread-safe.

#include <chrono>
#include <vector>

#include "rest/handlers/endpoint.hpp"
#include "rest/handlers/entities_json.hpp"
#include "rest/handlers/herder_requests.hpp"

namespace copycat::rest::handlers {

class root_resource {
public:
    root_resource(herder_requests& requests, server_info info,
                  std::chrono::milliseconds health_check_timeout = std::chrono::seconds(10))
        : requests_(requests), info_(std::move(info)), health_timeout_(health_check_timeout) {}

    std::vector<endpoint> endpoints();

private:
    void health(const responder& respond);

    herder_requests& requests_;
    const server_info info_;
    const std::chrono::milliseconds health_timeout_;
};

}  // namespace copycat::rest::handlers
