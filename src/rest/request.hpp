#pragma once
// The request a REST handler receives. Plain data, independent of Beast: the session fills
// method, target, headers and body; the router fills path, raw_query, path_params and query.
// A request is owned by whoever holds it (handlers get it by value and may move it into an
// asynchronous continuation); it is not shared between threads, though its copies share the
// body's immutable bytes (request_body), which any thread may read.

#include <map>
#include <memory>
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

// A request body: immutable bytes that the copies of a request share. A body may be as large as
// the server's body limit (rest.max.request.bytes, docs/rest-api.md "Limits"), and a request is
// copied on its way (the forwarding responder keeps one, a handler's answer may capture one), so
// copying the bytes each time would multiply the memory a large request costs. When the last
// copy of a body of at least `large` bytes goes, the allocator is told to return its free memory
// to the system (malloc_trim): glibc would otherwise keep the pages of a large request's body and
// of what was parsed from it, and a worker's RSS would stay at its peak after a burst of them.
class request_body {
public:
    static constexpr std::size_t large = 1024 * 1024;

    request_body() = default;
    request_body(std::string bytes);
    request_body(const char* bytes) : request_body(std::string(bytes)) {}

    const std::string& str() const { return bytes_ ? *bytes_ : empty_text(); }
    operator std::string_view() const { return str(); }
    bool empty() const { return str().empty(); }
    std::size_t size() const { return str().size(); }
    void clear() { bytes_.reset(); }

private:
    static const std::string& empty_text();

    std::shared_ptr<const std::string> bytes_;
};

struct request {
    std::string method;   // upper case as received: "GET", "PUT", ...
    std::string target;   // raw request-target, e.g. "/connectors/a%20b/status?forward=true"
    header_list headers;  // as received, in order
    request_body body;    // the exact bytes received (request signatures are verified on these)

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
