#pragma once
// The response a REST handler produces: a status, an already-serialised body and extra headers.
// Plain data, independent of Beast; the session turns it into HTTP.

#include <memory>
#include <string>
#include <string_view>

#include "common/json.hpp"
#include "rest/request.hpp"

namespace copycat::rest {

inline constexpr std::string_view json_content_type = "application/json";

struct response {
    int status = 200;
    std::string body;          // sent as is
    // When set, sent instead of `body`: bytes shared with a cache (a listing page), not copied.
    std::shared_ptr<const std::string> shared_body;
    std::string content_type;  // empty: no Content-Type header (bodiless responses)
    header_list headers;       // extra headers, e.g. Location
    // Set when another worker must serve the request (the herder answered forward_to, see
    // forward_response()): the session forwards the request there instead of sending this response.
    std::string forward_to;

    // Adds a header (builder style): json_response(201, info).with_header("Location", url).
    response& with_header(std::string name, std::string value) &;
    response&& with_header(std::string name, std::string value) &&;
};

// `status` with a compact JSON body and Content-Type application/json.
response json_response(int status, const json::value& body);
// A response without a body (Content-Length: 0), e.g. 204 No Content or 202 Accepted.
response empty_response(int status = 204);

}  // namespace copycat::rest
