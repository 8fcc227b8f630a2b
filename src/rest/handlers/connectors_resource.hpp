#pragma once
// connectors_resource: the /connectors endpoints (Kafka: ConnectorsResource) — list, create,
// info, config (GET/PUT/PATCH), status, tasks, task status, pause/resume/stop, restarts, delete.
// Status codes, bodies and messages as Kafka Connect's (docs/rest-api.md#status-codes-and-errors).
//
// Handlers answer asynchronously through herder_requests, which must outlive the router the
// routes are added to. Thread-safe (the shared herder_requests, and the listing cache, which
// serves GET /connectors?expand=... without the herder loop).

#include <vector>

#include "rest/handlers/endpoint.hpp"
#include "rest/handlers/herder_requests.hpp"
#include "rest/handlers/listing_cache.hpp"

namespace copycat::rest::handlers {

class connectors_resource {
public:
    explicit connectors_resource(herder_requests& requests) : requests_(requests) {}

    std::vector<endpoint> endpoints();

private:
    void list(const request& req, const responder& respond);
    void create(const request& req, const responder& respond);
    void put_config(const request& req, const responder& respond);
    void patch_config(const request& req, const responder& respond);
    void restart(const request& req, const responder& respond);

    herder_requests& requests_;
    listing_cache listings_;
};

}  // namespace copycat::rest::handlers
