#include "rest/error_mapping.hpp"

#include "common/errc.hpp"

namespace copycat::rest {

int http_status_for(std::error_code code) {
    const errc_info* row = find_errc_info(code);  // nullptr for other categories
    return row ? row->http_status : 500;
}

response error_response(int status, std::string_view message) {
    json::value body = json::value::make_object();
    body.set("error_code", status);
    body.set("message", message);
    return json_response(status, body);
}

response error_response(const error& e) { return error_response(http_status_for(e.code), e.describe()); }

response forward_response(std::string worker_url) {
    response r =
        error_response(409, "Cannot complete request because of a conflicting operation (e.g. worker rebalance)");
    r.forward_to = std::move(worker_url);
    return r;
}

}  // namespace copycat::rest
