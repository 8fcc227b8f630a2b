#pragma once
// offsets_resource: GET, PATCH and DELETE /connectors/{c}/offsets (KIP-875; Kafka: the offsets
// endpoints of ConnectorsResource).
//
//   GET     200 {"offsets":[{"partition":{...},"offset":{...}}]}
//   PATCH   body {"offsets":[...]} ("offset":null resets that partition); 200 {"message":"..."};
//           400 "Partitions / offsets need to be provided for an alter offsets request"
//   DELETE  resets every offset; 200 {"message":"..."}
//
// Changes need a STOPPED connector and run on the leader (the herder answers forward_to and
// the session forwards). herder_requests must outlive the router. Thread-safe.

#include <string>
#include <vector>

#include "common/json.hpp"
#include "common/result.hpp"
#include "herder_api/entities.hpp"
#include "rest/handlers/endpoint.hpp"
#include "rest/handlers/herder_requests.hpp"

namespace copycat::rest::handlers {

class offsets_resource {
public:
    explicit offsets_resource(herder_requests& requests) : requests_(requests) {}

    std::vector<endpoint> endpoints();

private:
    void alter(const request& req, const responder& respond);

    herder_requests& requests_;
};

// {"offsets":[...]} from herder offsets, and back. A partition or offset that is absent or null
// becomes "null"/nullopt; one that is not a JSON object, or a body that is not
// {"offsets":[{...}]}, is invalid_argument.
json::value offsets_to_json(const std::vector<herder::connector_offset>& offsets);
result<std::vector<herder::connector_offset>> offsets_from_json(const json::value& body);

}  // namespace copycat::rest::handlers
