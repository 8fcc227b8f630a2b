#pragma once
// metrics_resource: GET /metrics — the worker's metrics registry in the Prometheus text exposition
// format (text/plain; version=0.0.4). Beyond Kafka Connect, which reports metrics through JMX;
// docs/metrics.md lists the names.
//
// The registry is the application's and must outlive the router its endpoint is added to. Without
// one the answer is an empty exposition. Thread-safe.

#include <vector>

#include "common/metrics.hpp"
#include "rest/handlers/endpoint.hpp"

namespace copycat::rest::handlers {

class metrics_resource {
public:
    explicit metrics_resource(const metrics::registry* registry) : registry_(registry) {}

    std::vector<endpoint> endpoints();

private:
    const metrics::registry* registry_;
};

}  // namespace copycat::rest::handlers
