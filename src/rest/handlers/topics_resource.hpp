#pragma once
// topics_resource: GET /connectors/{c}/topics and PUT /connectors/{c}/topics/reset (KIP-558;
// Kafka: the topic endpoints of ConnectorsResource).
//
//   GET   200 {"<c>":{"topics":["t1","t2"]}} (an unknown connector has none)
//   PUT   202, no body
//   403 "Topic tracking is disabled." when topic.tracking.enable=false, and for the reset
//   403 "Topic tracking reset is disabled." when topic.tracking.allow.reset=false.
//
// herder_requests must outlive the router. Thread-safe.

#include <vector>

#include "rest/handlers/endpoint.hpp"
#include "rest/handlers/herder_requests.hpp"

namespace copycat::rest::handlers {

struct topic_tracking {
    bool enable = true;       // topic.tracking.enable
    bool allow_reset = true;  // topic.tracking.allow.reset
};

class topics_resource {
public:
    topics_resource(herder_requests& requests, topic_tracking tracking) : requests_(requests), tracking_(tracking) {}

    std::vector<endpoint> endpoints();

private:
    herder_requests& requests_;
    const topic_tracking tracking_;
};

}  // namespace copycat::rest::handlers
