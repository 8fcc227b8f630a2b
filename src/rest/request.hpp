#pragma once
// The request a REST handler receives. Plain data, independent of Beast: the session fills
// method, target, headers and body; the router fills path, raw_query, path_params and query.
// A request is owned by whoever holds it (handlers get it by value and may move it into an
// asynchronous continuation); it is not shared between threads.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/json.hpp"
#include "common/result.hpp"
#include "rest/uri.hpp"

namespace copycat::rest {

using header_list = std::vector<std::pair<std::string, std::string>>;

struct request {
    std::string method;   // upper case as received: "GET", "PUT", ...
    std::string target;   // raw request-target, e.g. "/connectors/a%20b/status?forward=true"
    header_list headers;  // as received, in order
    std::string body;     // the exact bytes received (request signatures are verified on these)

    // Filled by the router.
    std::string path;                                // raw (encoded) path part of target
    std::string raw_query;                           // raw text after '?', empty when absent
    std::map<std::string, std::string> path_params;  // template name -> percent-decoded segment
    query_params query;                              // decoded, in order, names may repeat

    // A path parameter by template name; empty when the route has no such parameter.
    std::string_view path_param(std::string_view name) const;
    // First value of a query parameter, nullopt when absent.
    std::optional<std::string_view> query_param(std::string_view name) const;
    // Every value of a repeatable query parameter, in order.
    std::vector<std::string_view> query_values(std::string_view name) const;
    // First header with this name (case-insensitive), nullopt when absent.
    std::optional<std::string_view> header(std::string_view name) const;
};

// Parses the body as JSON. A malformed or empty body gives an invalid_argument error whose
// message is meant for the client (error_response turns it into 400).
result<json::value> parse_json_body(const request& req);

}  // namespace copycat::rest
