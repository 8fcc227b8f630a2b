#pragma once
// logging_resource: /admin/loggers (KIP-495, KIP-976; Kafka: LoggingResource) over Copycat's
// named loggers (common/logging.hpp explains which logger covers which module).
//
//   GET /admin/loggers           200 {"root":{"level":"INFO","last_modified":null}, ...}: the root
//                                and every logger with a level of its own
//   GET /admin/loggers/{name}    200 {"level":"DEBUG","last_modified":1730000000000}; 404
//                                "Logger <name> not found."
//   PUT /admin/loggers/{name}    body {"level":"DEBUG"}; ?scope=worker (default; an unknown scope
//                                too): 200 ["affected","loggers"]; ?scope=cluster: 204, every
//                                worker applies it (through the config topic in distributed mode)
//     400 "Desired 'level' parameter was not specified in request."
//     404 "invalid log level '<x>'."
//
// Worker-scope requests need no herder; cluster scope goes through herder_requests, which must
// outlive the router. Thread-safe.

#include <vector>

#include "rest/handlers/endpoint.hpp"
#include "rest/handlers/herder_requests.hpp"

namespace copycat::rest::handlers {

class logging_resource {
public:
    explicit logging_resource(herder_requests& requests) : requests_(requests) {}

    std::vector<endpoint> endpoints();

private:
    void set_level(const request& req, const responder& respond);

    herder_requests& requests_;
};

}  // namespace copycat::rest::handlers
