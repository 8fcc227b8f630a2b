#pragma once
// endpoint: one row of the REST API's route table — method, path template, handler, and what the
// OpenAPI document says about the operation. connect_rest_api hands the rows to the router, and
// openapi_document() describes the same rows, so an endpoint is added (or changed) in one place.
//
//   {"GET", "/connectors/{connector}/status", [this](request req, responder respond) { ... },
//    api_doc{"Connectors", "The state of a connector and its tasks", {}, nullptr,
//            {{200, "The status", "ConnectorStateInfo"}, replies::not_found}}},
//
// Path parameters are documented from the template ({task} as an integer, the others as
// strings). A row without api_doc is internal (called between workers only) and stays out of the
// document. Plain data; the handlers' threading is the router's.

#include <optional>
#include <string>
#include <vector>

#include "rest/router.hpp"

namespace copycat::rest::handlers {

struct query_param {
    const char* name;
    const char* type;  // "boolean", "string"
    const char* description;
    const char* default_value = nullptr;  // as JSON text of the type, e.g. "false"
    bool repeated = false;
    std::vector<const char*> values = {};  // enum
};

struct reply {
    int status;
    const char* description;
    const char* schema = nullptr;  // component name; nullptr: no body
    const char* media = "application/json";
    bool array = false;  // the body is an array of `schema`
};

// An OpenAPI operation.
struct api_doc {
    const char* tag;
    const char* summary;
    std::vector<query_param> query = {};
    const char* body = nullptr;  // component name of the request body
    std::vector<reply> replies = {};
    bool deprecated = false;
};

// Replies many operations share.
namespace replies {
// Kafka: RequestTargetException answered without a target, or a rebalance in progress.
inline const reply conflict{409, "A rebalance is in progress or the leader is unknown; retry", "ErrorMessage"};
inline const reply not_found{404, "No such connector", "ErrorMessage"};
inline const reply bad_request{400, "Malformed or invalid input", "ErrorMessage"};
}  // namespace replies

struct endpoint {
    std::string method;  // "GET"
    std::string path;    // "/connectors/{connector}"
    router::handler handle;
    std::optional<api_doc> doc;  // nullopt: internal, between workers only
};

}  // namespace copycat::rest::handlers
